/**
 * Utilisation over any range, grouped: the schedule's own capacity model (capacity/query.ts and
 * capacity-over-time.ts) read for the range and folded into groups of people. Nothing here decides
 * on which days load counts or what a day's capacity is: every figure is the sum of the figures the
 * schedule shows for the same people, periods and filters.
 *
 * - Figures are person-days (the model's percent-days / 100); FTE is person-days / the period's
 *   working days (the organisation's), which the answer's periods carry.
 * - booked is confirmed work; tentative is pipeline work beside it; overloads are judged on booked,
 *   day by day (a working day where booked is above that day's capacity counts one person-day).
 * - bench is a person's free capacity in the period: capacity less booked, never below zero, so one
 *   person's overload does not hide another's idle time.
 * - demand is open roles (placeholders), which belong to nobody: by role and by skill they go to the
 *   group of their role or of each of their skills; otherwise to one group of their own ('open-roles').
 * - planned and actual hours stand on periods that have begun, over their days up to today: planned
 *   is booked in hours (HOURS_PER_DAY a day), actual is what was recorded, a week's hours shared over
 *   its days by the person's counted days (as GET /api/actuals shares a week cut by its range).
 * - A group's figures are its people's sums. Totals are over people, each once (and every open role
 *   once): with one group per person they are the groups' sums; by skill, someone with two skills is
 *   in two groups, so the groups add up to more than the totals.
 */
import { dateOfDay, dayOfDate, FIRST_DAY, instantOf, LAST_DAY, mondayOf } from '../capacity/calendar-days.ts';
import type { CapacityFacts } from '../capacity/capacity-over-time.ts';
import { periodSumsByEngineer } from '../capacity/capacity-over-time.ts';
import type { CapacityEngineerRow } from '../capacity/contracts.ts';
import type { CapacityStep, PlaceholderDemand } from '../capacity/inputs.ts';
import { DayState, EngineerDayStates, markEngineerDays, placeholderDemand, timeOffByEngineer, UNIT, viewGrid } from '../capacity/load-days.ts';
import type { PeriodGrid } from '../capacity/periods.ts';
import { matchingEngineers } from '../capacity/query.ts';
import { localDayOf } from '../capacity/time-zone.ts';
import type { RecordedWeek } from '../actuals/variance.ts';
import { mondayOfWeek } from '../actuals/weeks.ts';
import type { ReportGrouping, ReportStep, UtilisationQuery } from './inputs.ts';

/** An open role's role and skills, by placeholder id: which group its demand belongs to. */
export type OpenRole = { role: string; skills: readonly string[] };

export type UtilisationFacts = CapacityFacts<CapacityEngineerRow> & {
  placeholders?: readonly (PlaceholderDemand & { _id?: string })[];
  /** The role each assignment names, by assignment id. */
  assignmentRoles: ReadonlyMap<string, string>;
  openRoles: ReadonlyMap<string, OpenRole>;
  /** Weeks recorded by the people, those overlapping the range. */
  actuals: readonly RecordedWeek[];
};

export type UtilisationSettings = { timeZone: string; today: string; hoursPerDay: number };

export type ReportPeriod = {
  key: string;
  start: string;
  end: string;
  /** The organisation's working days in it: FTE is person-days / workingDays. */
  workingDays: number;
  /** All its days have come (up to today included). */
  past: boolean;
  /** Today is in it: hours count to date. */
  toDate: boolean;
};

export type GroupPeriod = {
  key: string;
  capacity: number;
  booked: number;
  tentative: number;
  demand: number;
  bench: number;
  overloadedPersonDays: number;
  plannedHours?: number;
  actualHours?: number;
};

export type UtilisationGroup = { key: string; label: string; people: number; periods: GroupPeriod[] };

export type UtilisationReport = {
  periods: ReportPeriod[];
  groups: UtilisationGroup[];
  totals: { people: number; periods: GroupPeriod[] };
};

type GroupRef = { key: string; label: string };

