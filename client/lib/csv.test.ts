import { describe, expect, it } from 'vitest';
import { csvCell, csvText } from './csv.ts';

describe('csv', () => {
  it('quotes what needs quoting and keeps formulas as text', () => {
    expect(csvCell('Plain')).toBe('Plain');
    expect(csvCell('Lee, Jordan')).toBe('"Lee, Jordan"');
    expect(csvCell('The "Lead"')).toBe('"The ""Lead"""');
    expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvCell(-12.5)).toBe('-12.5');
    expect(csvCell(null)).toBe('');
  });

  it('joins rows with CRLF', () => {
    expect(csvText([['a', 1], ['b', null]])).toBe('a,1\r\nb,\r\n');
  });
});
