import { sql } from 'kysely';
import {
  actualsWeekInput, addHolidayInput, addPlaceholderInput, bookTimeOffInput, createAssignmentInput, createProjectInput, DEFAULT_HOURS_PER_DAY,
  registerEngineerInput, weekDates, weekOf, type EventMetadata, type Seniority,
} from '../../domain/index.ts';
import { createActiveAccount, registerEngineerWithAccount } from '../commands/accounts.ts';
import { hashPassword } from '../auth/password.ts';
import type { Db, DbOrTrx } from '../db/connect.ts';
import { addHoliday, addPlaceholder, bookTimeOff, setProjectTentative } from '../commands/capacity-facts.ts';
import { createAssignment, createProject, updateProject } from '../commands/planning.ts';
import { recordActuals } from '../commands/actuals.ts';
import { recordBySeedClock, SeedClock } from '../event-store/seed-clock.ts';

export const DEMO_PASSWORD = 'demo1234';

const DAY = 86_400_000;
/** Dates relative to today, at midnight UTC, so the demo always shows current, upcoming and finished work. */
const day = (now: Date, offset: number) => {
  const midnight = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return new Date(midnight + offset * DAY).toISOString();
};

/** A moment of the demo's history: `hour:minute` (UTC) on the day `offset` days from today. */
const moment = (now: Date, offset: number, hour: number, minute = 0) => new Date(Date.parse(day(now, offset)) + (hour * 60 + minute) * 60_000);

/** The calendar date `offset` days from today (UTC), YYYY-MM-DD, as time off and holidays take it. */
const date = (now: Date, offset: number) => day(now, offset).slice(0, 10);

/**
 * Offsets that depend on the calendar, so the demo reads the same any day of the month: the first day
 * of this month, the first day of next month, and the first weekday at least ten days away.
 */
function calendarOffsets(now: Date) {
  const midnight = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const monthStart = 1 - now.getUTCDate();
  const nextMonth = Math.round((Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1) - midnight) / DAY);
  let weekday = 10;
  while ([0, 6].includes(new Date(midnight + weekday * DAY).getUTCDay())) weekday += 1;
  return { monthStart, nextMonth, weekday };
}

const staff = [
  { key: 'manager', email: 'manager@demo.test', name: 'Dana Whitfield', role: 'manager', department: 'Engineering Management' },
  { key: 'manager2', email: 'manager2@demo.test', name: 'Chris Okafor', role: 'manager', department: 'Engineering Management' },
  { key: 'auditor', email: 'auditor@demo.test', name: 'Riley Quinn', role: 'auditor', department: 'Compliance' },
] as const;

type DemoEngineer = { key: string; email: string; name: string; department: string; seniority: Seniority; maxCapacity: number; skills: string[] };

const engineers: DemoEngineer[] = [
  { key: 'sam', email: 'engineer@demo.test', name: 'Sam Rivera', department: 'Product Engineering', seniority: 'senior', maxCapacity: 100, skills: ['React', 'TypeScript', 'Node.js', 'GraphQL'] },
  { key: 'priya', email: 'priya.patel@demo.test', name: 'Priya Patel', department: 'Platform', seniority: 'mid', maxCapacity: 100, skills: ['Go', 'Kubernetes', 'PostgreSQL'] },
  { key: 'jordan', email: 'jordan.lee@demo.test', name: 'Jordan Lee', department: 'Product Engineering', seniority: 'junior', maxCapacity: 100, skills: ['React', 'CSS', 'Testing'] },
  { key: 'mei', email: 'mei.chen@demo.test', name: 'Mei Chen', department: 'Data', seniority: 'senior', maxCapacity: 50, skills: ['Python', 'Spark', 'PostgreSQL', 'dbt', 'Airflow'] },
  { key: 'tom', email: 'tom.becker@demo.test', name: 'Tom Becker', department: 'Mobile', seniority: 'mid', maxCapacity: 50, skills: ['Swift', 'Kotlin', 'React Native'] },
  { key: 'aisha', email: 'aisha.khan@demo.test', name: 'Aisha Khan', department: 'Platform', seniority: 'senior', maxCapacity: 100, skills: ['AWS', 'Terraform', 'Go', 'Node.js'] },
  { key: 'lucas', email: 'lucas.silva@demo.test', name: 'Lucas Silva', department: 'Product Engineering', seniority: 'junior', maxCapacity: 100, skills: ['TypeScript', 'Node.js'] },
  { key: 'elena', email: 'elena.rossi@demo.test', name: 'Elena Rossi', department: 'Data', seniority: 'mid', maxCapacity: 100, skills: ['Python', 'Machine Learning', 'PostgreSQL'] },
];

