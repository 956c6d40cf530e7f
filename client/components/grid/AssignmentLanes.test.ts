import { describe, expect, it } from 'vitest';
import { chosenAmong } from './AssignmentLanes.tsx';

describe('chosenAmong', () => {
  const row = new Set(['a1', 'a2', 'a3']);
  it('names the chosen bars of the row, in the order they were chosen', () => {
    expect(chosenAmong([{ _id: 'a3' }, { _id: 'b1' }, { _id: 'a1' }], row)).toBe('a3 a1');
  });
  it('is empty when none of the row is chosen, so the row keeps its drawing', () => {
    expect(chosenAmong([], row)).toBe('');
    expect(chosenAmong([{ _id: 'b1' }, { _id: 'b2' }], row)).toBe('');
  });
});
