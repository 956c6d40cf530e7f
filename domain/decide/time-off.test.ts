import { describe, expect, it } from 'vitest';
import { deciderSpec } from '../../tests/support/decider-spec.ts';
import { decideBookTimeOff, decideCancelTimeOff } from './time-off.ts';
import type { EngineerEvent, EngineerRegistered, TimeOffBooked } from '../events.ts';
import { evolveEngineerRecord } from '../evolve.ts';
import { bookTimeOffInput } from '../inputs.ts';

const engineerId = '0190a000-0000-7000-8000-000000000003';
const colleagueId = '0190a000-0000-7000-8000-000000000004';
const managerId = '0190a000-0000-7000-8000-000000000005';
const timeOffId = '0190a000-0000-7000-8000-000000000010';
const laterId = '0190a000-0000-7000-8000-000000000011';

const manager = { id: managerId, role: 'manager' };
const self = { id: engineerId, role: 'engineer' };
const colleague = { id: colleagueId, role: 'engineer' };
const auditor = { id: managerId, role: 'auditor' };

const registered: EngineerRegistered = {
  type: 'EngineerRegistered',
  data: { engineerId, name: 'Ada Lovelace', email: 'ada@demo.test', department: 'Platform', skills: [], seniority: 'senior', maxCapacity: 100 },
};
const booked = (overrides: Partial<TimeOffBooked['data']> = {}): TimeOffBooked => ({
  type: 'TimeOffBooked',
  data: { timeOffId, engineerId, from: '2026-12-21', to: '2026-12-24', kind: 'vacation', ...overrides },
});
const book = (input: Record<string, unknown>) => bookTimeOffInput.parse({ kind: 'vacation', ...input });

describe('decideBookTimeOff', () => {
  const spec = deciderSpec(decideBookTimeOff, evolveEngineerRecord);

  it('a manager books an engineer whole days off', () => {
    spec([registered])
      .when({ timeOffId, input: book({ from: '2026-12-21', to: '2026-12-24' }), actor: manager })
      .then([booked()]);
  });

  it('an engineer books their own, with a note; one day is from = to', () => {
    spec([registered])
      .when({ timeOffId, input: book({ from: '2026-12-21', to: '2026-12-21', kind: 'sick', note: 'Dentist' }), actor: self })
      .then([booked({ to: '2026-12-21', kind: 'sick', note: 'Dentist' })]);
  });

  it("refuses an engineer booking a colleague's time off, and an auditor", () => {
    const command = { timeOffId, input: book({ from: '2026-12-21', to: '2026-12-24' }) };
    spec([registered]).when({ ...command, actor: colleague }).thenThrows('forbidden', 'Engineers may book and cancel only their own time off');
    spec([registered]).when({ ...command, actor: auditor }).thenThrows('forbidden', 'Engineers may book and cancel only their own time off');
  });

  it('refuses an engineer that does not exist', () => {
    spec([]).when({ timeOffId, input: book({ from: '2026-12-21', to: '2026-12-24' }), actor: manager }).thenThrows('not-found', 'Engineer not found');
  });

  it.each([
    ['the same days', '2026-12-21', '2026-12-24'],
    ['its last day', '2026-12-24', '2026-12-31'],
    ['its first day', '2026-12-14', '2026-12-21'],
    ['days around it', '2026-12-01', '2026-12-31'],
  ])('refuses a booking over %s of an existing one', (_case, from, to) => {
    spec([registered, booked()])
      .when({ timeOffId: laterId, input: book({ from, to }), actor: manager })
      .thenThrows('conflict', 'This engineer already has time off from 2026-12-21 to 2026-12-24', 'from');
  });

  it('books the days right after an existing booking', () => {
    spec([registered, booked()])
      .when({ timeOffId: laterId, input: book({ from: '2026-12-25', to: '2026-12-26' }), actor: self })
      .then([booked({ timeOffId: laterId, from: '2026-12-25', to: '2026-12-26' })]);
  });

  it('books again the days of a cancelled booking', () => {
    const cancelled: EngineerEvent = { type: 'TimeOffCancelled', data: { timeOffId, engineerId, from: '2026-12-21', to: '2026-12-24', kind: 'vacation' } };
    spec([registered, booked(), cancelled])
      .when({ timeOffId: laterId, input: book({ from: '2026-12-21', to: '2026-12-24' }), actor: manager })
      .then([booked({ timeOffId: laterId })]);
  });
});

