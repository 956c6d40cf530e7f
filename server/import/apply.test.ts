import { describe, expect, it } from 'vitest';
import { BATCH_SIZE, batchesOf } from './apply.ts';

const weeks = (engineer: string, count: number) => Array.from({ length: count }, (_, i) => ({ engineer, week: i + 1 }));

describe('cutting an import into batches', () => {
  it('cuts rows that share no stream every BATCH_SIZE commands', () => {
    const batches = batchesOf(Array.from({ length: 2 * BATCH_SIZE + 1 }, (_, i) => i));
    expect(batches.map((b) => b.length)).toEqual([BATCH_SIZE, BATCH_SIZE, 1]);
    expect(batches.flat()).toEqual(Array.from({ length: 2 * BATCH_SIZE + 1 }, (_, i) => i));
  });

  it("keeps each stream's commands in one batch, in their order, so two batches never write one stream", () => {
    // 'a' and 'b' alternate in the file; 'c' would take the first batch past BATCH_SIZE.
    const half = BATCH_SIZE / 2;
    const file = [...weeks('a', half - 1).flatMap((w, i) => [w, weeks('b', half)[i]!]), weeks('b', half)[half - 1]!, ...weeks('c', 3), ...weeks('d', BATCH_SIZE + 5), ...weeks('e', 1)];
    const batches = batchesOf(file, (command) => command.engineer);
    expect(batches.map((b) => [...new Set(b.map((c) => c.engineer))])).toEqual([['a', 'b'], ['c'], ['d'], ['e']]);
    expect(batches.map((b) => b.length)).toEqual([BATCH_SIZE - 1, 3, BATCH_SIZE + 5, 1]);
    for (const batch of batches) {
      for (const engineer of new Set(batch.map((c) => c.engineer))) {
        expect(batch.filter((c) => c.engineer === engineer).map((c) => c.week)).toEqual(file.filter((c) => c.engineer === engineer).map((c) => c.week));
      }
    }
    expect(batches.flat()).toHaveLength(file.length);
  });
});
