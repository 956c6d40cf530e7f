/** What a capped list shows: the first `limit` items until the reader asks for all of them. */
export type Capped<T> = { shown: readonly T[]; total: number; hidden: number };

export function capList<T>(items: readonly T[], limit: number, expanded: boolean): Capped<T> {
  const shown = expanded || items.length <= limit ? items : items.slice(0, limit);
  return { shown, total: items.length, hidden: items.length - shown.length };
}

const count = (n: number) => n.toLocaleString('en-US');

/** 'Show all (1,014)' */
export const showAllLabel = (total: number) => `Show all (${count(total)})`;

/** 'Showing 20 of 1,014, most overloaded first'; nothing to say when every item shows. */
export function cappedCaption(capped: Capped<unknown>, order: string): string | null {
  if (capped.hidden === 0) return null;
  return `Showing ${count(capped.shown.length)} of ${count(capped.total)}, ${order}`;
}
