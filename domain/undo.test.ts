import { describe, expect, it } from 'vitest';
import { deciderSpec } from '../tests/support/decider-spec.ts';
import { decideCommand, defaultCalendarOr, type PlanReader } from './commands/table.ts';
import type { PlanningCommand } from './commands/planning-commands.ts';
import { decideCreateAssignment } from './decide/planning.ts';
import { describeDeed, describeUndo } from './describe.ts';
import type { Engineer } from './entities.ts';
import {
  evolveAssignment, evolveCalendar, evolveEngineerRecord, evolveProjectRecord, type Calendar, type EngineerRecord, type ProjectRecord,
} from './evolve.ts';
import {
  streamEntity, streamIds, type AssignmentCreated, type AssignmentEvent, type AssignmentUpdated, type CalendarEvent, type EngineerEvent,
  type EngineerRegistered, type PlaceholderAdded, type PlanningEvent, type ProjectCreated, type ProjectEvent, type TimeOffBooked,
} from './events.ts';
import { compensationsOf, NotUndoable, unchangedSince, undoMessages, type WrittenByCommand } from './undo.ts';

// ---- fixtures

const projectId = 'p1';
const assignmentId = 'a1';
const engineerId = 'e1';
const otherEngineerId = 'e2';
const placeholderId = 'ph1';
const timeOffId = 't1';
const project = `project-${projectId}`;
const assignment = `assignment-${assignmentId}`;
const engineer = `engineer-${engineerId}`;

const projectCreated: ProjectCreated = {
  type: 'ProjectCreated',
  data: {
    projectId, name: 'Portal', description: 'The customer portal', startDate: '2026-07-01T00:00:00.000Z', endDate: '2026-12-31T00:00:00.000Z',
    teamSize: 4, requiredSkills: ['Go'], status: 'active', managerId: 'm1',
  },
};
const engineerRegistered = (id = engineerId, name = 'Sam'): EngineerRegistered => ({
  type: 'EngineerRegistered',
  data: { engineerId: id, name, email: `${name.toLowerCase()}@demo.test`, department: 'Platform', skills: ['Go'], seniority: 'mid', maxCapacity: 100 },
});
const assignmentCreated: AssignmentCreated = {
  type: 'AssignmentCreated',
  data: { assignmentId, engineerId, projectId, role: 'Backend', allocationPercentage: 50, startDate: '2026-07-06T00:00:00.000Z', endDate: '2026-08-31T00:00:00.000Z' },
};
const allocationTo = (from: number, to: number): AssignmentUpdated => ({
  type: 'AssignmentUpdated', data: { assignmentId, changes: { allocationPercentage: to }, previous: { allocationPercentage: from } },
});
const assignmentRemoved: AssignmentEvent = { type: 'AssignmentRemoved', data: { assignmentId } };
const placeholderAdded: PlaceholderAdded = {
  type: 'PlaceholderAdded',
  data: { placeholderId, projectId, role: 'SRE', skills: ['Kubernetes'], allocationPercentage: 40, startDate: '2026-07-06T00:00:00.000Z', endDate: '2026-09-30T00:00:00.000Z' },
};
const timeOffBooked: TimeOffBooked = { type: 'TimeOffBooked', data: { timeOffId, engineerId, from: '2026-08-03', to: '2026-08-07', kind: 'vacation', note: 'Lisbon' } };

// ---- an in-memory plan: streams of events, folded the way the live handler folds them

type Streams = Record<string, PlanningEvent[]>;

function fold(streamId: string, events: readonly PlanningEvent[]): unknown {
  const kind = streamEntity(streamId)!.kind;
  const evolve = {
    assignment: evolveAssignment, project: evolveProjectRecord, engineer: evolveEngineerRecord, calendar: evolveCalendar, account: () => null, team: () => null, staffing: () => null, view: () => null,
  }[kind] as (s: unknown, e: PlanningEvent, v: number) => unknown;
  return events.reduce<unknown>((s, e, i) => evolve(s, e, i + 1), null);
}

