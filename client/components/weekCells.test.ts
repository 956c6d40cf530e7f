import { describe, expect, it } from 'vitest';
import { type LoadPeriod, weekCell } from './weekCells.ts';

const week = (patch: Partial<LoadPeriod>): LoadPeriod => ({
  key: '2026-W10', start: '2026-03-02', end: '2026-03-08', workingDays: 5, holidays: [],
  capacity: 500, booked: 300, tentative: 0, timeOffDays: 0, utilization: 60, status: 'optimal', free: 40, overloadedDays: 0, peak: 60, ...patch,
});

describe('weekCell', () => {
  it('reads the week\'s utilisation and status, with what is free', () => {
    const cell = weekCell(week({}));
    expect(cell).toMatchObject({ key: '2026-W10', label: 'Mar 02', text: '60%', status: 'optimal', tentative: false });
    expect(cell.details).toEqual(['Week of Mar 02: 60% of capacity', '2 days free this week']);
  });

  it('adds the preview of an assignment and judges the status again', () => {
    const cell = weekCell(week({}), 50);
    expect(cell).toMatchObject({ text: '110%', status: 'overloaded' });
    expect(cell.details[0]).toBe('Week of Mar 02: 110% of capacity with this assignment (60% without)');
  });

  it('a week averaging under 100 % with days over capacity is overloaded, and says which and the peak', () => {
    const cell = weekCell(week({ utilization: 96, booked: 480, status: 'overloaded', free: 4, overloadedDays: 2, peak: 120 }));
    expect(cell).toMatchObject({ text: '96%', status: 'overloaded' });
    expect(cell.details).toContain('Over capacity on 2 of 5 days, peak 120%');
  });

  it('with the preview, a week goes over when its highest day does, though its average stays under 100 %', () => {
    const cell = weekCell(week({ utilization: 60, peak: 90 }), 20);
    expect(cell).toMatchObject({ text: '80%', status: 'overloaded' });
    expect(cell.details).toContain('Highest day: 110% with this assignment');
    expect(weekCell(week({ utilization: 60, peak: 60 }), 20).status).toBe('optimal');
  });

  it('a week without capacity is off, with why', () => {
    const cell = weekCell(week({ capacity: 0, booked: 0, utilization: null, status: 'off', free: null, timeOffDays: 4, holidays: [{ date: '2026-03-06', name: 'Founders Day' }] }), 50);
    expect(cell).toMatchObject({ text: 'Off', status: 'off' });
    expect(cell.details).toEqual(['Week of Mar 02: no working capacity', '4 days off', 'Holiday: Founders Day (2026-03-06)']);
  });

  it('says how much tentative work would add', () => {
    const cell = weekCell(week({ tentative: 150 }));
    expect(cell.tentative).toBe(true);
    expect(cell.details).toContain('Tentative work: 30% more if it is won');
  });
});
