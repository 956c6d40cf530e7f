import { describe, expect, it } from 'vitest';
import {
  assignmentStatus, assignmentsByEngineer, availableOver, barPercent, chartMaximum, countByStatus, countByUtilization,
  currentAllocation, currentRunning, engineerFigures, engineerIdOf, initials, isAvailableNow, isAvailableSoon, isCurrent,
  availabilityLists, isUpcoming, matchesEngineerFilter, peakAllocation, skillsMatchingFirst, percentOf, progressPercentage, sortedUnique, utilizationPercentage,
  utilizationStatus, withFigures, withLoads, workType,
} from './figures.ts';

// Time is passed in, never read.
const now = new Date('2025-06-15T12:00:00.000Z');
const DAY = 24 * 60 * 60 * 1000;
/** An ISO instant `days` (may be fractional or negative) from now; `ms` adds milliseconds. */
const at = (days: number, ms = 0) => new Date(now.getTime() + days * DAY + ms).toISOString();

let nextId = 1;
const assignment = (startDays: number, endDays: number, allocationPercentage: number, engineerId: string = 'e1') => ({
  _id: `a${nextId++}`,
  engineerId,
  startDate: at(startDays),
  endDate: at(endDays),
  allocationPercentage,
});

describe('utilizationStatus: one rule for everyone (design section 8)', () => {
  it.each([
    [100, 100, 'optimal', 'allocation equal to maxCapacity'],
    [50, 100, 'optimal', 'exactly half of maxCapacity'],
    [75, 100, 'optimal', 'between half and full'],
    [49.9, 100, 'underutilized', 'just under half'],
    [49, 100, 'underutilized', 'one point under half'],
    [0, 100, 'underutilized', 'nothing allocated'],
    [100.1, 100, 'overloaded', 'just above maxCapacity'],
    [120, 100, 'overloaded', 'well above maxCapacity'],
    [50, 50, 'optimal', 'part-time: equal to maxCapacity 50'],
    [30, 50, 'optimal', 'part-time: 30 of 50'],
    [25, 50, 'optimal', 'part-time: exactly half of 50'],
    [24, 50, 'underutilized', 'part-time: 24 of 50'],
    [60, 50, 'overloaded', 'part-time: 60 of 50'],
    [51, 50, 'overloaded', 'part-time: 51 of 50'],
  ] as const)('%d of %d is %s (%s)', (allocation, maxCapacity, status, _case) => {
    expect(utilizationStatus(allocation, maxCapacity)).toBe(status);
  });
});

describe('utilizationPercentage, barPercent, workType', () => {
  it('divides allocation by maxCapacity, to one decimal, uncapped', () => {
    expect(utilizationPercentage(50, 100)).toBe(50);
    expect(utilizationPercentage(30, 50)).toBe(60);
    expect(utilizationPercentage(60, 50)).toBe(120);
    expect(utilizationPercentage(1, 3)).toBe(33.3);
    expect(utilizationPercentage(2, 3)).toBe(66.7);
    expect(utilizationPercentage(10, 0)).toBe(0);
  });

  it('caps bars to 0..100', () => {
    expect(barPercent(120)).toBe(100);
    expect(barPercent(100)).toBe(100);
    expect(barPercent(42.5)).toBe(42.5);
    expect(barPercent(-5)).toBe(0);
  });

  it('calls 100 full-time and anything else part-time', () => {
    expect(workType(100)).toBe('full-time');
    expect(workType(50)).toBe('part-time');
    expect(workType(80)).toBe('part-time');
  });
});

