/**
 * Pure helpers for edits made against a version that someone else has since changed (a 409): what the
 * other person changed, what this user changed, and the user's changes re-applied on the latest version.
 */

export type Values = Record<string, unknown>;

/** Equal as the API sees them: arrays element by element, everything else by value. */
export function sameValue(a: unknown, b: unknown): boolean {
  if (Array.isArray(a) || Array.isArray(b)) {
    return Array.isArray(a) && Array.isArray(b) && a.length === b.length && a.every((item, index) => sameValue(item, b[index]));
  }
  return Object.is(a, b) || (a == null && b == null);
}

/** The keys of `form` whose value differs from `base`. */
export const changedKeys = (base: Values, form: Values): string[] => Object.keys(form).filter((key) => !sameValue(base[key], form[key]));

/** `latest`, with every field this user changed (relative to `base`) set to their value. */
export function mergeMine<V extends Values>(base: V, mine: V, latest: V): V {
  const merged: Values = { ...latest };
  for (const key of changedKeys(base, mine)) merged[key] = mine[key];
  return merged as V;
}

export type FieldSpec = { key: string; label: string; format?: (value: unknown) => string };

export type ConflictRow = {
  key: string;
  label: string;
  /** As it was when this user opened it. */
  before: string;
  /** As it is saved now. */
  latest: string;
  /** What this user has in the form. */
  mine: string;
  changedByOther: boolean;
  changedByMe: boolean;
  /** Both changed it, to different values: re-applying puts this user's value over the other's. */
  clash: boolean;
};

const display = (value: unknown): string => {
  if (value == null || value === '') return '—';
  if (Array.isArray(value)) return value.length === 0 ? '—' : value.join(', ');
  return String(value);
};

/** One row per field that either side changed, in the order of `fields`. */
export function conflictRows(fields: readonly FieldSpec[], base: Values, mine: Values, latest: Values | null): ConflictRow[] {
  const rows: ConflictRow[] = [];
  for (const field of fields) {
    const format = (value: unknown) => (value == null || value === '' ? '—' : field.format ? field.format(value) : display(value));
    const changedByOther = latest !== null && !sameValue(base[field.key], latest[field.key]);
    const changedByMe = !sameValue(base[field.key], mine[field.key]);
    if (!changedByOther && !changedByMe) continue;
    rows.push({
      key: field.key,
      label: field.label,
      before: format(base[field.key]),
      latest: latest === null ? '—' : format(latest[field.key]),
      mine: format(mine[field.key]),
      changedByOther,
      changedByMe,
      clash: changedByOther && changedByMe && latest !== null && !sameValue(latest[field.key], mine[field.key]),
    });
  }
  return rows;
}

/** Picks `keys` of `values`. */
export const pick = <V extends Values>(values: V, keys: readonly string[]): Partial<V> =>
  Object.fromEntries(keys.filter((key) => key in values).map((key) => [key, values[key]])) as Partial<V>;