/** The first day of the demo's history, eight weeks before it is seeded. */
const SETUP_DAY = -56;

/** `planned`: the day the project was entered. */
const projects = [
  { key: 'portal', planned: SETUP_DAY, name: 'Customer Portal Redesign', description: 'Rebuild the customer portal on the new design system with faster page loads.', from: -60, to: 60, teamSize: 4, requiredSkills: ['React', 'TypeScript', 'CSS'], status: 'active' },
  { key: 'payments', planned: -42, name: 'Payments Platform Migration', description: 'Move card and invoice payments to the new provider without downtime.', from: -30, to: 90, teamSize: 3, requiredSkills: ['Go', 'PostgreSQL', 'Kubernetes'], status: 'active' },
  { key: 'warehouse', planned: SETUP_DAY, name: 'Data Warehouse Modernisation', description: 'Replace nightly batch loads with incremental dbt models on the new warehouse.', from: -90, to: 30, teamSize: 2, requiredSkills: ['Python', 'dbt', 'Spark'], status: 'active' },
  { key: 'mobile', planned: -28, name: 'Mobile App v2', description: 'Second major version of the mobile app with offline mode and push notifications.', from: 14, to: 120, teamSize: 3, requiredSkills: ['Swift', 'Kotlin', 'React Native'], status: 'planning' },
  { key: 'assistant', planned: -28, name: 'AI Support Assistant', description: 'An assistant that drafts answers to support tickets from the knowledge base.', from: 30, to: 180, teamSize: 2, requiredSkills: ['Python', 'Machine Learning', 'Node.js'], status: 'planning' },
  { key: 'tools', planned: SETUP_DAY, name: 'Internal Tools Refresh', description: 'Consolidate the admin tools into one internal app with single sign-on.', from: -200, to: -20, teamSize: 2, requiredSkills: ['React', 'Node.js'], status: 'completed' },
] as const;

/**
 * [engineer, project, role, allocation, start offset, end offset, the day it was planned] — chosen so every
 * utilisation state shows. Work already under way eight weeks ago was planned on the first day of the demo.
 */
const assignments: [string, string, string, number, number, number, number][] = [
  ['sam', 'portal', 'Tech Lead', 60, -60, 60, SETUP_DAY],
  ['sam', 'assistant', 'Backend Engineer', 40, 30, 180, -12],
  ['sam', 'tools', 'Frontend Engineer', 50, -200, -20, SETUP_DAY],
  ['priya', 'payments', 'Backend Engineer', 80, -30, 90, -35],
  ['priya', 'warehouse', 'Platform Support', 40, -45, 30, -49],
  ['jordan', 'portal', 'Frontend Engineer', 30, -20, 60, -24],
  ['mei', 'warehouse', 'Data Engineer', 40, -90, 30, SETUP_DAY],
  ['tom', 'mobile', 'Mobile Engineer', 30, 14, 120, -12],
  ['tom', 'portal', 'Mobile Web Support', 60, -10, 20, -14],
  ['aisha', 'payments', 'Infrastructure Lead', 100, -30, 45, -35],
  ['lucas', 'assistant', 'Backend Engineer', 50, 30, 120, -12],
  ['lucas', 'tools', 'Backend Engineer', 40, -150, -20, SETUP_DAY],
  ['elena', 'warehouse', 'ML Engineer', 50, -60, 30, SETUP_DAY],
];

/** One dated step of the demo's history: the moment it is recorded at, and what is done then. */
type Step = { at: Date; run: () => Promise<unknown> };

/**
 * Seeds the demo through the same commands the API uses, so the demo is history too. Once only.
 *
 * The history is spread over the eight weeks before `now` (design section 15, "the demo has a past"):
 * the organisation is set up eight weeks ago, work is planned as it comes, engineers confirm their
 * weeks, and the last week brings an overload, time off, a holiday and open roles. So on a new install
 * the plan of a week ago differs from today's, and compare, "what changed since" and actuals have
 * something to show. The steps run in the order of their moments on the seed's clock: recorded times
 * follow commit order. What the demo holds today is the same whatever day it is seeded.
 */