export const OPEN_ROLES_GROUP: GroupRef = { key: 'open-roles', label: 'Open roles (no one yet)' };

const lower = (text: string) => text.trim().toLocaleLowerCase();

/**
 * The team a person is counted in. Today that is their department, as typed; the one place to change
 * when people belong to teams of their own.
 */
export function teamOf(engineer: Pick<CapacityEngineerRow, 'department'>): GroupRef {
  const name = engineer.department.trim();
  return name ? { key: lower(name), label: name } : { key: '', label: 'No team' };
}

const seniorityLabels = { junior: 'Junior', mid: 'Mid', senior: 'Senior' } as const;

/**
 * A person's role over the range: the role they hold for most of their load in it (allocation x days
 * on, in the organisation's days), the alphabetically first on a tie; none without work in the range.
 */
function rolesOver(facts: UtilisationFacts, from: string, to: string, timeZone: string): Map<string, GroupRef> {
  const first = dayOfDate(from);
  const last = dayOfDate(to);
  const weights = new Map<string, Map<string, { label: string; weight: number }>>();
  for (const a of facts.assignments) {
    const role = a._id === undefined ? undefined : facts.assignmentRoles.get(a._id);
    if (!role?.trim()) continue;
    const start = Math.max(localDayOf(instantOf(a.startDate), timeZone), first);
    const end = Math.min(localDayOf(instantOf(a.endDate), timeZone), last);
    if (!(end >= start)) continue;
    const engineerId = typeof a.engineerId === 'string' ? a.engineerId : a.engineerId._id;
    let byRole = weights.get(engineerId);
    if (!byRole) weights.set(engineerId, (byRole = new Map()));
    const key = lower(role);
    const entry = byRole.get(key) ?? { label: role.trim(), weight: 0 };
    entry.weight += a.allocationPercentage * (end - start + 1);
    byRole.set(key, entry);
  }
  const roles = new Map<string, GroupRef>();
  for (const [engineerId, byRole] of weights) {
    let best: GroupRef & { weight: number } = { key: '', label: '', weight: -1 };
    for (const [key, { label, weight }] of byRole) {
      if (weight > best.weight || (weight === best.weight && key < best.key)) best = { key, label, weight };
    }
    roles.set(engineerId, { key: best.key, label: best.label });
  }
  return roles;
}

const NO_ROLE: GroupRef = { key: '', label: 'No role' };
const NO_SKILLS: GroupRef = { key: '', label: 'No skills' };

function groupsOf(groupBy: ReportGrouping, engineer: CapacityEngineerRow, role: GroupRef): GroupRef[] {
  switch (groupBy) {
    case 'team':
      return [teamOf(engineer)];
    case 'role':
      return [role];
    case 'seniority':
      return [{ key: engineer.seniority, label: seniorityLabels[engineer.seniority] }];
    case 'person':
      return [{ key: engineer._id, label: engineer.name }];
    case 'skill': {
      const seen = new Map<string, GroupRef>();
      for (const skill of engineer.skills) if (skill.trim() && !seen.has(lower(skill))) seen.set(lower(skill), { key: lower(skill), label: skill.trim() });
      return seen.size > 0 ? [...seen.values()] : [NO_SKILLS];
    }
  }
}

/** The range's periods at the model's step (a quarter is its three months), and which report period each falls in. */
const modelStep = (step: ReportStep): CapacityStep => (step === 'quarter' ? 'month' : step);
const quarterKey = (date: string) => `${date.slice(0, 4)}-Q${Math.floor((Number(date.slice(5, 7)) - 1) / 3) + 1}`;

