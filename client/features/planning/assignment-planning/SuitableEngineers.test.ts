import { describe, expect, it } from 'vitest';
import { freeFigure, type SuitableCandidate } from './SuitableEngineers.tsx';

const tom: SuitableCandidate = {
  _id: 'tom', name: 'Tom Becker', seniority: 'mid', skills: ['Go'], maxCapacity: 50, matchingSkills: ['Go'], availableCapacity: -10, averageFree: -10, load: 120,
};

describe('the suitable list\'s figure', () => {
  it('names someone over capacity by their load, as every screen does, not by the share of a day they are over', () => {
    expect(freeFigure(tom)).toBe('120% load');
    expect(freeFigure(tom)).not.toContain('10%');
  });

  it('says how free someone with room is, and falls back to the share of a day where the load is not known', () => {
    expect(freeFigure({ ...tom, averageFree: 30, load: 40 })).toBe('30% free');
    expect(freeFigure({ ...tom, averageFree: 0, load: 100 })).toBe('Full');
    expect(freeFigure({ ...tom, load: undefined })).toBe('10% over');
  });
});