function readerOf(streams: Streams): PlanReader {
  const state = <S>(id: string) => (fold(id, streams[id] ?? []) ?? null) as S | null;
  return {
    assignment: (id) => state(`assignment-${id}`),
    projectPlan: (id) => state<ProjectRecord>(`project-${id}`),
    project: (id) => state<ProjectRecord>(`project-${id}`)?.project ?? null,
    engineerRecord: (id) => state<EngineerRecord>(`engineer-${id}`),
    engineer: (id) => state<EngineerRecord>(`engineer-${id}`)?.engineer ?? null,
    calendar: (id) => state<Calendar>(streamIds.calendar(id)),
    holidayCalendar: (id) => defaultCalendarOr(null, id),
    holidayCalendars: () => Object.keys(streams).filter((id) => id.startsWith('calendar')).flatMap((id) => {
      const folded = state<Calendar>(id);
      return folded ? [folded.calendar] : [];
    }),
    calendarFollowers: () => [],
    lockedWeeks: () => [],
  };
}

/** Runs commands through the one command table on the in-memory plan, appending their events; answers the events per stream. */
function run(streams: Streams, commands: readonly PlanningCommand[]): Record<string, PlanningEvent[]> {
  const appended: Record<string, PlanningEvent[]> = {};
  for (const command of commands) {
    for (const { streamId, events } of decideCommand(command, { read: readerOf(streams), actor: { id: 'm1', role: 'manager' } })) {
      streams[streamId] = [...(streams[streamId] ?? []), ...events];
      if (events.length > 0) appended[streamId] = [...(appended[streamId] ?? []), ...events];
    }
  }
  return appended;
}

/**
 * A stream's state for "folded back to what it was": versions move on, and a project remembers how its
 * placeholders closed (a placeholder added and removed again was closed, not never there).
 */
const comparable = (streamId: string, state: unknown) =>
  JSON.parse(JSON.stringify(state ?? (streamId === 'calendar' ? { calendar: { _id: 'default', name: 'Default' }, holidays: {} } : null), (key, v: unknown) => (key === 'version' || key === 'closed' ? undefined : v)));

/**
 * Given the streams as they were, when a write appended `done` (per stream) and is undone, then the
 * compensating commands append these events, and every stream the write touched folds back to what it was.
 */
function undoSpec(given: Streams) {
  return {
    when(done: Record<string, PlanningEvent[]>) {
      const streams: Streams = Object.fromEntries(Object.entries(given).map(([id, events]) => [id, [...events]]));
      const written: WrittenByCommand[] = Object.entries(done).map(([streamId, events]) => {
        const before = [...(streams[streamId] ?? [])];
        streams[streamId] = [...before, ...events];
        return { streamId, before, done: events };
      });
      return {
        then(expected: Record<string, PlanningEvent[]>) {
          const appended = run(streams, compensationsOf(written));
          expect(appended).toEqual(expected);
          for (const { streamId, before } of written) expect(comparable(streamId, fold(streamId, streams[streamId]!))).toEqual(comparable(streamId, fold(streamId, before)));
        },
        thenRefused(message: string) {
          expect(() => compensationsOf(written)).toThrow(NotUndoable);
          expect(() => compensationsOf(written)).toThrow(message);
        },
      };
    },
  };
}

const plan = (extra: Streams = {}): Streams => ({
  [project]: [projectCreated],
  [engineer]: [engineerRegistered()],
  [`engineer-${otherEngineerId}`]: [engineerRegistered(otherEngineerId, 'Priya')],
  ...extra,
});