/** Figures per report period, in the model's load units (thousandths of a percent-day), as integers. */
class Sums {
  readonly capacity: Float64Array;
  readonly booked: Float64Array;
  readonly tentative: Float64Array;
  readonly demand: Float64Array;
  readonly bench: Float64Array;
  readonly overloaded: Float64Array;
  readonly planned: Float64Array;
  readonly actual: Float64Array;
  people = 0;
  constructor(periods: number) {
    this.capacity = new Float64Array(periods);
    this.booked = new Float64Array(periods);
    this.tentative = new Float64Array(periods);
    this.demand = new Float64Array(periods);
    this.bench = new Float64Array(periods);
    this.overloaded = new Float64Array(periods);
    this.planned = new Float64Array(periods);
    this.actual = new Float64Array(periods);
  }
  add(other: Sums) {
    for (let p = 0; p < this.capacity.length; p += 1) {
      this.capacity[p]! += other.capacity[p]!;
      this.booked[p]! += other.booked[p]!;
      this.tentative[p]! += other.tentative[p]!;
      this.bench[p]! += other.bench[p]!;
      this.overloaded[p]! += other.overloaded[p]!;
      this.planned[p]! += other.planned[p]!;
      this.actual[p]! += other.actual[p]!;
    }
  }
}

/** Load units to person-days: UNIT per percent, 100 percent a day. */
const PERSON_DAY = UNIT * 100;
const hundredths = (value: number) => Math.round(value * 100) / 100;

function periodFigures(periods: readonly ReportPeriod[], sums: Sums, hoursPerDay: number): GroupPeriod[] {
  return periods.map((period, p) => {
    const figures: GroupPeriod = {
      key: period.key,
      capacity: sums.capacity[p]! / PERSON_DAY,
      booked: sums.booked[p]! / PERSON_DAY,
      tentative: sums.tentative[p]! / PERSON_DAY,
      demand: sums.demand[p]! / PERSON_DAY,
      bench: sums.bench[p]! / PERSON_DAY,
      overloadedPersonDays: sums.overloaded[p]!,
    };
    if (period.past || period.toDate) {
      figures.plannedHours = hundredths((sums.planned[p]! / PERSON_DAY) * hoursPerDay);
      figures.actualHours = hundredths(sums.actual[p]!);
    }
    return figures;
  });
}

