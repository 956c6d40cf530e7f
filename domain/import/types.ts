/** One data record of a CSV file: its cells, and the line of the file it starts on (the header is line 1). */
export type CsvRow = { line: number; cells: string[] };

/** A problem with one row (or with the header, line 1): the column it is about when there is one. */
export type RowIssue = { line: number; column: string | null; message: string };

export type RowAction = 'create' | 'update' | 'unchanged' | 'error';

/** One field an update changes: the value it has now and the file's, each written as the file writes it. */
export type FieldChange = { field: string; from: string; to: string };

/**
 * What importing one row will do. `key` names the row by its natural key (an email, a name...), so a
 * person can find it; `changes` lists the fields an update changes, `diff` each of them from its
 * value now to the file's; `command` is what the import runs.
 */
export type PlannedRow<C> = {
  line: number;
  key: string;
  action: RowAction;
  changes: string[];
  diff?: FieldChange[];
  errors: RowIssue[];
  command?: C;
};

export type ActionCounts = Record<RowAction, number>;

export function countActions(rows: readonly { action: RowAction }[]): ActionCounts {
  const counts: ActionCounts = { create: 0, update: 0, unchanged: 0, error: 0 };
  for (const row of rows) counts[row.action] += 1;
  return counts;
}