describe('timing: spans are days, both ends included: current is first day <= today <= last day, upcoming is first day > today', () => {
  it('counts an assignment that starts exactly now as current, not upcoming', () => {
    const a = { startDate: at(0), endDate: at(10) };
    expect(isCurrent(a, now)).toBe(true);
    expect(isUpcoming(a, now)).toBe(false);
  });

  it('counts an assignment whose last day is today as current all that day, and as neither from the next day on', () => {
    const a = { startDate: at(-10), endDate: at(0) };
    expect(isCurrent(a, now)).toBe(true);
    expect(isUpcoming(a, now)).toBe(false);
    expect(isCurrent(a, new Date('2025-06-15T23:59:59.999Z'))).toBe(true);
    expect(isCurrent(a, new Date('2025-06-16T00:00:00.000Z'))).toBe(false);
    expect(isUpcoming(a, new Date('2025-06-16T00:00:00.000Z'))).toBe(false);
  });

  it('counts an assignment that ends one millisecond from now as current', () => {
    expect(isCurrent({ startDate: at(-10), endDate: at(0, 1) }, now)).toBe(true);
  });

  it('counts an assignment whose first day is today as current even before its start time, and one from tomorrow as upcoming', () => {
    const later = { startDate: at(0, 1), endDate: at(10) };
    expect(isCurrent(later, now)).toBe(true);
    expect(isUpcoming(later, now)).toBe(false);
    const tomorrow = { startDate: at(0.5), endDate: at(10) };
    expect(isCurrent(tomorrow, now)).toBe(false);
    expect(isUpcoming(tomorrow, now)).toBe(true);
  });

  it('counts a finished assignment (its last day yesterday) as neither', () => {
    const a = { startDate: at(-30), endDate: at(-1) };
    expect(isCurrent(a, now)).toBe(false);
    expect(isUpcoming(a, now)).toBe(false);
  });

  it('sums only current allocations, one whose last day is today included', () => {
    const list = [assignment(-10, 10, 40), assignment(0, 5, 30), assignment(-20, 0, 50), assignment(1, 20, 60)];
    expect(currentAllocation(list, now)).toBe(120);
    expect(currentAllocation([assignment(-20, -1, 50), assignment(1, 20, 60)], now)).toBe(0);
    expect(currentAllocation([], now)).toBe(0);
  });

  it('reads the days in the given time zone: 23:30 UTC is already the next day in Berlin', () => {
    const late = new Date('2025-06-15T23:30:00.000Z');
    const endsSunday = { startDate: '2025-06-09T00:00:00.000Z', endDate: '2025-06-15T12:00:00.000Z' };
    expect(isCurrent(endsSunday, late)).toBe(true);
    expect(isCurrent(endsSunday, late, 'Europe/Berlin')).toBe(false);
    expect(assignmentStatus(endsSunday, late, 'Europe/Berlin')).toBe('completed');
  });
});

describe('assignmentStatus and progressPercentage: the share of the span\'s days before today', () => {
  // Ten days: its first day is today (day 0), its last day 9.
  const span = { startDate: at(0), endDate: at(9) };

  it.each([
    ['the day before its first day', -1, 'upcoming', 0],
    ['its first day, before its start time', -0.25, 'active', 0],
    ['its first day', 0, 'active', 0],
    ['its third day', 2, 'active', 20],
    ['half way (its sixth day)', 5, 'active', 50],
    ['its last day', 9, 'active', 90],
    ['late on its last day', 9.45, 'active', 90],
    ['the day after its last day', 10, 'completed', 100],
    ['two days after its last day', 11, 'completed', 100],
  ] as const)('%s (day %s): %s, %d %%', (_case, days, status, progress) => {
    const when = new Date(now.getTime() + days * DAY);
    expect(assignmentStatus(span, when)).toBe(status);
    expect(progressPercentage(span, when)).toBe(progress);
  });

  it('rounds the share of days passed to a whole percent', () => {
    const thirds = { startDate: at(0), endDate: at(2) };
    expect(progressPercentage(thirds, new Date(now.getTime() + 1 * DAY))).toBe(33);
    expect(progressPercentage(thirds, new Date(now.getTime() + 2 * DAY))).toBe(67);
    expect(progressPercentage(thirds, new Date(now.getTime() + 3 * DAY))).toBe(100);
  });

  it('treats a one-day span as upcoming the day before, active all that day at 0 %, and completed the day after', () => {
    const oneDay = { startDate: '2025-06-15T09:00:00.000Z', endDate: '2025-06-15T17:00:00.000Z' };
    expect(assignmentStatus(oneDay, new Date('2025-06-14T23:59:59.999Z'))).toBe('upcoming');
    expect(assignmentStatus(oneDay, new Date('2025-06-15T00:00:00.000Z'))).toBe('active');
    expect(assignmentStatus(oneDay, new Date('2025-06-15T20:00:00.000Z'))).toBe('active');
    expect(progressPercentage(oneDay, new Date('2025-06-15T20:00:00.000Z'))).toBe(0);
    expect(assignmentStatus(oneDay, new Date('2025-06-16T00:00:00.000Z'))).toBe('completed');
    expect(progressPercentage(oneDay, new Date('2025-06-16T00:00:00.000Z'))).toBe(100);
    const instant = { startDate: at(0), endDate: at(0) };
    expect(assignmentStatus(instant, now)).toBe('active');
    expect(Number.isFinite(progressPercentage(instant, now))).toBe(true);
  });
});