/** Answers GET /api/reports/utilisation from the facts of its range (see the top of this file). */
export function utilisationReport(facts: UtilisationFacts, query: UtilisationQuery, settings: UtilisationSettings): UtilisationReport {
  const { timeZone, today, hoursPerDay } = settings;
  const step = modelStep(query.step);
  // Roles cost a pass over every assignment: only a grouping or a filter by role needs them.
  const roles = query.groupBy === 'role' || query.role ? rolesOver(facts, query.from, query.to, timeZone) : new Map<string, GroupRef>();
  const roleOf = (id: string) => roles.get(id) ?? NO_ROLE;
  const team = query.team ? lower(query.team) : undefined;
  const role = query.role ? lower(query.role) : undefined;
  // The people the schedule shows for the same filters (capacity/query.ts), then the team and role.
  const engineers = matchingEngineers(facts.engineers, { q: query.q, skills: query.skills, seniority: query.seniority }).filter(
    (e) => (team === undefined || teamOf(e).key === team) && (role === undefined || roleOf(e._id).key === role),
  );
  const { grid } = viewGrid({ from: query.from, to: query.to, step }, facts.holidays ?? []);

  // Report periods: the model's, a quarter made of its months.
  const periods: ReportPeriod[] = [];
  const reportPeriodOf: number[] = [];
  const todayDay = dayOfDate(today);
  for (const p of grid.periods) {
    const key = query.step === 'quarter' ? quarterKey(p.start) : p.key;
    const last = periods.at(-1);
    if (last?.key === key) {
      last.end = p.end;
      last.workingDays += p.workingDays;
    } else periods.push({ key, start: p.start, end: p.end, workingDays: p.workingDays, past: false, toDate: false });
    reportPeriodOf.push(periods.length - 1);
  }
  for (const p of periods) {
    p.past = dayOfDate(p.end) <= todayDay;
    p.toDate = !p.past && dayOfDate(p.start) <= todayDay;
  }
  const count = periods.length;
  const zoned = { ...facts, engineers, timeZone };

  // The period today is in counts its planned hours up to today: the same model over its days so far.
  const current = periods.findIndex((p) => p.toDate);
  const bookedToDate = new Map<string, number>();
  if (current >= 0) {
    periodSumsByEngineer(zoned, { from: periods[current]!.start, to: today, step }, (engineer, sums) => {
      bookedToDate.set(engineer._id, sums.confirmed.reduce((sum, units) => sum + units, 0));
    });
  }

  const actualsByPerson = actualHoursByPeriod(facts, engineers, periods, query.from, query.to, settings);

  const groups = new Map<string, GroupRef & { sums: Sums }>();
  const groupOf = (ref: GroupRef) => {
    let group = groups.get(ref.key);
    if (!group) groups.set(ref.key, (group = { ...ref, sums: new Sums(count) }));
    return group;
  };
  const totals = new Sums(count);
  const person = new Sums(count);
  // The schedule's own sums per person and period (capacity-over-time.ts), booked being confirmed work.
  periodSumsByEngineer(zoned, { from: query.from, to: query.to, step, includeTentative: false }, (engineer, sums) => {
    for (const array of [person.capacity, person.booked, person.tentative, person.overloaded, person.planned, person.actual]) array.fill(0);
    for (let b = 0; b < reportPeriodOf.length; b += 1) {
      const p = reportPeriodOf[b]!;
      person.capacity[p]! += sums.capacity[b]!;
      person.booked[p]! += sums.confirmed[b]!;
      person.tentative[p]! += sums.tentative[b]!;
      person.overloaded[p]! += sums.overloadedDays[b]!;
    }
    const actual = actualsByPerson.get(engineer._id);
    for (let p = 0; p < count; p += 1) {
      person.bench[p] = Math.max(0, person.capacity[p]! - person.booked[p]!);
      if (periods[p]!.past) person.planned[p] = person.booked[p]!;
      else if (p === current) person.planned[p] = bookedToDate.get(engineer._id) ?? 0;
      if (actual) person.actual[p] = actual[p]!;
    }
    totals.add(person);
    totals.people += 1;
    for (const ref of groupsOf(query.groupBy, engineer, roleOf(engineer._id))) {
      const group = groupOf(ref);
      group.sums.add(person);
      group.sums.people += 1;
    }
  });

  // Open roles: the schedule's totals hold them all; each goes to its group.
  placeholderDemand(facts.placeholders ?? [], grid, timeZone).forEach((demand, b) => (totals.demand[reportPeriodOf[b]!]! += demand));
  addDemand(facts, query, grid, timeZone, reportPeriodOf, groupOf);

  const ordered = [...groups.values()].sort((a, b) => {
    const rank = (g: GroupRef) => (g.key === OPEN_ROLES_GROUP.key && query.groupBy !== 'skill' && query.groupBy !== 'role' ? 2 : g.key === '' ? 1 : 0);
    return rank(a) - rank(b) || (a.label < b.label ? -1 : a.label > b.label ? 1 : a.key < b.key ? -1 : a.key > b.key ? 1 : 0);
  });
  return {
    periods,
    groups: ordered.map((g) => ({ key: g.key, label: g.label, people: g.sums.people, periods: periodFigures(periods, g.sums, hoursPerDay) })),
    totals: { people: totals.people, periods: periodFigures(periods, totals, hoursPerDay) },
  };
}

