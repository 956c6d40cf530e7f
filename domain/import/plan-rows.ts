import { DomainError } from '../errors.ts';
import { listText, momentText } from './cells.ts';
import type { FieldChange, PlannedRow, RowIssue } from './types.ts';

/** A row whose cells did not validate: every message, nothing to run. */
export const errorRow = <C>(line: number, key: string, errors: RowIssue[]): PlannedRow<C> => ({ line, key, action: 'error', changes: [], errors });

/**
 * Runs a domain decision for a row. A business rule that refuses it (DomainError) becomes the row's
 * error with the decision's own message, on the column it names.
 */
export function decideRow<T>(
  line: number,
  decide: () => T,
  columnOf: (field: string) => string = (field) => field,
): { value: T; errors: [] } | { value?: undefined; errors: RowIssue[] } {
  try {
    return { value: decide(), errors: [] };
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    return { errors: [{ line, column: error.path ? columnOf(error.path) : null, message: error.message }] };
  }
}

/** The first line each key was seen on, to refuse a row that repeats a key whose rows must be unique. */
export function repeatedKeys() {
  const seen = new Map<string, number>();
  return (line: number, key: string, what: string): RowIssue[] => {
    const first = seen.get(key);
    if (first === undefined) {
      seen.set(key, line);
      return [];
    }
    return [{ line, column: null, message: `Repeats line ${first}: one row per ${what}` }];
  };
}

/** A field's value as the file writes it: a list with ';', a moment at midnight UTC as its date, nothing as ''. */
export function cellText(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (Array.isArray(value)) return listText(value.map(String));
  return typeof value === 'string' ? momentText(value) : String(value);
}

/** Each field an update's event changes, from the value it replaces (`previous`) to the file's, for the preview. */
export const fieldChanges = (changes: object | undefined, previous: object | undefined): FieldChange[] =>
  Object.entries(changes ?? {}).map(([field, to]) => ({ field, from: cellText((previous as Record<string, unknown> | undefined)?.[field]), to: cellText(to) }));

/** An update's row: the fields it changes, by name and from old to new. */
export const updateRow = <C>(line: number, key: string, diff: FieldChange[], command: C): PlannedRow<C> => ({
  line, key, action: 'update', changes: diff.map((d) => d.field), diff, errors: [], command,
});
