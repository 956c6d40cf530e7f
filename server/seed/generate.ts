import {
  addHolidayInput, addPlaceholderInput, bookTimeOffInput, createAssignmentInput, createProjectInput, registerEngineerInput,
  seniorities, timeOffKinds, type EventMetadata,
} from '../../domain/index.ts';
import { addHoliday, addPlaceholder, bookTimeOff, setProjectTentative } from '../commands/capacity-facts.ts';
import { createAssignments, createProjects, registerEngineers } from '../commands/bulk-planning.ts';
import { teamDirectory } from '../commands/engineer-teams.ts';
import { DEPARTMENT_TEAM_FROM, teamsNamed } from '../commands/teams.ts';
import type { Db, DbOrTrx } from '../db/connect.ts';
import { holidayList } from '../read-models/time-off-holidays-placeholders.ts';

export type GenerateOptions = {
  engineers: number;
  projects: number;
  assignments: number;
  now: Date;
  actor: EventMetadata;
  /** Called after every batch with (done, total). */
  onProgress?: (done: number, total: number) => void;
  seed?: number;
  /** Added to every generated email, so a second generation into the same database finds its own addresses free. */
  emailTag?: string;
};

const firstNames = ['Ada', 'Ben', 'Chloe', 'Diego', 'Eva', 'Farah', 'Gus', 'Hana', 'Ivan', 'Jin', 'Kofi', 'Lena', 'Marco', 'Nia', 'Omar', 'Pia', 'Quinn', 'Rosa', 'Sven', 'Tara', 'Uma', 'Victor', 'Wen', 'Xavi', 'Yara', 'Zane'];
const lastNames = ['Andersen', 'Brooks', 'Costa', 'Dubois', 'Eriksen', 'Fischer', 'Garcia', 'Hughes', 'Ito', 'Jensen', 'Kowalski', 'Lopez', 'Moreau', 'Nakamura', 'Okoro', 'Petrov', 'Rossi', 'Schmidt', 'Tanaka', 'Usman', 'Varga', 'Weber', 'Yilmaz', 'Zhou'];
const skills = ['React', 'TypeScript', 'Node.js', 'Go', 'Rust', 'Python', 'Java', 'Kotlin', 'Swift', 'PostgreSQL', 'Kubernetes', 'AWS', 'Terraform', 'GraphQL', 'Spark', 'dbt', 'Machine Learning', 'CSS', 'Testing', 'Security'];
const departments = ['Product Engineering', 'Platform', 'Data', 'Mobile', 'Infrastructure', 'Security'];
const projectWords = ['Atlas', 'Beacon', 'Comet', 'Delta', 'Echo', 'Falcon', 'Harbor', 'Ion', 'Juniper', 'Keystone', 'Lumen', 'Meridian', 'Nova', 'Orbit', 'Pulse', 'Quartz', 'Relay', 'Summit', 'Tide', 'Vertex'];
const roles = ['Backend Engineer', 'Frontend Engineer', 'Tech Lead', 'Data Engineer', 'SRE', 'Mobile Engineer', 'QA Engineer'];
/** Public holidays by month and day, added for this year and the next. */
const holidayNames: [number, number, string][] = [
  [1, 1, "New Year's Day"], [5, 1, 'Labour Day'], [10, 3, 'Unity Day'], [12, 25, 'Christmas Day'], [12, 26, 'Boxing Day'],
];
/** Time off falls in four 60-day windows from 60 days ago: at most one booking per window, so none overlap. */
const TIME_OFF_WINDOWS = 4;
const TIME_OFF_WINDOW_DAYS = 60;

/** A small deterministic PRNG (mulberry32), so a data set can be generated again identically. */
export function random(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(list: readonly T[]) => list[int(0, list.length - 1)]!;
  const some = <T>(list: readonly T[], count: number) => [...new Set(Array.from({ length: count }, () => pick(list)))];
  return { next, int, pick, some };
}

