/** CSV as the exports write it: the cells and lines every export shares. */

export type CsvCell = string | number | null | undefined;

/**
 * One cell as spreadsheets read it: quoted when it holds a comma, quote or line break; text that a
 * spreadsheet would run as a formula (=, +, -, @ first) gets a leading apostrophe, so a name typed as
 * '=HYPERLINK(...)' stays text. Numbers are written as they are.
 */
export function csvCell(value: CsvCell): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  const text = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Lines joined with CRLF, as RFC 4180 has it. */
export const csvText = (rows: readonly (readonly CsvCell[])[]) => rows.map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';