describe('engineerFigures', () => {
  it('derives every figure of a full-timer with room left', () => {
    const finished = assignment(-30, -5, 50);
    const currentA = assignment(-10, 20, 40);
    const currentB = assignment(-2, 5, 30);
    const upcoming = assignment(3, 30, 60);
    const figures = engineerFigures({ maxCapacity: 100 }, [upcoming, currentB, finished, currentA], now);
    expect(figures).toEqual({
      currentAllocation: 70,
      availableCapacity: 30,
      utilizationPercentage: 70,
      utilizationStatus: 'optimal',
      workType: 'full-time',
      activeProjects: 2,
      currentAssignments: [currentA, currentB],
      upcomingAssignments: [upcoming],
      allAssignments: [finished, currentA, currentB, upcoming],
      nextFullAvailability: now.toISOString(),
    });
  });

  it('gives a fully allocated engineer the earliest end among current assignments', () => {
    const figures = engineerFigures(
      { maxCapacity: 100 },
      [assignment(-10, 20, 60), assignment(-5, 7, 40), assignment(-30, -1, 50), assignment(2, 4, 10)],
      now,
    );
    expect(figures.availableCapacity).toBe(0);
    expect(figures.utilizationStatus).toBe('optimal');
    expect(figures.nextFullAvailability).toBe(at(7));
  });

  it('gives an overloaded engineer a negative availability and the earliest current end', () => {
    const figures = engineerFigures({ maxCapacity: 100 }, [assignment(-10, 12, 70), assignment(-1, 9, 50)], now);
    expect(figures).toMatchObject({
      currentAllocation: 120,
      availableCapacity: -20,
      utilizationPercentage: 120,
      utilizationStatus: 'overloaded',
      nextFullAvailability: at(9),
    });
  });

  it('treats an engineer without assignments as free now and underutilised', () => {
    expect(engineerFigures({ maxCapacity: 100 }, [], now)).toMatchObject({
      currentAllocation: 0,
      availableCapacity: 100,
      utilizationPercentage: 0,
      utilizationStatus: 'underutilized',
      activeProjects: 0,
      nextFullAvailability: now.toISOString(),
    });
  });

  it('does not count upcoming work towards the current allocation', () => {
    expect(engineerFigures({ maxCapacity: 100 }, [assignment(1, 30, 100)], now)).toMatchObject({
      currentAllocation: 0,
      availableCapacity: 100,
      upcomingAssignments: [expect.objectContaining({ allocationPercentage: 100 })],
    });
  });

  it.each([
    [30, 'optimal', 20, 60],
    [25, 'optimal', 25, 50],
    [24, 'underutilized', 26, 48],
    [50, 'optimal', 0, 100],
    [60, 'overloaded', -10, 120],
  ] as const)('part-time (maxCapacity 50) at %d: %s, %d available, %d %%', (allocation, status, available, percent) => {
    const figures = engineerFigures({ maxCapacity: 50 }, [assignment(-1, 10, allocation)], now);
    expect(figures).toMatchObject({
      currentAllocation: allocation,
      utilizationStatus: status,
      availableCapacity: available,
      utilizationPercentage: percent,
      workType: 'part-time',
    });
  });

  it('uses now, not a past end date, when the engineer has capacity left', () => {
    const figures = engineerFigures({ maxCapacity: 50 }, [assignment(-1, 3, 30)], now);
    expect(figures.nextFullAvailability).toBe(now.toISOString());
  });

  it('does not reorder the list it is given', () => {
    const list = [assignment(5, 9, 10), assignment(-5, 9, 10)];
    const copy = [...list];
    engineerFigures({ maxCapacity: 100 }, list, now);
    expect(list).toEqual(copy);
  });
});

