import { sql } from 'kysely';
import {
  addHolidayInput, addPlaceholderInput, bookTimeOffInput, createAssignmentInput, createProjectInput, registerEngineerInput,
  type EventMetadata, type Seniority,
} from '../../domain/index.ts';
import { createActiveAccount, registerEngineerWithAccount } from '../commands/accounts.ts';
import { hashPassword } from '../auth/password.ts';
import type { Db, DbOrTrx } from '../db/connect.ts';
import { addHoliday, addPlaceholder, bookTimeOff, setProjectTentative } from '../commands/capacity-facts.ts';
import { createAssignment, createProject, updateProject } from '../commands/planning.ts';

export const DEMO_PASSWORD = 'demo1234';

const DAY = 86_400_000;
/** Dates relative to today, at midnight UTC, so the demo always shows current, upcoming and finished work. */
const day = (now: Date, offset: number) => {
  const midnight = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return new Date(midnight + offset * DAY).toISOString();
};

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

const projects = [
  { key: 'portal', name: 'Customer Portal Redesign', description: 'Rebuild the customer portal on the new design system with faster page loads.', from: -60, to: 60, teamSize: 4, requiredSkills: ['React', 'TypeScript', 'CSS'], status: 'active' },
  { key: 'payments', name: 'Payments Platform Migration', description: 'Move card and invoice payments to the new provider without downtime.', from: -30, to: 90, teamSize: 3, requiredSkills: ['Go', 'PostgreSQL', 'Kubernetes'], status: 'active' },
  { key: 'warehouse', name: 'Data Warehouse Modernisation', description: 'Replace nightly batch loads with incremental dbt models on the new warehouse.', from: -90, to: 30, teamSize: 2, requiredSkills: ['Python', 'dbt', 'Spark'], status: 'active' },
  { key: 'mobile', name: 'Mobile App v2', description: 'Second major version of the mobile app with offline mode and push notifications.', from: 14, to: 120, teamSize: 3, requiredSkills: ['Swift', 'Kotlin', 'React Native'], status: 'planning' },
  { key: 'assistant', name: 'AI Support Assistant', description: 'An assistant that drafts answers to support tickets from the knowledge base.', from: 30, to: 180, teamSize: 2, requiredSkills: ['Python', 'Machine Learning', 'Node.js'], status: 'planning' },
  { key: 'tools', name: 'Internal Tools Refresh', description: 'Consolidate the admin tools into one internal app with single sign-on.', from: -200, to: -20, teamSize: 2, requiredSkills: ['React', 'Node.js'], status: 'completed' },
] as const;

/** [engineer, project, role, allocation, start offset, end offset] — chosen so every utilisation state shows. */
const assignments: [string, string, string, number, number, number][] = [
  ['sam', 'portal', 'Tech Lead', 60, -60, 60],
  ['sam', 'assistant', 'Backend Engineer', 40, 30, 180],
  ['sam', 'tools', 'Frontend Engineer', 50, -200, -20],
  ['priya', 'payments', 'Backend Engineer', 80, -30, 90],
  ['priya', 'warehouse', 'Platform Support', 40, -45, 30],
  ['jordan', 'portal', 'Frontend Engineer', 30, -20, 60],
  ['mei', 'warehouse', 'Data Engineer', 40, -90, 30],
  ['tom', 'mobile', 'Mobile Engineer', 30, 14, 120],
  ['tom', 'portal', 'Mobile Web Support', 60, -10, 20],
  ['aisha', 'payments', 'Infrastructure Lead', 100, -30, 45],
  ['lucas', 'assistant', 'Backend Engineer', 50, 30, 120],
  ['lucas', 'tools', 'Backend Engineer', 40, -150, -20],
  ['elena', 'warehouse', 'ML Engineer', 50, -60, 30],
];

