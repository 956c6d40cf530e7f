import { describe, expect, it } from 'vitest';
import { newestFirst, skillOptions, teamSizeText } from './helpers.ts';

describe('projects helpers', () => {
  it('offers the sorted union of engineer skills and required skills', () => {
    expect(skillOptions([{ skills: ['React', 'Go'] }], [{ requiredSkills: ['Kubernetes', 'Go'] }])).toEqual(['Go', 'Kubernetes', 'React']);
  });
  it('words team sizes', () => {
    expect(teamSizeText(5)).toBe('5 engineers');
    expect(teamSizeText(1)).toBe('1 engineer');
  });
  it('sorts newest (largest UUIDv7) first', () => {
    const ids = ['0190a0a0-0000-7000-8000-000000000001', '0190a0a0-0000-7000-8000-000000000003', '0190a0a0-0000-7000-8000-000000000002'];
    expect(newestFirst(ids.map((_id) => ({ _id }))).map((p) => p._id.slice(-1))).toEqual(['3', '2', '1']);
  });
});