describe('engineerIdOf, assignmentsByEngineer, withFigures', () => {
  it('reads the engineer id of stored and populated assignments', () => {
    expect(engineerIdOf({ engineerId: 'e1' })).toBe('e1');
    expect(engineerIdOf({ engineerId: { _id: 'e2' } })).toBe('e2');
  });

  it('groups assignments by engineer, whichever shape they come in', () => {
    const a = assignment(-1, 1, 10, 'e1');
    const b = { ...assignment(-1, 1, 20), engineerId: { _id: 'e2', name: 'Grace', email: 'g@x' } };
    const c = assignment(-1, 1, 30, 'e1');
    const grouped = assignmentsByEngineer<typeof a | typeof b>([a, b, c]);
    expect([...grouped.keys()]).toEqual(['e1', 'e2']);
    expect(grouped.get('e1')).toEqual([a, c]);
    expect(grouped.get('e2')).toEqual([b]);
  });

  it('adds figures to each engineer, keeping its own fields', () => {
    const engineers = [
      { _id: 'e1', name: 'Ada', maxCapacity: 100 },
      { _id: 'e2', name: 'Grace', maxCapacity: 50 },
      { _id: 'e3', name: 'Linus', maxCapacity: 100 },
    ];
    const result = withFigures(engineers, [assignment(-1, 5, 80, 'e1'), assignment(-1, 5, 60, 'e2'), assignment(-1, 5, 10, 'e1')], now);
    expect(result.map((e) => [e.name, e.currentAllocation, e.utilizationStatus, e.availableCapacity])).toEqual([
      ['Ada', 90, 'optimal', 10],
      ['Grace', 60, 'overloaded', -10],
      ['Linus', 0, 'underutilized', 100],
    ]);
  });
});

describe('withLoads: the figures from current loads in sums', () => {
  it('gives every figure withFigures gives, from the sums of the current assignments', () => {
    const engineers = [
      { _id: 'e1', name: 'Ada', maxCapacity: 100 },
      { _id: 'e2', name: 'Grace', maxCapacity: 50 },
      { _id: 'e3', name: 'Linus', maxCapacity: 100 },
      { _id: 'e4', name: 'Ken', maxCapacity: 100 },
    ];
    // Ada full until two ends, the earlier in 3 days; Grace over; Linus with only upcoming and past work; Ken with none.
    const assignments = [
      assignment(-1, 5, 60, 'e1'), assignment(-2, 3, 40, 'e1'), assignment(-1, 5, 60, 'e2'),
      assignment(2, 9, 50, 'e3'), assignment(-9, -2, 50, 'e3'),
    ];
    const loads = [
      { engineerId: 'e1', allocation: 100, assignments: 2, earliestEnd: at(3) },
      { engineerId: 'e2', allocation: 60, assignments: 1, earliestEnd: at(5) },
    ];
    const lists = ['currentAssignments', 'upcomingAssignments', 'allAssignments'] as const;
    const without = <T extends object>(figures: T) => Object.fromEntries(Object.entries(figures).filter(([key]) => !(lists as readonly string[]).includes(key)));
    expect(withLoads(engineers, loads, now).map(without)).toEqual(withFigures(engineers, assignments, now).map(without));
    expect(availabilityLists(withLoads(engineers, loads, now), now).availableSoon.map((e) => e.name)).toEqual(['Ada']);
  });

  it('leaves the lists of assignments empty: a load does not say which they are', () => {
    const [ada] = withLoads([{ _id: 'e1', maxCapacity: 100 }], [{ engineerId: 'e1', allocation: 50, assignments: 1, earliestEnd: at(3) }], now);
    expect(ada).toMatchObject({ currentAllocation: 50, activeProjects: 1, currentAssignments: [], upcomingAssignments: [], allAssignments: [] });
  });
});

describe('availability', () => {
  it('is available now with any capacity left', () => {
    expect(isAvailableNow({ availableCapacity: 1 })).toBe(true);
    expect(isAvailableNow({ availableCapacity: 0.5 })).toBe(true);
    expect(isAvailableNow({ availableCapacity: 0 })).toBe(false);
    expect(isAvailableNow({ availableCapacity: -10 })).toBe(false);
  });

  it('is available soon when exactly full with a date in the future', () => {
    expect(isAvailableSoon({ availableCapacity: 0, nextFullAvailability: at(0, 1) }, now)).toBe(true);
    expect(isAvailableSoon({ availableCapacity: 0, nextFullAvailability: at(0) }, now)).toBe(false);
    expect(isAvailableSoon({ availableCapacity: 0, nextFullAvailability: at(-1) }, now)).toBe(false);
    expect(isAvailableSoon({ availableCapacity: 10, nextFullAvailability: at(5) }, now)).toBe(false);
    expect(isAvailableSoon({ availableCapacity: -10, nextFullAvailability: at(5) }, now)).toBe(false);
  });

  it('agrees with engineerFigures: full now, free when the first current assignment ends', () => {
    const figures = engineerFigures({ maxCapacity: 100 }, [assignment(-1, 4, 100)], now);
    expect(isAvailableNow(figures)).toBe(false);
    expect(isAvailableSoon(figures, now)).toBe(true);
  });
});

