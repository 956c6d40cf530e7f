import { describe, expect, it } from 'vitest';
import { deciderSpec } from '../../tests/support/decider-spec.ts';
import type { EngineerEvent, EngineerRegistered } from '../events.ts';
import { evolveEngineerRecord } from '../evolve.ts';
import { decideLockWeek, decideRecordActuals, decideUnlockWeek } from './decide.ts';
import type { ActualsEvent } from './events.ts';
import { recordActualsInput, unlockWeekInput } from './inputs.ts';

const engineerId = '0190a000-0000-7000-8000-000000000003';
const colleagueId = '0190a000-0000-7000-8000-000000000004';
const managerId = '0190a000-0000-7000-8000-000000000005';
const self = { id: engineerId, role: 'engineer' };
const colleague = { id: colleagueId, role: 'engineer' };
const manager = { id: managerId, role: 'manager' };
const auditor = { id: managerId, role: 'auditor' };
const week = '2026-W47';
const known = new Set(['portal', 'billing']);
const projectExists = (id: string) => known.has(id);

const registered: EngineerRegistered = {
  type: 'EngineerRegistered',
  data: { engineerId, name: 'Ada Lovelace', email: 'ada@demo.test', department: 'Platform', skills: [], seniority: 'senior', maxCapacity: 100 },
};
const recorded = (entries: { projectId: string; hours: number }[], extra: Record<string, unknown> = {}): ActualsEvent =>
  ({ type: 'ActualsRecorded', data: { engineerId, week, entries, ...extra } }) as ActualsEvent;
const locked: ActualsEvent = { type: 'ActualsWeekLocked', data: { engineerId, week } };
const unlocked = (reason: string): ActualsEvent => ({ type: 'ActualsWeekUnlocked', data: { engineerId, week, reason } });

const asPlanned = [{ projectId: 'portal', hours: 30 }, { projectId: 'billing', hours: 10 }];

describe('decideRecordActuals', () => {
  const spec = deciderSpec<ReturnType<typeof evolveEngineerRecord>, EngineerEvent, Parameters<typeof decideRecordActuals>[1]>(
    (state, command) => decideRecordActuals(state, command), evolveEngineerRecord,
  );
  const record = (input: Record<string, unknown>, actor = self) => ({ week, input: recordActualsInput.parse(input), actor, projectExists });

  it('the engineer records their own week, with a note', () => {
    spec([registered]).when(record({ entries: asPlanned, note: 'As planned' })).then([recorded(asPlanned, { note: 'As planned' })]);
  });

  it('a change keeps what it replaced; zero-hour lines are left out', () => {
    const changed = [{ projectId: 'portal', hours: 34 }, { projectId: 'billing', hours: 0 }];
    spec([registered, recorded(asPlanned)]).when(record({ entries: changed })).then([recorded([{ projectId: 'portal', hours: 34 }], { previous: asPlanned })]);
  });

  it('recording the same week again changes nothing', () => {
    spec([registered, recorded(asPlanned)]).when(record({ entries: asPlanned })).thenNothing();
  });

  it("refuses another engineer's week and an auditor (403)", () => {
    spec([registered]).when(record({ entries: asPlanned }, colleague)).thenThrows('forbidden', 'Engineers may record only their own actuals');
    spec([registered]).when(record({ entries: asPlanned }, auditor)).thenThrows('forbidden', 'Engineers may record only their own actuals');
  });

  it('a manager records anyone\'s week', () => {
    spec([registered]).when(record({ entries: asPlanned }, manager)).then([recorded(asPlanned)]);
  });

  it('refuses a project that does not exist, naming its line', () => {
    spec([registered]).when(record({ entries: [{ projectId: 'nope', hours: 4 }] })).thenThrows('invalid', 'Project not found: nope', 'entries.0.projectId');
  });

  it('refuses an engineer that does not exist', () => {
    spec([]).when(record({ entries: asPlanned }, manager)).thenThrows('not-found', 'Engineer not found');
  });

  describe('the lock', () => {
    it('an engineer can no longer change a locked week (409 WEEK_LOCKED)', () => {
      spec([registered, recorded(asPlanned), locked]).when(record({ entries: [] })).thenThrows('conflict', 'Week 2026-W47 is locked: ask a manager to change it');
      let code: string | undefined;
      try {
        decideRecordActuals(evolveEngineerRecord(evolveEngineerRecord(null, registered, 1), locked, 2), record({ entries: [] }));
      } catch (error) {
        code = (error as { code?: string }).code;
      }
      expect(code).toBe('WEEK_LOCKED');
    });

    it('a manager changes a locked week only with a reason, which the event keeps', () => {
      spec([registered, recorded(asPlanned), locked]).when(record({ entries: [] }, manager)).thenThrows('invalid', 'A reason is required to change a locked week', 'reason');
      spec([registered, recorded(asPlanned), locked])
        .when(record({ entries: [{ projectId: 'portal', hours: 40 }], reason: 'Billing was booked by mistake' }, manager))
        .then([recorded([{ projectId: 'portal', hours: 40 }], { reason: 'Billing was booked by mistake', previous: asPlanned })]);
    });

    it('an unlocked week is the engineer\'s again', () => {
      spec([registered, recorded(asPlanned), locked, unlocked('Late timesheet')]).when(record({ entries: [] })).then([recorded([], { previous: asPlanned })]);
    });
  });
});