describe('undo of assignment writes', () => {
  it('an update goes back to what it replaced', () => {
    undoSpec(plan({ [assignment]: [assignmentCreated] }))
      .when({ [assignment]: [allocationTo(50, 80)] })
      .then({ [assignment]: [allocationTo(80, 50)] });
  });

  it('a move of both dates goes back, and a reassignment goes back to whoever had it', () => {
    const moved: AssignmentUpdated = {
      type: 'AssignmentUpdated',
      data: { assignmentId, changes: { startDate: '2026-07-13T00:00:00.000Z', endDate: '2026-09-07T00:00:00.000Z' }, previous: { startDate: '2026-07-06T00:00:00.000Z', endDate: '2026-08-31T00:00:00.000Z' } },
    };
    undoSpec(plan({ [assignment]: [assignmentCreated] }))
      .when({ [assignment]: [moved] })
      .then({ [assignment]: [{ type: 'AssignmentUpdated', data: { assignmentId, changes: moved.data.previous!, previous: moved.data.changes } }] });
    const handed: AssignmentUpdated = { type: 'AssignmentUpdated', data: { assignmentId, changes: { engineerId: otherEngineerId }, previous: { engineerId } } };
    undoSpec(plan({ [assignment]: [assignmentCreated] }))
      .when({ [assignment]: [handed] })
      .then({ [assignment]: [{ type: 'AssignmentUpdated', data: { assignmentId, changes: { engineerId }, previous: { engineerId: otherEngineerId } } }] });
  });

  it('a creation is removed', () => {
    undoSpec(plan()).when({ [assignment]: [assignmentCreated] }).then({ [assignment]: [assignmentRemoved] });
  });

  it('a removal is created again, under its own id, as it was when removed (the stream goes on)', () => {
    undoSpec(plan({ [assignment]: [assignmentCreated, allocationTo(50, 70)] }))
      .when({ [assignment]: [assignmentRemoved] })
      .then({ [assignment]: [{ ...assignmentCreated, data: { ...assignmentCreated.data, allocationPercentage: 70 } }] });
  });

  it('a change that changed nothing has nothing to undo', () => {
    undoSpec(plan({ [assignment]: [assignmentCreated] })).when({ [assignment]: [] }).thenRefused(undoMessages.nothing);
  });
});

describe('whether a write can still be undone as it was', () => {
  it('yes when nothing came after it, or only changes that were undone; no when the record changed since', () => {
    const events = [assignmentCreated, allocationTo(50, 80)];
    expect(unchangedSince(assignment, events, 2)).toBe(true);
    // Then 80 -> 90 and its undo 90 -> 80: the change at position 2 can be undone next.
    expect(unchangedSince(assignment, [...events, allocationTo(80, 90), allocationTo(90, 80)], 2)).toBe(true);
    expect(unchangedSince(assignment, [...events, allocationTo(80, 90)], 2)).toBe(false);
    expect(unchangedSince(assignment, [...events, assignmentRemoved], 2)).toBe(false);
  });
});

describe('an assignment stream after its removal (what an undone removal relies on)', () => {
  const create = deciderSpec(decideCreateAssignment, evolveAssignment);
  const sam: Engineer = fold(engineer, [engineerRegistered()]) as EngineerRecord extends { engineer: infer E } ? E : never;
  const portal = (fold(project, [projectCreated]) as ProjectRecord).project;
  const { assignmentId: _id, ...input } = assignmentCreated.data;

  it('given a removed assignment, when it is created under its id again, then it is back', () => {
    create([assignmentCreated, assignmentRemoved])
      .when({ assignmentId, input, engineer: sam, project: portal })
      .then([assignmentCreated]);
  });

  it('given a live assignment, creating it again is refused', () => {
    create([assignmentCreated]).when({ assignmentId, input, engineer: sam, project: portal }).thenThrows('conflict', 'Assignment already exists');
  });

  it('given a removed assignment whose project completed since, it is not created again', () => {
    create([assignmentCreated, assignmentRemoved])
      .when({ assignmentId, input, engineer: sam, project: { ...portal, status: 'completed' } })
      .thenThrows('invalid', 'Cannot assign engineers to a completed project', 'projectId');
  });
});