export async function seedDemoIfEmpty(db: Db, now: Date): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    // Several replicas may start at once on an empty database: one seeds, the others wait and skip.
    await sql`select pg_advisory_xact_lock(hashtextextended('seed-demo', 0))`.execute(trx);
    const existing = await trx.selectFrom('users').select('id').limit(1).executeTakeFirst();
    if (existing) return false;

    const steps = demoSteps(trx, now, new Map(), await hashPassword(DEMO_PASSWORD));
    // A stable sort: steps of one moment keep the order they are written in.
    steps.sort((a, b) => a.at.getTime() - b.at.getTime());
    const clock = new SeedClock(steps[0]!.at, now);
    recordBySeedClock(trx, clock);
    for (const step of steps) {
      clock.advanceTo(step.at);
      await step.run();
    }
    return true;
  });
}

function demoSteps(trx: DbOrTrx, now: Date, ids: Map<string, string>, passwordHash: string): Step[] {
  const id = (key: string) => ids.get(key)!;
  const manager = (): EventMetadata => ({ actorId: id('manager'), actorRole: 'manager', correlationId: 'demo-seed' });
  const steps: Step[] = [];
  const at = (offset: number, hour: number, minute = 0) => moment(now, offset, hour, minute);
  const step = (when: Date, run: Step['run']) => steps.push({ at: when, run });

  // Day one: the managers and the auditor, the engineers, the projects already running and their work.
  staff.forEach((person, i) => step(at(SETUP_DAY, 8, i), async () => {
    // The first manager runs the demo organisation: an admin, who opens the others' accounts.
    const account = { email: person.email, name: person.name, role: person.role, admin: person.key === 'manager', passwordHash };
    const created = await createActiveAccount(trx, account, 'demo', ids.has('manager') ? manager() : null);
    await trx.updateTable('users').set({ department: person.department }).where('id', '=', created._id).execute();
    ids.set(person.key, created._id);
  }));
  engineers.forEach(({ key, ...engineer }, i) => step(at(SETUP_DAY, 9, i * 3), async () => {
    const input = registerEngineerInput.parse({ ...engineer, password: DEMO_PASSWORD });
    const result = await registerEngineerWithAccount(trx, input, manager(), passwordHash);
    ids.set(key, (result.state as { _id: string })._id);
  }));
  for (const p of projects) {
    step(at(p.planned, 10), async () => {
      // A completed project starts active so that its finished assignments could be made, then completes.
      const input = createProjectInput.parse({
        name: p.name, description: p.description, startDate: day(now, p.from), endDate: day(now, p.to),
        teamSize: p.teamSize, requiredSkills: [...p.requiredSkills], status: p.status === 'completed' ? 'active' : p.status,
      });
      const result = await createProject(trx, input, manager());
      ids.set(p.key, result.state!._id);
    });
    // Completed the working day after its last assignments ended.
    if (p.status === 'completed') step(at(p.to + 1, 16), () => updateProject(trx, id(p.key), { status: 'completed' }, manager()));
  }
  assignments.forEach(([engineer, project, role, allocationPercentage, from, to, planned], i) => step(at(planned, 11, i), () =>
    createAssignment(trx, createAssignmentInput.parse({
      engineerId: id(engineer), projectId: id(project), role, allocationPercentage, startDate: day(now, from), endDate: day(now, to),
    }), manager())));

  steps.push(...confirmedWeeks(trx, now, id));
  steps.push(...lastWeek(trx, now, id, manager));
  return steps;
}

/** The engineers who confirm their weeks (Jordan never does: his past weeks read "Not filled"). */
const confirming = ['sam', 'priya', 'mei', 'tom', 'aisha', 'lucas', 'elena'];
/** How far each week's hours stray from the plan, so actuals beside the plan show a variance. */
const drift = [1, 0.9, 1.1, 1, 0.85, 1.05, 1.2];
/** Weeks confirmed: from the one eight weeks back to the one three weeks back; the last two are not yet in. */
const CONFIRMED_WEEKS = [8, 7, 6, 5, 4, 3];

