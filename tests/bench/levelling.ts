/**
 * Levelling at scale: 2,000 engineers, 5 % of them overloaded over the next 12 weeks. Time to a
 * proposal (the model, every group's program solved by HiGHS under the endpoint's limits, the
 * proposal), overloaded person-days removed and changes per overloaded person, beside the greedy pass
 * (one move at a time: shift, then reassign) on the same plan in the same run; and the longest the
 * event loop is held while a proposal is made, on the levelling worker thread beside on the request thread.
 */
import { dayOfDate, greedyMoves, buildLevelModel, level, levelProposal, scoreMoves, type LevelRequest, type Plan } from '../../domain/index.ts';
import { samplePlan, type SampleAssignment } from '../../domain/levelling/sample-plans.ts';
import { levelOffThread, stopLevelThread } from '../../server/levelling/level-thread.ts';
import { budgetedSolver, BUDGET_MS, GROUP_SECONDS } from '../../server/levelling/propose.ts';
import { fmt, percentile, type Row } from './support.ts';

const ENGINEERS = 2000;
const OVERLOADED = 100;
const RUNS = 5;
const today = dayOfDate('2027-01-04');
const date = (day: number) => new Date(day * 86_400_000).toISOString().slice(0, 10);

function random(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

/** Everyone half to four-fifths booked on a long project that started; one in twenty also on one to three weeks of extra work ahead that overbooks them by 10 to 30 points. */
function benchPlan(): Plan {
  const rnd = random(41);
  const skills = ['React', 'Go', 'Java', 'Python', 'Swift', 'Kotlin', 'Terraform', 'SQL'];
  const engineers = Array.from({ length: ENGINEERS }, (_, i) => ({
    id: `e${String(i).padStart(4, '0')}`, name: `Engineer ${i}`, skills: [skills[i % 8]!, skills[(i * 3 + 1) % 8]!],
  }));
  const projects = Array.from({ length: 80 }, (_, i) => ({
    id: `p${i}`, name: `Project ${i}`, start: date(today - 30), end: date(today + 150), skills: [skills[i % 8]!], tentative: i % 5 === 0,
  }));
  const assignments: SampleAssignment[] = [];
  engineers.forEach((e, i) => {
    const own = projects.filter((p) => e.skills.includes(p.skills[0]!));
    const base = 50 + Math.floor(rnd() * 4) * 10;
    assignments.push({ id: `a${i}-base`, engineer: e.id, project: own[i % own.length]!.id, allocation: base, start: date(today - 20), end: date(today + 120) });
    if (i % (ENGINEERS / OVERLOADED) !== 0) return;
    const first = today + 7 * (1 + Math.floor(rnd() * 9));
    const weeks = 1 + Math.floor(rnd() * 3);
    assignments.push({ id: `a${i}-extra`, engineer: e.id, project: own[(i + 1) % own.length]!.id, allocation: 110 - base + Math.floor(rnd() * 3) * 10, start: date(first), end: date(first + 7 * weeks - 3) });
  });
  return samplePlan({ engineers, projects, assignments });
}

export async function benchLevelling(_databaseUrl: string, progress: (message: string) => void): Promise<Row[]> {
  const plan = benchPlan();
  const context = { plan, timeZone: 'UTC', today };
  const request: LevelRequest = {
    from: date(today), to: date(today + 83), engineerIds: plan.engineers.map((e) => e._id),
    allow: { shiftDays: 14, reassign: true, reassignConfirmed: true, reduce: null }, pins: [], includeTentative: true,
  };
  const solvedTimes: number[] = [];
  const greedyTimes: number[] = [];
  let solved = null as ReturnType<typeof level> | null;
  let greedy = null as ReturnType<typeof scoreMoves> | null;
  for (let run = 0; run < RUNS; run += 1) {
    let start = performance.now();
    const model = buildLevelModel(context, request);
    greedy = scoreMoves(model, greedyMoves(model));
    greedyTimes.push(performance.now() - start);
    start = performance.now();
    solved = level(context, request, await budgetedSolver());
    levelProposal(solved, (seed) => seed);
    solvedTimes.push(performance.now() - start);
    progress(`levelling run ${run + 1}: ${fmt(solvedTimes.at(-1)!, 0)} ms (greedy ${fmt(greedyTimes.at(-1)!, 0)} ms), ${solved.groups} groups, ${solved.greedyKept} kept greedy`);
  }
  // The longest the event loop (what serves requests and live updates) was held while one proposal was
  // made: solving on the request thread, beside solving on the levelling worker thread (warmed first).
  const stalled = async (run: () => Promise<unknown>) => {
    let last = performance.now();
    let longest = 0;
    const tick = setInterval(() => {
      const now = performance.now();
      longest = Math.max(longest, now - last);
      last = now;
    }, 5);
    await run();
    // One more tick after the run, so a stall that lasted to its end is counted.
    await new Promise((resolve) => setTimeout(resolve, 20));
    clearInterval(tick);
    return longest;
  };
  const budget = { budgetMs: BUDGET_MS, groupSeconds: GROUP_SECONDS };
  const onThread = await stalled(async () => levelProposal(level(context, request, await budgetedSolver()), (seed) => seed));
  await levelOffThread(context, request, budget);
  const offThread = await stalled(() => levelOffThread(context, request, budget));
  await stopLevelThread();
  progress(`levelling event loop held: ${fmt(offThread, 0)} ms on the worker thread, ${fmt(onThread, 0)} ms on the request thread`);
  const s = solved!.score;
  const g = greedy!;
  const p50 = (list: number[]) => percentile([...list].sort((a, b) => a - b), 50);
  const removed = (x: { before: number; after: number }) => (100 * (x.before - x.after)) / x.before;
  const people = solved!.model.overloaded.length;
  const label = `${fmt(ENGINEERS, 0)} engineers, ${people} overloaded, 12 weeks`;
  return [
    { section: 'levelling', measure: `time to a proposal, ${label} (p50 of ${RUNS})`, figure: `${fmt(p50(solvedTimes), 0)} ms`, anchor: `greedy ${fmt(p50(greedyTimes), 0)} ms`, ratio: `${fmt(p50(solvedTimes) / p50(greedyTimes), 2)}x` },
    { section: 'levelling', measure: `overloaded person-days removed (of ${s.before})`, figure: `${fmt(removed(s))} %`, anchor: `greedy ${fmt(removed(g))} %`, ratio: `${s.before - s.after} vs ${g.before - g.after} days` },
    { section: 'levelling', measure: 'changes per overloaded person', figure: fmt(s.changes / people, 2), anchor: `greedy ${fmt(g.changes / people, 2)}`, ratio: `${s.changes} vs ${g.changes} changes` },
    { section: 'levelling', measure: 'changes per overloaded person-day removed', figure: fmt(s.changes / Math.max(1, s.before - s.after), 3), anchor: `greedy ${fmt(g.changes / Math.max(1, g.before - g.after), 3)}`, ratio: '' },
    { section: 'levelling', measure: `longest event-loop stall while a proposal is made, ${label}`, figure: `${fmt(offThread, 0)} ms (worker thread)`, anchor: `on the request thread ${fmt(onThread, 0)} ms`, ratio: `${fmt(offThread / onThread, 3)}x` },
    { section: 'levelling', measure: 'reassignments / days shifted', figure: `${s.reassignments} / ${s.extent}`, anchor: `greedy ${g.reassignments} / ${g.extent}`, ratio: `${solved!.groups} groups` },
  ];
}