describe('undo of project writes', () => {
  it('an edit of fields and a status move go back', () => {
    const edit: ProjectEvent[] = [
      { type: 'ProjectUpdated', data: { projectId, changes: { name: 'Portal 2', teamSize: 6 }, previous: { name: 'Portal', teamSize: 4 } } },
      { type: 'ProjectStatusChanged', data: { projectId, from: 'active', to: 'completed' } },
    ];
    undoSpec(plan()).when({ [project]: edit }).then({
      [project]: [
        { type: 'ProjectUpdated', data: { projectId, changes: { name: 'Portal', teamSize: 4 }, previous: { name: 'Portal 2', teamSize: 6 } } },
        { type: 'ProjectStatusChanged', data: { projectId, from: 'completed', to: 'active' } },
      ],
    });
  });

  it('a status move with no way back is refused', () => {
    const planning = { ...projectCreated, data: { ...projectCreated.data, status: 'planning' as const } };
    undoSpec({ [project]: [planning] })
      .when({ [project]: [{ type: 'ProjectStatusChanged', data: { projectId, from: 'planning', to: 'active' } }] })
      .thenRefused(undoMessages.statusBack('planning', 'active'));
  });

  it('tentative and confirmed undo each other', () => {
    undoSpec(plan()).when({ [project]: [{ type: 'ProjectMarkedTentative', data: { projectId } }] }).then({ [project]: [{ type: 'ProjectConfirmed', data: { projectId } }] });
    undoSpec(plan({ [project]: [projectCreated, { type: 'ProjectMarkedTentative', data: { projectId } }] }))
      .when({ [project]: [{ type: 'ProjectConfirmed', data: { projectId } }] })
      .then({ [project]: [{ type: 'ProjectMarkedTentative', data: { projectId } }] });
  });

  it('a new project cannot be undone: projects are not deleted', () => {
    undoSpec({}).when({ [project]: [projectCreated] }).thenRefused(undoMessages.projectCreated);
  });
});

describe('undo of placeholder writes', () => {
  it('an added placeholder is removed, a removed one added again under its id, an edit goes back', () => {
    undoSpec(plan()).when({ [project]: [placeholderAdded] }).then({ [project]: [{ type: 'PlaceholderRemoved', data: { placeholderId, projectId, role: 'SRE' } }] });
    undoSpec(plan({ [project]: [projectCreated, placeholderAdded] }))
      .when({ [project]: [{ type: 'PlaceholderRemoved', data: { placeholderId, projectId, role: 'SRE' } }] })
      .then({ [project]: [placeholderAdded] });
    undoSpec(plan({ [project]: [projectCreated, placeholderAdded] }))
      .when({ [project]: [{ type: 'PlaceholderUpdated', data: { placeholderId, projectId, changes: { allocationPercentage: 60 }, previous: { allocationPercentage: 40 } } }] })
      .then({ [project]: [{ type: 'PlaceholderUpdated', data: { placeholderId, projectId, changes: { allocationPercentage: 40 }, previous: { allocationPercentage: 60 } } }] });
  });

  it('a fill is undone on both streams: the assignment removed, the placeholder open again', () => {
    const fillsAs: AssignmentCreated = {
      type: 'AssignmentCreated',
      data: { assignmentId, engineerId, projectId, role: 'SRE', allocationPercentage: 40, startDate: placeholderAdded.data.startDate, endDate: placeholderAdded.data.endDate },
    };
    undoSpec(plan({ [project]: [projectCreated, placeholderAdded] }))
      .when({ [project]: [{ type: 'PlaceholderFilled', data: { placeholderId, projectId, assignmentId, role: 'SRE' } }], [assignment]: [fillsAs] })
      .then({ [assignment]: [assignmentRemoved], [project]: [placeholderAdded] });
  });

  it('a placeholder open again can be filled again (it is no longer closed)', () => {
    const streams = plan({ [project]: [projectCreated, placeholderAdded, { type: 'PlaceholderRemoved', data: { placeholderId, projectId, role: 'SRE' } }, placeholderAdded] });
    const appended = run(streams, [{ kind: 'fillPlaceholder', projectId, placeholderId, assignmentId, engineerId }]);
    expect(appended[project]).toEqual([{ type: 'PlaceholderFilled', data: { placeholderId, projectId, assignmentId, role: 'SRE' } }]);
  });
});