const DAY = 86_400_000;
const BATCH = 250;

export type GeneratedFacts = { timeOff: number; holidays: number; tentative: number; placeholders: number };

/**
 * Generates a large, realistic plan through the same commands the API uses (so it is history too),
 * a batch of commands per transaction: engineers (each in their department's team), projects, assignments, then the facts capacity over
 * time needs: time off (up to three bookings per engineer), holidays, a quarter of the projects that have
 * not started marked tentative, and a placeholder on about half of the projects.
 */
export async function generatePlan(db: Db, options: GenerateOptions): Promise<GeneratedFacts> {
  const rng = random(options.seed ?? 42);
  // Each engineer is registered, then placed in their department's team.
  let total = options.engineers * 2 + options.projects + options.assignments;
  let done = 0;
  const today = Date.UTC(options.now.getUTCFullYear(), options.now.getUTCMonth(), options.now.getUTCDate());

  /**
   * `count` inputs made in order (so a seed still makes the same plan), written a batch at a time
   * through the CSV import's many-at-once commands: the same decisions, events and read models as
   * one command per entity, in a few statements per batch. Their states, in input order.
   */
  async function manyInBatches<I, S>(count: number, make: (index: number) => I, write: (trx: DbOrTrx, inputs: I[]) => Promise<{ state: S | null }[]>) {
    const states: S[] = [];
    for (let start = 0; start < count; start += BATCH) {
      const end = Math.min(count, start + BATCH);
      const inputs = Array.from({ length: end - start }, (_, k) => make(start + k));
      const results = await db.transaction().execute((trx) => write(trx, inputs));
      for (const result of results) states.push(result.state!);
      done += end - start;
      options.onProgress?.(done, total);
    }
    return states;
  }

  /** One command per item, a batch of them per transaction (the facts have no many-at-once commands). */
  const inBatches = (count: number, work: (trx: DbOrTrx, index: number) => Promise<void>) =>
    manyInBatches(count, (index) => index, async (trx, indexes) => {
      for (const index of indexes) await work(trx, index);
      return [];
    });

  const engineers = await manyInBatches(
    options.engineers,
    (i) => {
      const first = rng.pick(firstNames);
      const last = rng.pick(lastNames);
      return registerEngineerInput.parse({
        name: `${first} ${last}`,
        email: `${first}.${last}.${i}${options.emailTag ? `.${options.emailTag}` : ''}@generated.test`.toLowerCase(),
        department: rng.pick(departments),
        seniority: rng.pick(seniorities),
        maxCapacity: rng.int(0, 9) < 2 ? 50 : 100,
        skills: rng.some(skills, rng.int(2, 5)),
      });
    },
    (trx, inputs) => registerEngineers(trx, inputs, options.actor),
  );
  const engineerIds = engineers.map((e) => e._id);

  // Departments become teams, as the server's start makes them of an install's departments: a team per
  // department (one of that name reused), each engineer in theirs from their first day on record, through
  // the team commands the engineers CSV and bulk changes use, so the history has it too.
  if (!teamDirectory) throw new Error('this install has no teams to place engineers in');
  const directory = teamDirectory;
  const teams = await db.transaction().execute((trx) => teamsNamed(trx, new Set(engineers.map((e) => e.department)), options.actor));
  await manyInBatches(
    engineers.length,
    (i) => ({ engineerId: engineers[i]!._id, teamId: teams.get(engineers[i]!.department.toLowerCase())!._id, from: DEPARTMENT_TEAM_FROM }),
    async (trx, moves) => {
      await directory.assign(trx, moves, options.actor);
      return [];
    },
  );

  const spans: { start: number; end: number }[] = [];
  const created = await manyInBatches(
    options.projects,
    (i) => {
      const startOffset = rng.int(-240, 120);
      const start = today + startOffset * DAY;
      const end = start + rng.int(30, 300) * DAY;
      spans.push({ start, end });
      const status = end < today ? 'active' : start > today ? 'planning' : 'active';
      return createProjectInput.parse({
        name: `${rng.pick(projectWords)} ${rng.pick(projectWords)} ${i + 1}`,
        description: `Generated project ${i + 1} for capacity planning at scale.`,
        startDate: new Date(start).toISOString(),
        endDate: new Date(end).toISOString(),
        teamSize: rng.int(1, 20),
        requiredSkills: rng.some(skills, rng.int(1, 4)),
        status,
      });
    },
    (trx, inputs) => createProjects(trx, inputs, options.actor),
  );
  const projects = created.map((project, i) => ({ id: project._id, ...spans[i]! }));

  await manyInBatches(
    options.assignments,
    () => {
      const project = rng.pick(projects);
      const span = project.end - project.start;
      const start = project.start + Math.floor(rng.int(0, 50) / 100 * span);
      const end = Math.min(project.end, start + Math.max(DAY, Math.floor(rng.int(20, 100) / 100 * (project.end - start))));
      return createAssignmentInput.parse({
        engineerId: rng.pick(engineerIds),
        projectId: project.id,
        role: rng.pick(roles),
        allocationPercentage: rng.pick([10, 20, 25, 30, 40, 50, 60, 75, 80, 100]),
        startDate: new Date(start).toISOString(),
        endDate: new Date(end === start ? start + DAY : end).toISOString(),
      });
    },
    (trx, inputs) => createAssignments(trx, inputs, options.actor),
  );

  const dayOf = (offset: number) => new Date(today + offset * DAY).toISOString().slice(0, 10);
  const bookings = engineerIds.flatMap((engineerId) =>
    rng.some([...Array(TIME_OFF_WINDOWS).keys()], rng.int(0, 3)).map((window) => {
      const from = -TIME_OFF_WINDOW_DAYS + window * TIME_OFF_WINDOW_DAYS + rng.int(0, 45);
      return { engineerId, from: dayOf(from), to: dayOf(from + rng.int(0, 9)), kind: rng.pick(timeOffKinds) };
    }));
  const year = options.now.getUTCFullYear();
  const taken = new Set((await holidayList(db)).map((h) => h.date));
  const holidays = [year, year + 1]
    .flatMap((y) => holidayNames.map(([month, dayOfMonth, name]) => ({ date: new Date(Date.UTC(y, month - 1, dayOfMonth)).toISOString().slice(0, 10), name })))
    .filter((h) => !taken.has(h.date));
  const tentative = projects.filter((p) => p.start > today && rng.int(0, 3) === 0);
  const needing = projects.filter(() => rng.int(0, 1) === 0);
  total += bookings.length + holidays.length + tentative.length + needing.length;

  await inBatches(bookings.length, async (trx, i) => {
    const { engineerId, ...booking } = bookings[i]!;
    await bookTimeOff(trx, engineerId, bookTimeOffInput.parse(booking), options.actor);
  });
  await inBatches(holidays.length, async (trx, i) => {
    await addHoliday(trx, addHolidayInput.parse(holidays[i]), options.actor);
  });
  await inBatches(tentative.length, async (trx, i) => {
    await setProjectTentative(trx, tentative[i]!.id, true, options.actor);
  });
  await inBatches(needing.length, async (trx, i) => {
    const project = needing[i]!;
    const start = project.start + Math.floor(rng.int(0, 50) / 100 * (project.end - project.start));
    await addPlaceholder(trx, project.id, addPlaceholderInput.parse({
      role: rng.pick(roles),
      skills: rng.some(skills, rng.int(1, 3)),
      allocationPercentage: rng.pick([25, 50, 50, 75, 100]),
      startDate: new Date(start).toISOString(),
      endDate: new Date(Math.max(start + DAY, project.end)).toISOString(),
    }), options.actor);
  });
  return { timeOff: bookings.length, holidays: holidays.length, tentative: tentative.length, placeholders: needing.length };
}