describe('decideLockWeek and decideUnlockWeek', () => {
  type State = ReturnType<typeof evolveEngineerRecord>;
  const lockSpec = deciderSpec<State, EngineerEvent, Parameters<typeof decideLockWeek>[1]>(decideLockWeek, evolveEngineerRecord);
  const unlockSpec = deciderSpec<State, EngineerEvent, Parameters<typeof decideUnlockWeek>[1]>(decideUnlockWeek, evolveEngineerRecord);

  it('a manager locks a week, recorded or not; locking it again changes nothing', () => {
    lockSpec([registered]).when({ week, actor: manager }).then([locked]);
    lockSpec([registered, recorded(asPlanned)]).when({ week, actor: manager }).then([locked]);
    lockSpec([registered, locked]).when({ week, actor: manager }).thenNothing();
  });

  it('only managers lock and unlock', () => {
    lockSpec([registered]).when({ week, actor: self }).thenThrows('forbidden', 'Only managers lock and unlock weeks');
    unlockSpec([registered, locked]).when({ week, reason: 'x', actor: auditor }).thenThrows('forbidden', 'Only managers lock and unlock weeks');
  });

  it('unlocking keeps its reason; an open week needs nothing; a reason is required', () => {
    unlockSpec([registered, locked]).when({ week, reason: 'Late timesheet', actor: manager }).then([unlocked('Late timesheet')]);
    unlockSpec([registered]).when({ week, reason: 'Late timesheet', actor: manager }).thenNothing();
    unlockSpec([registered, locked]).when({ week, reason: ' ', actor: manager }).thenThrows('invalid', 'A reason is required to unlock a week', 'reason');
    expect(unlockWeekInput.safeParse({ reason: '' }).success).toBe(false);
  });
});

describe('recordActualsInput', () => {
  const issues = (input: unknown) => {
    const result = recordActualsInput.safeParse(input);
    return result.success ? [] : result.error.issues.map((issue) => [issue.path.join('.'), issue.message]);
  };

  it.each([
    [{ entries: [{ projectId: 'portal', hours: -1 }] }, 'entries.0.hours', 'Hours must be a number of 0 or more'],
    [{ entries: [{ projectId: 'portal', hours: 'ten' }] }, 'entries.0.hours', 'Hours must be a number of 0 or more'],
    [{ entries: [{ projectId: 'portal', hours: 169 }] }, 'entries.0.hours', 'A week has at most 168 hours (24 a day)'],
    [{ entries: [{ projectId: 'portal', hours: 100 }, { projectId: 'billing', hours: 69 }] }, 'entries', 'A week has at most 168 hours (24 a day)'],
    [{ entries: [{ projectId: 'portal', hours: 1 }, { projectId: 'portal', hours: 2 }] }, 'entries', 'Each project may appear once in a week'],
    [{ entries: [{ projectId: '', hours: 2 }] }, 'entries.0.projectId', 'Project is required'],
    [{ entries: [], note: 'x'.repeat(501) }, 'note', 'Note must be at most 500 characters'],
  ])('refuses %j: %s', (input, path, message) => {
    expect(issues(input)).toContainEqual([path, message]);
  });

  it('takes 24 hours on each of 7 days', () => {
    expect(issues({ entries: [{ projectId: 'portal', hours: 100 }, { projectId: 'billing', hours: 68 }] })).toEqual([]);
  });
});
