import { describe, expect, it } from 'vitest';
import { parseJsonInSlices, SLICED_JSON_FROM_CHARS } from './jsonInSlices.ts';

/** Pads a JSON text past the slicing threshold with whitespace JSON ignores. */
const large = (json: string) => json + ' '.repeat(Math.max(0, SLICED_JSON_FROM_CHARS - json.length));

const tricky = Array.from({ length: 1_203 }, (_, i) => ({
  _id: `a${i}`,
  role: i % 7 === 0 ? 'Lead, "quoted" [x] {y}' : 'Dev',
  note: i % 5 === 0 ? 'back\\slash\\", then, a comma' : 'plain',
  unicode: 'Zoë 💡 \u2028',
  nested: { list: [1, [2, { three: '3]' }]], empty: {}, none: null },
  version: i,
}));

describe('parseJsonInSlices', () => {
  it('gives what JSON.parse gives for a large array with strings full of commas, brackets, quotes and escapes', async () => {
    // Indented, so whitespace sits between the elements as well.
    const text = large(`  \n${JSON.stringify(tricky, null, 2)}\n`);
    expect(text.length).toBeGreaterThanOrEqual(SLICED_JSON_FROM_CHARS);
    expect(await parseJsonInSlices(text)).toEqual(JSON.parse(text));
  });

  it('parses small texts and anything that is not an array at once', async () => {
    expect(await parseJsonInSlices('[1,2,3]')).toEqual([1, 2, 3]);
    expect(await parseJsonInSlices(large('{"rows":[1,2]}'))).toEqual({ rows: [1, 2] });
    expect(await parseJsonInSlices(large('[]'))).toEqual([]);
    expect(await parseJsonInSlices(large('[[1],[2,[3]]]'))).toEqual([[1], [2, [3]]]);
  });

  it('refuses what JSON.parse refuses', async () => {
    const many = Array.from({ length: 1_000 }, (_, i) => i).join(',');
    await expect(parseJsonInSlices(large(`[${many},]`))).rejects.toThrow(SyntaxError);
    await expect(parseJsonInSlices(large(`[${many}`))).rejects.toThrow(SyntaxError);
    await expect(parseJsonInSlices(large(`[${many}] x`))).rejects.toThrow(SyntaxError);
    await expect(parseJsonInSlices(large(`[${many},{"a":}]`))).rejects.toThrow(SyntaxError);
  });
});