describe('availabilityLists', () => {
  const engineer = (id: string, maxCapacity = 100) => ({ _id: id, name: id, maxCapacity });

  it('lists the immediately available engineers, most capacity first', () => {
    const engineers = ['free10', 'free80', 'free50', 'free30', 'free60'].map((id) => engineer(id));
    const assignments = [
      assignment(-1, 10, 90, 'free10'),
      assignment(-1, 10, 20, 'free80'),
      assignment(-1, 10, 50, 'free50'),
      assignment(-1, 10, 70, 'free30'),
      assignment(-1, 10, 40, 'free60'),
    ];
    const lists = availabilityLists(withFigures(engineers, assignments, now), now);
    expect(lists.availableNow.map((e) => [e._id, e.availableCapacity])).toEqual([
      ['free80', 80],
      ['free60', 60],
      ['free50', 50],
      ['free30', 30],
      ['free10', 10],
    ]);
  });

  it('lists the engineers becoming available soon, earliest first', () => {
    const engineers = ['in10', 'in3', 'in7', 'in20'].map((id) => engineer(id));
    const assignments = [
      assignment(-1, 10, 100, 'in10'),
      assignment(-1, 3, 100, 'in3'),
      assignment(-1, 7, 60, 'in7'),
      assignment(-2, 30, 40, 'in7'),
      assignment(-1, 20, 100, 'in20'),
    ];
    const lists = availabilityLists(withFigures(engineers, assignments, now), now);
    expect(lists.availableSoon.map((e) => [e._id, e.nextFullAvailability])).toEqual([
      ['in3', at(3)],
      ['in7', at(7)],
      ['in10', at(10)],
      ['in20', at(20)],
    ]);
    expect(lists.availableNow).toEqual([]);
  });

  it('puts overloaded engineers in neither list, and part-timers by their own capacity', () => {
    const engineers = [engineer('over'), engineer('partFull', 50), engineer('partFree', 50)];
    const assignments = [assignment(-1, 5, 120, 'over'), assignment(-1, 5, 50, 'partFull'), assignment(-1, 5, 20, 'partFree')];
    const lists = availabilityLists(withFigures(engineers, assignments, now), now);
    expect(lists.availableNow.map((e) => e._id)).toEqual(['partFree']);
    expect(lists.availableSoon.map((e) => e._id)).toEqual(['partFull']);
  });

  it('keeps the given order among ties and does not reorder its input', () => {
    const figures = withFigures([engineer('x'), engineer('y'), engineer('z')], [], now);
    const order = figures.map((e) => e._id);
    expect(availabilityLists(figures, now).availableNow.map((e) => e._id)).toEqual(['x', 'y', 'z']);
    expect(figures.map((e) => e._id)).toEqual(order);
  });

  it('returns empty lists for no engineers', () => {
    expect(availabilityLists([], now)).toEqual({ availableNow: [], availableSoon: [] });
  });
});

