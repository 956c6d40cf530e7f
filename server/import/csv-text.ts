import { CsvError, parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { guessKind, numberRecords, type ImportKind, type RowIssue } from '../../domain/import/index.ts';

/**
 * Every line end a file may use, CR LF first so it is one end, not two. The parser otherwise takes the
 * first end it meets for the whole file: a file edited on two systems (CR LF, then LF further down)
 * had its LF lines merged into one record ("This line has 16 cells; the header has 6").
 */
const LINE_ENDS = ['\r\n', '\n', '\r'];

/**
 * Reads CSV text into records (RFC 4180: quoted cells with commas, quotes and line breaks; CRLF, LF or both mixed;
 * a UTF-8 byte order mark dropped). Blank lines stay as records so the domain can number lines; rows of
 * another length are kept for the domain to report. Text that is not CSV at all (a quote never closed)
 * is one problem with the file, at the line the parser stopped on.
 */
export function readCsv(text: string): { records: string[][] } | { error: RowIssue } {
  try {
    return { records: parse(text, { bom: true, relax_column_count: true, skip_empty_lines: false, record_delimiter: LINE_ENDS }) as string[][] };
  } catch (error) {
    if (!(error instanceof CsvError)) throw error;
    const line = Number((error as CsvError & { lines?: number }).lines ?? 1);
    return { error: { line, column: null, message: `The file is not readable as CSV: ${error.message}` } };
  }
}

/** Records as CSV text: CRLF line ends (RFC 4180), a cell quoted only when it has to be. */
export const writeCsv = (records: readonly string[][]) => stringify(records as string[][], { record_delimiter: '\r\n' });

/** The kind of list a CSV file holds, from the columns its header names; null when no kind fits. */
export function kindOfCsv(text: string): ImportKind | null {
  const read = readCsv(text);
  if ('error' in read) return null;
  const header = numberRecords(read.records).header;
  return header ? guessKind(header.cells) : null;
}
