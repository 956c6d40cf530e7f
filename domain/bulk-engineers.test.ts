import { describe, expect, it } from 'vitest';
import { planBulkEngineers } from './bulk-engineers.ts';
import type { Engineer } from './entities.ts';

const engineer = (id: string, extra: Partial<Engineer> = {}): Engineer => ({
  _id: id, name: id, email: `${id}@org.test`, department: 'Platform', skills: [], seniority: 'mid', maxCapacity: 100, version: 1, ...extra,
});
const known = new Map([
  ['ann', engineer('ann')],
  ['bo', engineer('bo', { workWeeks: [{ from: '0001-01-01', days: [100, 100, 100, 100, 0, 0, 0] }] })],
  ['cy', engineer('cy', { startDate: '2027-06-01' })],
]);

describe('a bulk change of engineers', () => {
  it('gives each engineer the commands of their change, and none to one who has it already', () => {
    const fourDays = [100, 100, 100, 100, 0, 0, 0];
    const { results, commands } = planBulkEngineers(known, { ids: ['ann', 'bo', 'ann'], workWeek: fourDays, from: '2027-01-04' }, () => true);
    expect(results).toEqual([{ id: 'ann', status: 'changed' }, { id: 'bo', status: 'unchanged' }]);
    expect(commands).toEqual([{ kind: 'changeWorkWeek', engineerId: 'ann', input: { from: '2027-01-04', days: fourDays } }]);
  });

  it('names every engineer who cannot take it, with the decision\'s own reason', () => {
    const { results } = planBulkEngineers(known, { ids: ['ann', 'cy', 'ghost'], deactivate: true, from: '2027-05-03' }, () => true);
    expect(results).toEqual([
      { id: 'ann', status: 'changed' },
      { id: 'cy', status: 'refused', message: 'Leave date must be after the start date' },
      { id: 'ghost', status: 'refused', message: 'Engineer not found' },
    ]);
  });

  it('follows a calendar and leaves in one change, each its own command', () => {
    const { commands } = planBulkEngineers(known, { ids: ['ann'], calendarId: 'de', deactivate: true, from: '2027-05-03' }, (id) => id === 'de');
    expect(commands.map((c) => c.kind)).toEqual(['followCalendar', 'setEmployment']);
  });
});
