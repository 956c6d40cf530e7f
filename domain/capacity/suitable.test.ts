import { describe, expect, it } from 'vitest';
import { suitableDates } from './suitable.ts';

const project = { startDate: '2026-03-02T00:00:00.000Z', endDate: '2026-06-01T00:00:00.000Z' };
const now = new Date('2026-04-15T09:00:00Z');

describe('suitableDates', () => {
  it('given no dates, then from the later of today and the start to the project\'s last day', () => {
    expect(suitableDates(project, {}, now, 'UTC')).toEqual({ from: '2026-04-15', to: '2026-05-31' });
  });

  it('given only a from after the project, then the four weeks from it', () => {
    expect(suitableDates(project, { from: '2026-07-01' }, now, 'UTC')).toEqual({ from: '2026-07-01', to: '2026-07-28' });
  });

  it('given only a from near the last date there is, then the weeks end on 9999-12-31, not in year 10000', () => {
    expect(suitableDates(project, { from: '9999-12-20' }, now, 'UTC')).toEqual({ from: '9999-12-20', to: '9999-12-31' });
    expect(suitableDates(project, { from: '9999-12-31' }, now, 'UTC')).toEqual({ from: '9999-12-31', to: '9999-12-31' });
  });
});
