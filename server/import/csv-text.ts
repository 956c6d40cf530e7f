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
  const records = readWellFormedCsv(text);
  return records ? { records } : readCsvByParser(text);
}

/** What readCsv does with text that readWellFormedCsv does not read: the parser's records, or where it stopped and why. */
export function readCsvByParser(text: string): { records: string[][] } | { error: RowIssue } {
  try {
    return { records: parse(text, { bom: true, relax_column_count: true, skip_empty_lines: false, record_delimiter: LINE_ENDS }) as string[][] };
  } catch (error) {
    if (!(error instanceof CsvError)) throw error;
    const line = Number((error as CsvError & { lines?: number }).lines ?? 1);
    return { error: { line, column: null, message: `The file is not readable as CSV: ${error.message}` } };
  }
}

const COMMA = 44;
const QUOTE = 34;
const CR = 13;
const LF = 10;

/**
 * The records of a well-formed file exactly as the parser (readCsvByParser) reads them, several times faster (an
 * import of a time tracker's export is 100,000 lines): cells split at commas, quoted cells with their
 * quotes doubled, records at CR LF, LF or CR, a blank line one empty cell, no record after the last line
 * end, one byte order mark dropped. Undefined at anything the parser refuses (a quote inside an unquoted
 * cell, text after a closing quote, a quote never closed), so the parser reads such a file and says why.
 */
export function readWellFormedCsv(text: string): string[][] | undefined {
  const end = text.length;
  let at = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  const records: string[][] = [];
  if (at >= end) return records;
  let record: string[] = [];
  for (;;) {
    if (text.charCodeAt(at) === QUOTE) {
      let cell = '';
      let from = at + 1;
      for (;;) {
        const quote = text.indexOf('"', from);
        if (quote < 0) return undefined;
        if (text.charCodeAt(quote + 1) === QUOTE) {
          cell += text.slice(from, quote + 1);
          from = quote + 2;
          continue;
        }
        cell += text.slice(from, quote);
        at = quote + 1;
        break;
      }
      const next = text.charCodeAt(at);
      if (at < end && next !== COMMA && next !== CR && next !== LF) return undefined;
      record.push(cell);
    } else {
      let stop = at;
      for (; stop < end; stop++) {
        const c = text.charCodeAt(stop);
        if (c === COMMA || c === CR || c === LF) break;
        if (c === QUOTE) return undefined;
      }
      record.push(text.slice(at, stop));
      at = stop;
    }
    if (at >= end) {
      records.push(record);
      return records;
    }
    if (text.charCodeAt(at) === COMMA) {
      at += 1;
      continue;
    }
    at += text.charCodeAt(at) === CR && text.charCodeAt(at + 1) === LF ? 2 : 1;
    records.push(record);
    record = [];
    if (at >= end) return records;
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
