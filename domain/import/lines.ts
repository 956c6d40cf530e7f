import type { CsvRow } from './types.ts';

const lineBreaks = /\r\n|\r|\n/g;
const breaksIn = (cell: string) => cell.match(lineBreaks)?.length ?? 0;

/** A record with nothing in it: an empty line (or one of only separators) is skipped, not an error. */
const isBlank = (cells: readonly string[]) => cells.every((cell) => cell.trim() === '');

/**
 * Numbers the records a CSV parser returned (blank lines kept as records) by the line each starts on.
 * A quoted cell may hold line breaks, so a record can span lines: the next one starts after them.
 * Counted here rather than taken from the parser, whose own counter counts CR LF inside a quoted cell
 * as two lines. The first non-blank record is the header.
 */
export function numberRecords(records: readonly string[][]): { header: CsvRow | null; rows: CsvRow[] } {
  let line = 1;
  let header: CsvRow | null = null;
  const rows: CsvRow[] = [];
  for (const cells of records) {
    if (!isBlank(cells)) {
      if (header) rows.push({ line, cells });
      else header = { line, cells };
    }
    line += 1 + cells.reduce((sum, cell) => sum + breaksIn(cell), 0);
  }
  return { header, rows };
}