/** Seeds the demo through the same commands the API uses, so the demo is history too. Once only. */
export async function seedDemoIfEmpty(db: Db, now: Date): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    // Several replicas may start at once on an empty database: one seeds, the others wait and skip.
    await sql`select pg_advisory_xact_lock(hashtextextended('seed-demo', 0))`.execute(trx);
    const existing = await trx.selectFrom('users').select('id').limit(1).executeTakeFirst();
    if (existing) return false;

    const ids = new Map<string, string>();
    const passwordHash = await hashPassword(DEMO_PASSWORD);
    for (const person of staff) {
      // The first manager runs the demo organisation: an admin, who opens the others' accounts.
      const account = { email: person.email, name: person.name, role: person.role, admin: person.key === 'manager', passwordHash };
      const opener = ids.get('manager');
      const created = await createActiveAccount(trx, account, 'demo', opener ? { actorId: opener, actorRole: 'manager', correlationId: 'demo-seed' } : null);
      await trx.updateTable('users').set({ department: person.department }).where('id', '=', created._id).execute();
      ids.set(person.key, created._id);
    }
    const manager: EventMetadata = { actorId: ids.get('manager')!, actorRole: 'manager', correlationId: 'demo-seed' };

    for (const { key, ...engineer } of engineers) {
      const input = registerEngineerInput.parse({ ...engineer, password: DEMO_PASSWORD });
      const result = await registerEngineerWithAccount(trx, input, manager, passwordHash);
      ids.set(key, (result.state as { _id: string })._id);
    }
    for (const p of projects) {
      // A completed project starts active so that its finished assignments could be made, then completes.
      const input = createProjectInput.parse({
        name: p.name, description: p.description, startDate: day(now, p.from), endDate: day(now, p.to),
        teamSize: p.teamSize, requiredSkills: [...p.requiredSkills], status: p.status === 'completed' ? 'active' : p.status,
      });
      const result = await createProject(trx, input, manager);
      ids.set(p.key, result.state!._id);
    }
    for (const [engineer, project, role, allocationPercentage, from, to] of assignments) {
      const input = createAssignmentInput.parse({
        engineerId: ids.get(engineer), projectId: ids.get(project), role, allocationPercentage,
        startDate: day(now, from), endDate: day(now, to),
      });
      await createAssignment(trx, input, manager);
    }
    await updateProject(trx, ids.get('tools')!, { status: 'completed' }, manager);
    await seedCapacityFacts(trx, ids, manager, now);
    return true;
  });
}

/**
 * What capacity over time shows: time off this month and next, a holiday, a tentative project with an
 * assignment (Mobile App v2, Tom), two placeholders, and Aisha, at 100 % today (optimal), at 130 % from
 * the first of next month until Payments ends for her (at least two weeks of next month).
 */
async function seedCapacityFacts(trx: DbOrTrx, ids: Map<string, string>, manager: EventMetadata, now: Date) {
  const { monthStart, nextMonth, weekday } = calendarOffsets(now);
  await createAssignment(trx, createAssignmentInput.parse({
    engineerId: ids.get('aisha'), projectId: ids.get('portal'), role: 'Platform Support', allocationPercentage: 30,
    startDate: day(now, nextMonth), endDate: day(now, nextMonth + 21),
  }), manager);
  const sickFrom = Math.max(monthStart, -1);
  await bookTimeOff(trx, ids.get('priya')!, bookTimeOffInput.parse({ from: date(now, sickFrom), to: date(now, 0), kind: 'sick' }), manager);
  await bookTimeOff(trx, ids.get('elena')!, bookTimeOffInput.parse({
    from: date(now, nextMonth + 7), to: date(now, nextMonth + 11), kind: 'vacation', note: 'Family trip',
  }), manager);
  await addHoliday(trx, addHolidayInput.parse({ date: date(now, weekday), name: "Founders' Day" }), manager);
  await setProjectTentative(trx, ids.get('mobile')!, true, manager);
  await addPlaceholder(trx, ids.get('assistant')!, addPlaceholderInput.parse({
    role: 'ML Engineer', skills: ['Python', 'Machine Learning'], allocationPercentage: 50, startDate: day(now, 30), endDate: day(now, 180),
  }), manager);
  await addPlaceholder(trx, ids.get('payments')!, addPlaceholderInput.parse({
    role: 'Site Reliability Engineer', skills: ['Kubernetes', 'Go'], allocationPercentage: 50, startDate: day(now, nextMonth), endDate: day(now, 90),
  }), manager);
}
