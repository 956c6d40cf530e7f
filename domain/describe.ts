import { describeAccountEvent } from './accounts/describe.ts';
import { isAccountEvent } from './accounts/events.ts';
import { isViewEvent, type ViewEvent } from './views/events.ts';
import { describeStaffingEvent } from './staffing/describe.ts';
import { isStaffingEvent } from './staffing/events.ts';
import { isTeamEvent, type TeamEvent } from './teams/events.ts';
import { describeWorkWeek as workWeekText } from './capacity/engineer-days.ts';
import { assertNever, type PlanningEvent } from './events.ts';

export type EventNames = {
  actor: string;
  engineer?: string;
  project?: string;
  /** Any engineer's name by id: the two a reassignment names (from whom, to whom). */
  engineerName?: (id: string) => string | undefined;
  /** Any project's name by id: the projects of a recorded week. */
  projectName?: (id: string) => string | undefined;
  /** The name of the holiday calendar an event names, when it is known. */
  calendar?: string;
  /** The name of a team by id (a team's move names its old and new parent). */
  teamName?: (id: string) => string | undefined;
};

const pct = (value: unknown) => `${value}%`;
const day = (value: unknown) => (typeof value === 'string' ? value.slice(0, 10) : String(value));

function describeChanges(changes: Record<string, unknown>, previous: Record<string, unknown> | undefined): string {
  const parts = Object.entries(changes).map(([field, value]) => {
    const before = previous?.[field];
    const show = field === 'allocationPercentage' || field === 'maxCapacity' ? pct : /Date$/.test(field) ? day : (v: unknown) => (Array.isArray(v) ? v.join(', ') : String(v));
    const label = field === 'allocationPercentage' ? 'allocation' : field.replace(/([A-Z])/g, ' $1').toLowerCase();
    return before === undefined ? `${label} to ${show(value)}` : `${label} from ${show(before)} to ${show(value)}`;
  });
  return parts.join(', ');
}

/**
 * Whole days a change of both dates moved an assignment by, when that is all it did (a drag on the
 * schedule): 'moved Sam on Portal 7 days later' reads better than two date changes.
 */
function shiftedDays(changes: Record<string, unknown>, previous: Record<string, unknown> | undefined): number | null {
  const keys = Object.keys(changes).sort().join();
  if (keys !== 'endDate,startDate' || !previous) return null;
  const [start, end, wasStart, wasEnd] = [changes.startDate, changes.endDate, previous.startDate, previous.endDate].map((v) => (typeof v === 'string' ? Date.parse(v) : Number.NaN));
  const by = start! - wasStart!;
  if (!(by === end! - wasEnd!) || by === 0 || by % 86_400_000 !== 0) return null;
  return by / 86_400_000;
}
/** ' in Germany' for a holiday of a named calendar; nothing for the default one's (as before calendars had names). */
const inCalendar = (names: EventNames, calendarId: string) => (names.calendar && calendarId !== 'default' ? ` in ${names.calendar}` : '');

const timeOffLabel = { vacation: 'vacation', sick: 'sick leave', other: 'time off' } as const;

/** 'on 2026-12-24' for one day, 'from 2026-12-24 to 2026-12-31' for several. */
const days = (from: string, to: string) => (from === to ? `on ${from}` : `from ${from} to ${to}`);

/** 'Portal 30 h, Billing 8 h', or 'no hours' for an empty week. */
function entriesText(entries: readonly { projectId: string; hours: number }[], names: EventNames): string {
  if (entries.length === 0) return 'no hours';
  return entries.map((e) => `${names.projectName?.(e.projectId) ?? 'a project'} ${e.hours} h`).join(', ');
}