describe('undo of engineer and calendar writes', () => {
  it('a booking is cancelled, a cancellation booked again with its note, a profile edit goes back', () => {
    const { note: _note, ...cancelled } = timeOffBooked.data;
    undoSpec(plan()).when({ [engineer]: [timeOffBooked] }).then({ [engineer]: [{ type: 'TimeOffCancelled', data: cancelled }] });
    undoSpec(plan({ [engineer]: [engineerRegistered(), timeOffBooked] }))
      .when({ [engineer]: [{ type: 'TimeOffCancelled', data: cancelled }] })
      .then({ [engineer]: [timeOffBooked] });
    const skills: EngineerEvent = { type: 'EngineerProfileUpdated', data: { engineerId, changes: { skills: ['Go', 'Rust'] }, previous: { skills: ['Go'] } } };
    undoSpec(plan()).when({ [engineer]: [skills] }).then({
      [engineer]: [{ type: 'EngineerProfileUpdated', data: { engineerId, changes: { skills: ['Go'] }, previous: { skills: ['Go', 'Rust'] } } }],
    });
  });

  it('a new engineer cannot be undone, nor a field set where there was none', () => {
    undoSpec({}).when({ [engineer]: [engineerRegistered()] }).thenRefused(undoMessages.engineerRegistered);
    undoSpec(plan())
      .when({ [engineer]: [{ type: 'EngineerProfileUpdated', data: { engineerId, changes: { avatar: 'https://x.test/a.png' }, previous: {} } }] })
      .thenRefused(undoMessages.cannotClear('avatar'));
  });

  it('holidays added are removed and removed ones added again', () => {
    const added: CalendarEvent = { type: 'HolidayAdded', data: { holidayId: 'h1', calendarId: 'default', date: '2026-12-25', name: 'Christmas' } };
    const removed: CalendarEvent = { type: 'HolidayRemoved', data: { holidayId: 'h1', calendarId: 'default', date: '2026-12-25', name: 'Christmas' } };
    undoSpec({}).when({ calendar: [added] }).then({ calendar: [removed] });
    undoSpec({ calendar: [added] }).when({ calendar: [removed] }).then({ calendar: [added] });
  });

  it('a calendar created is removed again, a removed one created again with its holidays, a renamed one renamed back', () => {
    const stream = 'calendar-de';
    const created: CalendarEvent = { type: 'HolidayCalendarCreated', data: { calendarId: 'de', name: 'Germany', country: 'DE' } };
    const unity: CalendarEvent = { type: 'HolidayAdded', data: { holidayId: 'd1', calendarId: 'de', date: '2026-10-03', name: 'Unity' } };
    const unityRemoved: CalendarEvent = { type: 'HolidayRemoved', data: { holidayId: 'd1', calendarId: 'de', date: '2026-10-03', name: 'Unity' } };
    const removed: CalendarEvent = { type: 'HolidayCalendarRemoved', data: { calendarId: 'de', name: 'Germany' } };
    const renamed: CalendarEvent = { type: 'HolidayCalendarRenamed', data: { calendarId: 'de', name: 'Deutschland', previous: 'Germany' } };
    undoSpec({}).when({ [stream]: [created, unity] }).then({ [stream]: [unityRemoved, removed] });
    undoSpec({ [stream]: [created, unity] }).when({ [stream]: [unityRemoved, removed] }).then({ [stream]: [created, unity] });
    undoSpec({ [stream]: [created] }).when({ [stream]: [renamed] })
      .then({ [stream]: [{ type: 'HolidayCalendarRenamed', data: { calendarId: 'de', name: 'Germany', previous: 'Deutschland' } }] });
  });

  it('account changes are refused', () => {
    expect(() => compensationsOf([{ streamId: 'account-u1', before: [], done: [] }])).toThrow(undoMessages.account);
  });
});

describe('an undo in the History', () => {
  it('tells what the reversed write did, and whose it was when someone else made it', () => {
    const deed = describeDeed(allocationTo(50, 80), { actor: 'Dana', engineer: 'Sam', project: 'Portal' });
    expect(deed).toBe("changed Sam's allocation on Portal from 50% to 80%");
    expect(describeUndo('Dana', { actor: 'Dana', deeds: [deed] })).toBe("Dana undid: changed Sam's allocation on Portal from 50% to 80%");
    expect(describeUndo('Dana', { actor: 'Lee', deeds: [deed, deed] })).toBe("Dana undid Lee's change: changed Sam's allocation on Portal from 50% to 80%");
    expect(describeUndo('Dana', null)).toBe('Dana undid a change');
  });
});