/**
 * Each engineer confirms each past week on its Friday afternoon: the hours of the work planned for
 * them that week, a little off the plan. Only weeks whose Friday comes after the demo's first day.
 */
function confirmedWeeks(trx: DbOrTrx, now: Date, id: (key: string) => string): Step[] {
  const today = Date.parse(day(now, 0));
  const steps: Step[] = [];
  for (const [w, back] of CONFIRMED_WEEKS.entries()) {
    const week = weekOf(date(now, -7 * back));
    const monday = Math.round((Date.parse(`${weekDates(week).from}T00:00:00.000Z`) - today) / DAY);
    const friday = monday + 4;
    if (friday <= SETUP_DAY) continue;
    confirming.forEach((engineer, e) => {
      const hours = new Map<string, number>();
      for (const [who, project, , allocation, from, to, planned] of assignments) {
        if (who !== engineer || planned > friday) continue;
        let days = 0;
        for (let d = monday; d <= friday; d += 1) if (from <= d && d <= to) days += 1; // a span's last day is worked
        if (days > 0) hours.set(project, (hours.get(project) ?? 0) + (days * DEFAULT_HOURS_PER_DAY * allocation) / 100);
      }
      if (hours.size === 0) return;
      const factor = drift[(w + e) % drift.length]!;
      const entries = [...hours].map(([project, planned]) => ({ projectId: project, hours: Math.round(planned * factor * 2) / 2 }));
      const metadata = (): EventMetadata => ({ actorId: id(engineer), actorRole: 'engineer', correlationId: 'demo-seed' });
      steps.push({
        at: moment(now, friday, 16, e * 7),
        run: () => recordActuals(trx, id(engineer), week, actualsWeekInput.parse({
          entries: entries.map((entry) => ({ ...entry, projectId: id(entry.projectId) })),
        }), metadata()),
      });
    });
  }
  return steps;
}

/**
 * The last week: what "the plan a week ago" does not have yet. Aisha goes to 130 % from the first of
 * next month until Payments ends for her (at least two weeks of next month), time off this month and
 * next, a holiday, a project becomes tentative (Mobile App v2, with Tom on it), two open roles.
 */
function lastWeek(trx: DbOrTrx, now: Date, id: (key: string) => string, manager: () => EventMetadata): Step[] {
  const { monthStart, nextMonth, weekday } = calendarOffsets(now);
  const at = (offset: number, hour: number, minute = 0) => moment(now, offset, hour, minute);
  const sickFrom = Math.max(monthStart, -1);
  return [
    { at: at(-6, 10), run: () => createAssignment(trx, createAssignmentInput.parse({
      engineerId: id('aisha'), projectId: id('portal'), role: 'Platform Support', allocationPercentage: 30,
      startDate: day(now, nextMonth), endDate: day(now, nextMonth + 21),
    }), manager()) },
    { at: at(-5, 14), run: () => bookTimeOff(trx, id('elena'), bookTimeOffInput.parse({
      from: date(now, nextMonth + 7), to: date(now, nextMonth + 11), kind: 'vacation', note: 'Family trip',
    }), manager()) },
    { at: at(-4, 11), run: () => addHoliday(trx, addHolidayInput.parse({ date: date(now, weekday), name: "Founders' Day" }), manager()) },
    { at: at(-3, 15), run: () => setProjectTentative(trx, id('mobile'), true, manager()) },
    { at: at(-2, 10), run: () => addPlaceholder(trx, id('assistant'), addPlaceholderInput.parse({
      role: 'ML Engineer', skills: ['Python', 'Machine Learning'], allocationPercentage: 50, startDate: day(now, 30), endDate: day(now, 180),
    }), manager()) },
    { at: at(-2, 10, 30), run: () => addPlaceholder(trx, id('payments'), addPlaceholderInput.parse({
      role: 'Site Reliability Engineer', skills: ['Kubernetes', 'Go'], allocationPercentage: 50, startDate: day(now, nextMonth), endDate: day(now, 90),
    }), manager()) },
    // Priya called in sick: from yesterday (or the first of this month) through today.
    { at: at(-1, 18), run: () => bookTimeOff(trx, id('priya'), bookTimeOffInput.parse({ from: date(now, sickFrom), to: date(now, 0), kind: 'sick' }), manager()) },
  ];
}