describe('counts', () => {
  it('counts engineers by utilisation status, every status present', () => {
    expect(countByUtilization([])).toEqual({ overloaded: 0, underutilized: 0, optimal: 0 });
    expect(
      countByUtilization([
        { utilizationStatus: 'optimal' },
        { utilizationStatus: 'overloaded' },
        { utilizationStatus: 'optimal' },
        { utilizationStatus: 'underutilized' },
      ]),
    ).toEqual({ overloaded: 1, underutilized: 1, optimal: 2 });
  });

  it('counts projects by status, every status present', () => {
    expect(countByStatus([])).toEqual({ planning: 0, active: 0, completed: 0 });
    expect(countByStatus([{ status: 'active' }, { status: 'planning' }, { status: 'active' }])).toEqual({
      planning: 1,
      active: 2,
      completed: 0,
    });
  });

  it('counts engineers with at least one current assignment once each (Current Running), one ending today included', () => {
    const list = [
      assignment(-1, 5, 40, 'e1'),
      assignment(-3, 8, 40, 'e1'),
      { ...assignment(0, 2, 20), engineerId: { _id: 'e2' } },
      assignment(1, 9, 50, 'e3'),
      assignment(-9, 0, 50, 'e4'),
      assignment(-9, -1, 50, 'e5'),
    ];
    expect(currentRunning(list, now)).toBe(3);
    expect(currentRunning([], now)).toBe(0);
  });
});

describe('initials and skill lists', () => {
  it.each([
    ['Ada Lovelace', 'AL'],
    ['mary jane watson', 'MJ'],
    ['Cher', 'C'],
    ['  ada    lovelace  ', 'AL'],
    ['', ''],
    ['   ', ''],
  ])('%j -> %j', (name, expected) => {
    expect(initials(name)).toBe(expected);
  });

  it('merges skill lists into one sorted list without duplicates', () => {
    expect(sortedUnique([['React', 'Node.js'], ['AWS', 'React'], []])).toEqual(['AWS', 'Node.js', 'React']);
    expect(sortedUnique([])).toEqual([]);
  });
});

describe('matchesEngineerFilter', () => {
  const ada = { name: 'Ada Lovelace', skills: ['TypeScript', 'PostgreSQL'] };
  const grace = { name: 'Grace Hopper', skills: ['COBOL', 'React'] };
  const filter = (search: string, skills: string[] = []) => ({ search, skills });

  it('matches everyone without a filter', () => {
    expect(matchesEngineerFilter(ada, filter(''))).toBe(true);
    expect(matchesEngineerFilter(ada, filter('   '))).toBe(true);
  });

  it('matches the name, case-insensitively', () => {
    expect(matchesEngineerFilter(ada, filter('LOVE'))).toBe(true);
    expect(matchesEngineerFilter(grace, filter('LOVE'))).toBe(false);
  });

  it('matches a skill substring, case-insensitively', () => {
    expect(matchesEngineerFilter(ada, filter('postgres'))).toBe(true);
    expect(matchesEngineerFilter(grace, filter('reAC'))).toBe(true);
    expect(matchesEngineerFilter(grace, filter('postgres'))).toBe(false);
  });

  it('trims the search text', () => {
    expect(matchesEngineerFilter(ada, filter('  ada  '))).toBe(true);
  });

  it('matches an engineer with any selected skill', () => {
    expect(matchesEngineerFilter(ada, filter('', ['React', 'TypeScript']))).toBe(true);
    expect(matchesEngineerFilter(grace, filter('', ['React', 'TypeScript']))).toBe(true);
    expect(matchesEngineerFilter(grace, filter('', ['TypeScript']))).toBe(false);
  });

  it('needs both the search and the skill filter to match', () => {
    expect(matchesEngineerFilter(ada, filter('grace', ['TypeScript']))).toBe(false);
    expect(matchesEngineerFilter(ada, filter('ada', ['React']))).toBe(false);
    expect(matchesEngineerFilter(ada, filter('ada', ['TypeScript']))).toBe(true);
  });
});

describe('chartMaximum and percentOf', () => {
  it('is the highest allocation or capacity plus 20', () => {
    expect(chartMaximum([{ currentAllocation: 120, maxCapacity: 100 }, { currentAllocation: 40, maxCapacity: 50 }])).toBe(140);
    expect(chartMaximum([{ currentAllocation: 30, maxCapacity: 100 }])).toBe(120);
    expect(chartMaximum([{ currentAllocation: 30, maxCapacity: 50 }])).toBe(70);
    expect(chartMaximum([])).toBe(20);
  });

  it('gives a share of a total to one decimal', () => {
    expect(percentOf(1, 3)).toBe('33.3');
    expect(percentOf(2, 3)).toBe('66.7');
    expect(percentOf(3, 3)).toBe('100.0');
    expect(percentOf(0, 5)).toBe('0.0');
    expect(percentOf(0, 0)).toBe('0.0');
  });
});