/** One readable sentence per event for the History screen: "<actor> changed <engineer>'s allocation on <project> from 50% to 80%". */
export function describeEvent(event: PlanningEvent, names: EventNames): string {
  const engineer = names.engineer ?? 'an engineer';
  const project = names.project ?? 'a project';
  if (isViewEvent(event)) return describeViewEvent(event, names.actor);
  if (isAccountEvent(event)) return describeAccountEvent(event, names.actor, names.teamName);
  if (isStaffingEvent(event)) return describeStaffingEvent(event, names);
  if (isTeamEvent(event)) return describeTeamEvent(event, names);
  switch (event.type) {
    case 'ProjectCreated':
      return `${names.actor} created project ${event.data.name} (${event.data.status})`;
    case 'ProjectUpdated':
      return `${names.actor} changed ${project}: ${describeChanges(event.data.changes, event.data.previous)}`;
    case 'ProjectStatusChanged':
      return `${names.actor} moved ${project} from ${event.data.from} to ${event.data.to}`;
    case 'AssignmentCreated':
      return `${names.actor} assigned ${engineer} to ${project} as ${event.data.role} at ${pct(event.data.allocationPercentage)} from ${day(event.data.startDate)} to ${day(event.data.endDate)}`;
    case 'AssignmentUpdated': {
      const { changes: all, previous: before } = event.data;
      if (all.engineerId !== undefined) {
        const { engineerId: to, ...changes } = all;
        const { engineerId: from, ...previous } = before ?? {};
        const fromName = (from !== undefined ? names.engineerName?.(from) : undefined) ?? 'an engineer';
        const toName = names.engineerName?.(to) ?? 'another engineer';
        const rest = Object.keys(changes).length > 0 ? `; ${describeChanges(changes, previous)}` : '';
        return `${names.actor} moved ${fromName}'s assignment on ${project} to ${toName}${rest}`;
      }
      const changes = all;
      const previous = before;
      const keys = Object.keys(changes);
      const shift = shiftedDays(changes, previous);
      if (shift !== null) {
        const direction = shift > 0 ? 'later' : 'earlier';
        return `${names.actor} moved ${engineer} on ${project} ${Math.abs(shift) === 1 ? '1 day' : `${Math.abs(shift)} days`} ${direction}, to ${day(changes.startDate)} - ${day(changes.endDate)}`;
      }
      if (keys.length === 1 && keys[0] === 'allocationPercentage' && previous?.allocationPercentage !== undefined) {
        // An allocation is changed, not moved: 'moved' is kept for dates and for a hand-over to someone else.
        return `${names.actor} changed ${engineer}'s allocation on ${project} from ${pct(previous.allocationPercentage)} to ${pct(changes.allocationPercentage)}`;
      }
      return `${names.actor} changed ${engineer} on ${project}: ${describeChanges(changes, previous)}`;
    }
    case 'AssignmentRemoved':
      return `${names.actor} removed ${engineer} from ${project}`;
    case 'EngineerRegistered':
      return `${names.actor} added engineer ${event.data.name} (${event.data.seniority}, ${pct(event.data.maxCapacity)} capacity)`;
    case 'EngineerProfileUpdated':
      return `${names.actor} changed ${engineer}: ${describeChanges(event.data.changes, event.data.previous)}`;
    case 'TimeOffBooked': {
      const { kind, from, to, note } = event.data;
      const whose = names.engineer === names.actor ? '' : ` for ${engineer}`;
      return `${names.actor} booked ${timeOffLabel[kind]}${whose} ${days(from, to)}${note ? ` (${note})` : ''}`;
    }
    case 'TimeOffCancelled': {
      const { kind, from, to } = event.data;
      const whose = names.engineer === names.actor ? 'their' : `${engineer}'s`;
      return `${names.actor} cancelled ${whose} ${timeOffLabel[kind]} ${days(from, to)}`;
    }
    case 'EngineerWorkWeekChanged':
      return `${names.actor} set ${engineer}'s work week to ${workWeekText(event.data.days)} from ${event.data.from}${event.data.previous ? ` (was ${workWeekText(event.data.previous)})` : ''}`;
    case 'EngineerCalendarChanged':
      return `${names.actor} moved ${engineer} to the ${names.calendar ?? event.data.calendarId} holiday calendar from ${event.data.from}`;
    case 'EngineerStartDateSet':
      return event.data.date === null
        ? `${names.actor} cleared ${engineer}'s start date${event.data.previous ? ` (was ${event.data.previous})` : ''}`
        : `${names.actor} set ${engineer}'s start date to ${event.data.date}`;
    case 'EngineerLeaving':
      return `${names.actor} recorded that ${engineer} leaves on ${event.data.date}`;
    case 'EngineerLeavingCancelled':
      return `${names.actor} cancelled ${engineer}'s leave date ${event.data.date}`;
    case 'ActualsRecorded': {
      const { week, entries, note, reason, previous } = event.data;
      const whose = names.engineer === names.actor ? 'their' : `${engineer}'s`;
      const was = previous ? ` (was ${entriesText(previous, names)})` : '';
      return `${names.actor} recorded ${whose} week ${week}: ${entriesText(entries, names)}${was}${note ? `; note: ${note}` : ''}${reason ? `; reason: ${reason}` : ''}`;
    }
    case 'ActualsWeekLocked':
      return `${names.actor} locked ${engineer}'s week ${event.data.week}`;
    case 'ActualsWeekUnlocked':
      return `${names.actor} unlocked ${engineer}'s week ${event.data.week}; reason: ${event.data.reason}`;
    case 'HolidayAdded':
      return `${names.actor} added the holiday ${event.data.name} on ${event.data.date}${inCalendar(names, event.data.calendarId)}`;
    case 'HolidayRemoved':
      return `${names.actor} removed the holiday ${event.data.name} on ${event.data.date}${inCalendar(names, event.data.calendarId)}`;
    case 'HolidayCalendarCreated': {
      const { name, country, region } = event.data;
      const from = country ? ` for ${region ? `${country}-${region}` : country}` : '';
      return `${names.actor} created the holiday calendar ${name}${from}`;
    }
    case 'HolidayCalendarRenamed':
      return `${names.actor} renamed the holiday calendar ${event.data.previous} to ${event.data.name}`;
    case 'HolidayCalendarRemoved':
      return `${names.actor} removed the holiday calendar ${event.data.name}`;
    case 'HolidayCalendarRuleSet': {
      const { rule } = event.data;
      const calendar = names.calendar ?? (event.data.calendarId === 'default' ? 'Default' : 'a holiday calendar');
      if (!rule) return `${names.actor} stopped the holiday calendar ${calendar} following public holidays`;
      return `${names.actor} set the holiday calendar ${calendar} to the public holidays of ${rule.region ? `${rule.country}-${rule.region}` : rule.country}, every year`;
    }
    case 'ProjectMarkedTentative':
      return `${names.actor} marked ${project} as tentative`;
    case 'ProjectConfirmed':
      return `${names.actor} confirmed ${project}`;
    case 'PlaceholderAdded':
      return `${names.actor} added a ${event.data.role} placeholder to ${project} at ${pct(event.data.allocationPercentage)} from ${day(event.data.startDate)} to ${day(event.data.endDate)}`;
    case 'PlaceholderUpdated':
      return `${names.actor} changed a placeholder on ${project}: ${describeChanges(event.data.changes, event.data.previous)}`;
    case 'PlaceholderRemoved':
      return `${names.actor} removed the ${event.data.role} placeholder from ${project}`;
    case 'PlaceholderFilled':
      return `${names.actor} filled the ${event.data.role} placeholder on ${project} with ${engineer}`;
    case 'EngineerTeamChanged':
      return `${names.actor} moved ${engineer} to team ${event.data.teamName} from ${event.data.from}`;
    case 'EngineerTeamChangeUndone':
      return `${names.actor} took ${engineer} out of team ${event.data.teamName} again (undo): back in ${event.data.department}`;
    default:
      return assertNever(event);
  }
}

