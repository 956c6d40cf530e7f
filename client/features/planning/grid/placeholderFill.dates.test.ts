import { describe, expect, it } from 'vitest';
import type { Placeholder } from '../../../../domain/entities.ts';
import { movedTarget } from './placeholderFill.machine.ts';

/**
 * An open role saved as ending May 26 is worked through May 25: engineers are ranked over May 4 to
 * May 25, and the dialog shows the role's own dates (May 26 as its end). When a reload brings the role
 * with other dates, the ranking follows them.
 */
const placeholder: Placeholder = {
  _id: 'ph', projectId: 'p', role: 'SRE', skills: [], allocationPercentage: 50,
  startDate: '2026-05-04T00:00:00.000Z', endDate: '2026-05-26T00:00:00.000Z', version: 4,
};
const target = { placeholder, projectName: 'Payments', version: 7, from: '2026-05-04', to: '2026-05-25' };

describe('the dates a placeholder is filled over', () => {
  it('move with the latest placeholder: a week later, ranked over the week later', () => {
    const later = { ...placeholder, startDate: '2026-05-11T00:00:00.000Z', endDate: '2026-06-02T00:00:00.000Z' };
    expect(movedTarget(target, later, 9)).toEqual({ ...target, placeholder: later, version: 9, from: '2026-05-11', to: '2026-06-01' });
  });

  it('stay when only its allocation changed, and never end before they start', () => {
    expect(movedTarget(target, { ...placeholder, allocationPercentage: 60 }, 9)).toMatchObject({ from: '2026-05-04', to: '2026-05-25' });
    const oneDay = { ...placeholder, startDate: '2026-05-25T00:00:00.000Z' };
    expect(movedTarget(target, oneDay, 9)).toMatchObject({ from: '2026-05-25', to: '2026-05-25' });
  });

  it('keep an hour of daylight saving out of the day count', () => {
    const summer = { ...placeholder, startDate: '2026-03-30T22:00:00.000Z', endDate: '2026-05-25T22:00:00.000Z' };
    const winter = { ...summer, startDate: '2026-03-23T23:00:00.000Z' };
    const base = { ...target, placeholder: summer, from: '2026-03-31', to: '2026-05-25' };
    expect(movedTarget(base, winter, 9)).toMatchObject({ from: '2026-03-24', to: '2026-05-25' });
  });
});
