import { describe, expect, it } from 'vitest';
import { availableCapacityText, directorySubtitle, skillChoices } from './engineerFields.ts';

describe('engineer fields', () => {
  it('words available capacity', () => {
    expect(availableCapacityText({ availableCapacity: 40, utilizationPercentage: 60 })).toBe('40% available');
    expect(availableCapacityText({ availableCapacity: 0, utilizationPercentage: 100 })).toBe('Fully allocated');
    expect(availableCapacityText({ availableCapacity: -20, utilizationPercentage: 120 })).toBe('20% over capacity');
  });
  it('says how far over their own capacity a part-timer is by their load, not by a share of a day', () => {
    // 60 % booked of 50 %: the load is 120 %, so 20 % over, not the 10 % of a day above 50.
    expect(availableCapacityText({ availableCapacity: -10, utilizationPercentage: 120 })).toBe('20% over capacity');
    expect(availableCapacityText({ availableCapacity: -10, utilizationPercentage: 0 })).toBe('Over capacity');
  });
  it('words the directory subtitle', () => {
    expect(directorySubtitle(0, true)).toBe('No engineers match your current filters');
    // No filter set: an empty directory (a moment before anyone was added) blames none.
    expect(directorySubtitle(0, false)).toBe('No engineers');
    expect(directorySubtitle(1, false)).toBe('Showing 1 engineer');
    expect(directorySubtitle(12, true)).toBe('Showing 12 engineers');
  });
  it('lists sorted unique skills', () => {
    expect(skillChoices([{ skills: ['React', 'Go'] }, { skills: ['Go', 'AWS'] }])).toEqual(['AWS', 'Go', 'React']);
  });
});