describe('availableOver', () => {
  const range = { startDate: at(10), endDate: at(20) };

  it('is the whole capacity without overlapping assignments (one ending the day before, one starting the day after)', () => {
    expect(availableOver(100, [], range)).toBe(100);
    expect(availableOver(100, [assignment(0, 9, 80), assignment(21, 30, 80)], range)).toBe(100);
  });

  it('counts an assignment whose last day is the range\'s first day, or whose first day is its last', () => {
    expect(availableOver(100, [assignment(0, 10, 80)], range)).toBe(20);
    expect(availableOver(100, [assignment(20, 30, 80)], range)).toBe(20);
  });

  it('subtracts an assignment that overlaps any part of the range', () => {
    expect(availableOver(100, [assignment(0, 11, 30)], range)).toBe(70);
    expect(availableOver(100, [assignment(19, 40, 30)], range)).toBe(70);
    expect(availableOver(100, [assignment(0, 40, 30)], range)).toBe(70);
  });

  it('takes the peak, not the sum, of assignments that follow one another (one ends the day before the next starts)', () => {
    expect(availableOver(100, [assignment(5, 14, 50), assignment(15, 25, 50)], range)).toBe(50);
  });

  it('adds two assignments that share a day: the last day of one, the first of the next', () => {
    expect(availableOver(100, [assignment(5, 15, 50), assignment(15, 25, 50)], range)).toBe(0);
  });

  it('adds assignments that run at the same time', () => {
    expect(availableOver(100, [assignment(5, 15, 30), assignment(12, 18, 40), assignment(17, 25, 20)], range)).toBe(30);
  });

  it('finds a peak that starts inside the range', () => {
    expect(availableOver(100, [assignment(0, 40, 20), assignment(14, 16, 50)], range)).toBe(30);
  });

  it('goes negative when overbooked, and uses the given capacity', () => {
    expect(availableOver(100, [assignment(11, 12, 70), assignment(11, 19, 50)], range)).toBe(-20);
    expect(availableOver(50, [assignment(11, 12, 30)], range)).toBe(20);
  });
});

describe('peakAllocation', () => {
  const range = { startDate: at(10), endDate: at(20) };

  it('is 0 from the range start when nothing overlaps (last day before its first, first day after its last)', () => {
    expect(peakAllocation([assignment(0, 9, 80), assignment(21, 30, 80)], range)).toEqual({ peak: 0, from: at(10) });
  });

  it('starts at the range start for an assignment that began before it', () => {
    expect(peakAllocation([assignment(0, 40, 30)], range)).toEqual({ peak: 30, from: at(10) });
  });

  it('names the first moment of the peak inside the range', () => {
    expect(peakAllocation([assignment(0, 40, 20), assignment(14, 16, 50), assignment(17, 19, 50)], range)).toEqual({ peak: 70, from: at(14) });
  });

  it('does not add assignments that follow one another (one ends the day before the next starts)', () => {
    expect(peakAllocation([assignment(5, 14, 50), assignment(15, 25, 60)], range)).toEqual({ peak: 60, from: at(15) });
  });

  it('adds assignments that share a day, from that day', () => {
    expect(peakAllocation([assignment(5, 15, 50), assignment(15, 25, 60)], range)).toEqual({ peak: 110, from: at(15) });
  });
});

describe('skillsMatchingFirst', () => {
  const skills = ['Swift', 'AWS', 'TypeScript', 'React', 'Go'];
  const filter = (search: string, chosen: string[] = []) => ({ search, skills: chosen });
  it('puts the chosen skills first, the rest in their order', () => {
    expect(skillsMatchingFirst(skills, filter('', ['React']))).toEqual(['React', 'Swift', 'AWS', 'TypeScript', 'Go']);
    expect(skillsMatchingFirst(skills, filter('', ['Go', 'React']))).toEqual(['React', 'Go', 'Swift', 'AWS', 'TypeScript']);
  });
  it('puts skills the search text is part of first, case-insensitively', () => {
    expect(skillsMatchingFirst(skills, filter(' reac '))).toEqual(['React', 'Swift', 'AWS', 'TypeScript', 'Go']);
  });
  it('keeps the same list when nothing is asked for or nothing matches', () => {
    expect(skillsMatchingFirst(skills, filter(''))).toBe(skills);
    expect(skillsMatchingFirst(skills, filter('Ada'))).toBe(skills);
  });
});
