/**
 * How one cell's text becomes a field value, and back. Every value travels as text in a CSV; these
 * rules are the same for every kind, so an exported file imports again unchanged.
 */

/** Separates the items of a list cell (skills): commas already separate the columns. */
export const LIST_SEPARATOR = ';';

const decimal = /^[+-]?\d+(\.\d+)?$/;

/**
 * A number cell: empty is "not given" (the field's own "required" message follows), anything but a
 * plain decimal is NaN so the field's range message follows. `Number()` alone would read ' ' as 0
 * and '0x10' as 16.
 */
export function numberCell(text: string): number | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return undefined;
  return decimal.test(trimmed) ? Number(trimmed) : Number.NaN;
}

/**
 * A list cell: items separated by ';' (or ',', as Float and Runn separate tags inside a quoted cell),
 * each trimmed, empty ones dropped.
 */
export const listCell = (text: string): string[] =>
  text.split(/[;,]/).map((item) => item.trim()).filter((item) => item !== '');

export const listText = (items: readonly string[]) => items.join(`${LIST_SEPARATOR} `);

const MIDNIGHT = 'T00:00:00.000Z';

/** A stored moment as a cell: a plain date when it is midnight UTC (what a date typed alone means), else the full time. */
export const momentText = (iso: string) => (iso.endsWith(MIDNIGHT) ? iso.slice(0, -MIDNIGHT.length) : iso);

// A spreadsheet runs a cell that starts with one of these as a formula (CSV injection): a description
// such as "=HYPERLINK(...)" would become a live link in a planner's spreadsheet.
const formulaStart = /^[=+\-@\t\r]/;

/** A text value as an exported cell: a leading quote keeps a spreadsheet from running it as a formula. */
export const guardCell = (text: string) => (formulaStart.test(text) ? `'${text}` : text);

/** The inverse on import: the quote an export put before such a cell is taken off again. */
export const unguardCell = (text: string) => (text.startsWith("'") && formulaStart.test(text.slice(1)) ? text.slice(1) : text);
