import { describe, expect, it } from 'vitest';
import { readCsv, readCsvByParser, readWellFormedCsv, writeCsv } from './csv-text.ts';

/** A small deterministic generator (mulberry32), so a failure names a text that fails again. */
function randomFrom(seed: number) {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** readWellFormedCsv reads what the parser reads and gives up on exactly what the parser refuses. */
function expectSameAsParser(text: string) {
  const parsed = readCsvByParser(text);
  const fast = readWellFormedCsv(text);
  if ('records' in parsed) expect(fast, JSON.stringify(text)).toEqual(parsed.records);
  else expect(fast, JSON.stringify(text)).toBeUndefined();
}

describe('reading CSV text', () => {
  it('reads well-formed files as the parser does, and leaves every file it refuses to the parser', () => {
    const texts = [
      '', '\uFEFF', '\uFEFF\uFEFFa', 'a,b', 'a,b\r\n', 'a,b\r\n\r\n', '\r\n', '\n', '\r', 'a\n\nb', 'a,\n', ',', ',,\n,', 'a\rb\nc\r\nd', 'a\r\r\nb',
      '"a,b",c', '"a""b"', '""', '"",""\n', '"a\r\nb"', '"a"\r', '"a"""', 'a,"b"', '"a"\n"b"',
      '"a"b', 'a"b', '"a" ,b', ' "a"', '"', '"a""', 'a""b', 'a, "b"',
    ];
    for (const text of texts) expectSameAsParser(text);
    const random = randomFrom(20261128);
    const alphabet = ['a', 'b', ',', '"', '"', '\r', '\n', ' ', '\uFEFF', 'é'];
    for (let i = 0; i < 20_000; i++) {
      const length = Math.floor(random() * 16);
      expectSameAsParser(Array.from({ length }, () => alphabet[Math.floor(random() * alphabet.length)]!).join(''));
    }
  });

  it('reads back what the export writes, cells with commas, quotes and line breaks included', () => {
    const records = [['Date', 'Email', 'Project', 'Hours'], ['2026-11-23', 'sam@demo.test', 'Portal, "new"\r\nphase', '7.5'], ['', '', '', '']];
    expect(readCsv(`\uFEFF${writeCsv(records)}`)).toEqual({ records });
    expect(readWellFormedCsv(writeCsv(records))).toEqual(records);
  });

  it("says where a file that is not CSV stops being readable, in the parser's words", () => {
    const text = 'a,b\r\n"c,d\r\ne,f';
    expect(readCsv(text)).toEqual({ error: expect.objectContaining({ column: null, message: expect.stringContaining('Quote Not Closed') }) });
    expect(readCsv(text)).toEqual(readCsvByParser(text));
  });
});
