import { describe, expect, it } from 'vitest';
import { availableCapacityText, directorySubtitle, skillChoices } from './helpers.ts';

describe('engineers helpers', () => {
  it('words available capacity', () => {
    expect(availableCapacityText(40)).toBe('40% available');
    expect(availableCapacityText(0)).toBe('Fully allocated');
    expect(availableCapacityText(-20)).toBe('20% over capacity');
  });
  it('words the directory subtitle', () => {
    expect(directorySubtitle(0)).toBe('No engineers match your current filters');
    expect(directorySubtitle(1)).toBe('Showing 1 engineer');
    expect(directorySubtitle(12)).toBe('Showing 12 engineers');
  });
  it('lists sorted unique skills', () => {
    expect(skillChoices([{ skills: ['React', 'Go'] }, { skills: ['Go', 'AWS'] }])).toEqual(['AWS', 'Go', 'React']);
  });
});