describe('decideCancelTimeOff', () => {
  const spec = deciderSpec(decideCancelTimeOff, evolveEngineerRecord);
  const cancelled: EngineerEvent = { type: 'TimeOffCancelled', data: { timeOffId, engineerId, from: '2026-12-21', to: '2026-12-24', kind: 'vacation' } };

  it('a manager or the engineer cancels a booking; the event keeps its days and kind for the history', () => {
    spec([registered, booked({ note: 'Ski trip' })]).when({ timeOffId, actor: manager }).then([cancelled]);
    spec([registered, booked()]).when({ timeOffId, actor: self }).then([cancelled]);
  });

  it("refuses a colleague's cancellation", () => {
    spec([registered, booked()]).when({ timeOffId, actor: colleague }).thenThrows('forbidden', 'Engineers may book and cancel only their own time off');
  });

  it('refuses an unknown or already cancelled booking', () => {
    spec([registered]).when({ timeOffId, actor: manager }).thenThrows('not-found', 'Time off not found');
    spec([registered, booked(), cancelled]).when({ timeOffId, actor: manager }).thenThrows('not-found', 'Time off not found');
  });

  it.each(['__proto__', 'constructor', 'hasOwnProperty'])('refuses %s, a name every object inherits, as not found', (id) => {
    spec([registered, booked()]).when({ timeOffId: id, actor: manager }).thenThrows('not-found', 'Time off not found');
  });

  it('cancels one whose id is __proto__ (a scenario\'s drafts choose their ids) like any other', () => {
    spec([registered, booked({ timeOffId: '__proto__' })]).when({ timeOffId: '__proto__', actor: manager })
      .then([{ type: 'TimeOffCancelled', data: { timeOffId: '__proto__', engineerId, from: '2026-12-21', to: '2026-12-24', kind: 'vacation' } }]);
  });

  it('refuses an engineer that does not exist', () => {
    spec([]).when({ timeOffId, actor: manager }).thenThrows('not-found', 'Engineer not found');
  });
});

describe('bookTimeOffInput', () => {
  const issues = (input: unknown) => {
    const result = bookTimeOffInput.safeParse(input);
    return result.success ? [] : result.error.issues.map((issue) => [issue.path.join('.'), issue.message]);
  };

  it('takes whole dates, a kind and an optional note', () => {
    expect(bookTimeOffInput.parse({ from: '2026-12-21', to: '2026-12-24', kind: 'other', note: '  Moving house ' }))
      .toEqual({ from: '2026-12-21', to: '2026-12-24', kind: 'other', note: 'Moving house' });
  });

  it.each([
    [{ from: '2026-12-21T00:00:00Z', to: '2026-12-24', kind: 'sick' }, 'from', 'From must be a date such as 2026-12-24'],
    [{ from: '2026-02-30', to: '2026-03-02', kind: 'sick' }, 'from', 'From must be a date such as 2026-12-24'],
    [{ from: '2026-12-21', to: '2026-13-01', kind: 'sick' }, 'to', 'To must be a date such as 2026-12-24'],
    [{ from: '2026-12-21', kind: 'sick' }, 'to', 'To must be a date such as 2026-12-24'],
    [{ from: '0000-12-21', to: '2026-12-24', kind: 'sick' }, 'from', 'From must be a date in the years 1 to 9999'],
    [{ from: '2026-12-21', to: '2026-12-24', kind: 'holiday' }, 'kind', 'Kind must be vacation, sick or other'],
    [{ from: '2026-12-21', to: '2026-12-24', kind: 'sick', note: 'x'.repeat(501) }, 'note', 'Note must be at most 500 characters'],
    [{ from: '2026-12-24', to: '2026-12-21', kind: 'sick' }, 'to', 'To must be on or after from'],
  ])('refuses %j: %s', (input, path, message) => {
    expect(issues(input)).toContainEqual([path, message]);
  });
});