/** A private view's name is its owner's alone: the history says only that one was saved or removed. */
function describeViewEvent(event: ViewEvent, actor: string): string {
  const what = event.data.shared ? `the shared view "${event.data.name}"` : 'a private view';
  return `${actor} ${event.type === 'ViewSaved' ? 'saved' : 'removed'} ${what}`;
}

/** What an event says was done, without who did it: "changed Sam's allocation on Portal from 50% to 80%". */
export function describeDeed(event: PlanningEvent, names: EventNames): string {
  const sentence = describeEvent(event, names);
  return sentence.startsWith(`${names.actor} `) ? sentence.slice(names.actor.length + 1) : sentence;
}

/**
 * The sentence of an undo's event, from the write it reversed (`undone`: who made it and what its
 * events on the same record said): "Dana undid: changed Sam's allocation on Portal from 50% to 80%", or "Dana undid
 * Lee's change: ..." when the write was someone else's. Without the write (not found) it says so.
 */
export function describeUndo(actor: string, undone: { actor: string; deeds: readonly string[] } | null): string {
  if (!undone || undone.deeds.length === 0) return `${actor} undid a change`;
  const whose = undone.actor === actor ? '' : ` ${undone.actor}'s change`;
  return `${actor} undid${whose}: ${[...new Set(undone.deeds)].join('; ')}`;
}

/**
 * The sentence of an event a published scenario appended: what it did, from which scenario and who
 * published it, and for a change a proposal drafted, that it was proposed and why:
 * "Dana handed ... (published from scenario Resolve overloads by Dana; proposed: Jordan is at 110 % in W01-W02; ...)".
 */
export function describePublished(summary: string, published: { scenario: string; actor: string; proposed?: string }): string {
  const proposed = published.proposed ? `; proposed: ${published.proposed}` : '';
  return `${summary} (published from scenario ${published.scenario} by ${published.actor}${proposed})`;
}

/** A team's sentence: "Dana created team Data inside Engineering". */
function describeTeamEvent(event: TeamEvent, names: EventNames): string {
  const parent = (id: string | null) => (id === null ? 'the top level' : names.teamName?.(id) ?? 'another team');
  switch (event.type) {
    case 'TeamCreated':
      return `${names.actor} created team ${event.data.name}${event.data.parentId ? ` inside ${parent(event.data.parentId)}` : ''}`;
    case 'TeamRenamed':
      return `${names.actor} renamed team ${event.data.previous} to ${event.data.name}`;
    case 'TeamMoved':
      return `${names.actor} moved team ${event.data.name} from ${parent(event.data.previous)} to ${parent(event.data.parentId)}`;
    case 'TeamRemoved':
      return `${names.actor} removed team ${event.data.name}`;
  }
}