/** Each open role's demand into the group of its role, of each of its skills, or the open roles' own group. */
function addDemand(
  facts: UtilisationFacts,
  query: UtilisationQuery,
  grid: PeriodGrid,
  timeZone: string,
  reportPeriodOf: readonly number[],
  groupOf: (ref: GroupRef) => { sums: Sums },
) {
  const placeholders = facts.placeholders ?? [];
  if (placeholders.length === 0) return;
  const byGroup = new Map<string, { ref: GroupRef; list: PlaceholderDemand[] }>();
  for (const placeholder of placeholders) {
    const open = placeholder._id === undefined ? undefined : facts.openRoles.get(placeholder._id);
    let refs: GroupRef[];
    if (query.groupBy === 'role') refs = [open?.role.trim() ? { key: lower(open.role), label: open.role.trim() } : NO_ROLE];
    else if (query.groupBy === 'skill') {
      const skills = [...new Map((open?.skills ?? []).filter((s) => s.trim()).map((s): [string, GroupRef] => [lower(s), { key: lower(s), label: s.trim() }])).values()];
      refs = skills.length > 0 ? skills : [NO_SKILLS];
    } else refs = [OPEN_ROLES_GROUP];
    for (const ref of refs) {
      const entry = byGroup.get(ref.key) ?? { ref, list: [] };
      entry.list.push(placeholder);
      byGroup.set(ref.key, entry);
    }
  }
  for (const { ref, list } of byGroup.values()) {
    const demand = placeholderDemand(list, grid, timeZone);
    const { sums } = groupOf(ref);
    demand.forEach((value, b) => (sums.demand[reportPeriodOf[b]!]! += value));
  }
}

/**
 * Recorded hours per person and report period, over the range's days up to today. Actuals are kept
 * per ISO week: a week's hours are shared over its days by the person's counted days there (those
 * the capacity model counts load on), or evenly over its seven days when they had none, and each day
 * inside the range adds its share to its period.
 */
function actualHoursByPeriod(
  facts: UtilisationFacts,
  engineers: readonly CapacityEngineerRow[],
  periods: readonly ReportPeriod[],
  from: string,
  to: string,
  settings: UtilisationSettings,
): Map<string, Float64Array> {
  const byPerson = new Map<string, Float64Array>();
  const firstDay = dayOfDate(from);
  const lastDay = Math.min(dayOfDate(to), dayOfDate(settings.today));
  if (lastDay < firstDay || facts.actuals.length === 0) return byPerson;
  // Whole weeks around the days, within the years a date may have (a week at either end is then left out).
  const weekStart = Math.max(mondayOf(firstDay), FIRST_DAY);
  const { grid, holidays } = viewGrid({ from: dateOfDay(weekStart), to: dateOfDay(Math.min(mondayOf(lastDay) + 6, LAST_DAY)), step: 'day' }, facts.holidays ?? []);
  const periodOfDay = new Int32Array(grid.days).fill(-1);
  periods.forEach((p, index) => {
    for (let day = dayOfDate(p.start); day <= Math.min(dayOfDate(p.end), lastDay); day += 1) periodOfDay[day - weekStart] = index;
  });
  const weeksOf = new Map<string, RecordedWeek[]>();
  for (const week of facts.actuals) {
    const list = weeksOf.get(week.engineerId);
    if (list) list.push(week);
    else weeksOf.set(week.engineerId, [week]);
  }
  const timeOff = timeOffByEngineer(facts.timeOff ?? [], grid);
  const days = new EngineerDayStates(grid.days);
  for (const engineer of engineers) {
    const weeks = weeksOf.get(engineer._id);
    if (!weeks) continue;
    markEngineerDays(engineer, timeOff.get(engineer._id) ?? [], grid, holidays, days);
    const hours = new Float64Array(periods.length);
    for (const week of weeks) {
      const monday = mondayOfWeek(week.week) - weekStart;
      if (!(monday >= 0 && monday + 7 <= grid.days)) continue;
      const recorded = week.entries.reduce((sum, e) => sum + e.hours, 0);
      if (recorded === 0) continue;
      let counted = 0;
      for (let d = monday; d < monday + 7; d += 1) if (days.state[d] === DayState.counted) counted += 1;
      for (let d = monday; d < monday + 7; d += 1) {
        const p = periodOfDay[d]!;
        if (p < 0) continue;
        const share = counted > 0 ? (days.state[d] === DayState.counted ? 1 / counted : 0) : 1 / 7;
        hours[p]! += recorded * share;
      }
    }
    byPerson.set(engineer._id, hours);
  }
  return byPerson;
}
