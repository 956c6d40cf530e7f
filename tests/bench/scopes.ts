import { sql } from 'kysely';
import { changeAccount } from '../../server/commands/accounts.ts';
import { createDb, createPool } from '../../server/db/connect.ts';
import { recordDepartmentTeams } from '../../server/runtime/first-run.ts';
import { ensureLargePlan, listen, login } from './bench-app.ts';
import { copyDatabase, fmt, percentile, type Row } from './support.ts';

const SAMPLES = Number(process.env.BENCH_SCOPE_SAMPLES ?? 60);
const WARMUP = 5;

/**
 * What the scope check costs a write: PATCH /api/assignments/:id (an allocation, 20 % and back) by a
 * manager scoped to one team, on someone of that team, beside the same write by an org-wide manager on
 * the same large plan (2,000 engineers in teams made from their departments), the two interleaved
 * sample by sample so the machine's load falls on both alike. Goal: at most 5 % more at p50.
 */
export async function benchScopes(databaseUrl: string, progress: (message: string) => void): Promise<Row[]> {
  await ensureLargePlan(databaseUrl, progress);
  const copy = await copyDatabase(databaseUrl);
  const db = createDb(createPool(copy.url, 2));
  const { app, base } = await listen(copy.url);
  try {
    progress('teams from departments');
    await recordDepartmentTeams(db);
    const { rows: [pair] } = await sql<{ team: string; a: string; b: string }>`
      select e.doc->'teams'->-1->>'teamId' as team, min(a.id) as a, max(a.id) as b
        from assignments a join engineers e on e.id = a.engineer_id
       where a.end_date > now() group by 1 having count(*) > 1 order by count(*) desc limit 1`.execute(db);
    if (!pair) throw new Error('no team with two assignments');
    const scoped = await db.selectFrom('users').select(['id', 'version']).where('email', '=', 'manager2@demo.test').executeTakeFirstOrThrow();
    await db.transaction().execute((trx) => changeAccount(trx, scoped.id, { scope: [pair.team], version: scoped.version }, { actorId: scoped.id, actorRole: 'manager' }));
    const tokens = { orgWide: await login(base, 'manager@demo.test'), scoped: await login(base, 'manager2@demo.test') };
    const versions = new Map<string, number>();
    for (const id of [pair.a, pair.b]) versions.set(id, (await db.selectFrom('assignments').select('version').where('id', '=', id).executeTakeFirstOrThrow()).version);
    const write = async (token: string, id: string, allocationPercentage: number) => {
      const t0 = performance.now();
      const response = await fetch(`${base}/api/assignments/${id}`, {
        method: 'PATCH', headers: { authorization: token, 'content-type': 'application/json' }, body: JSON.stringify({ allocationPercentage, version: versions.get(id) }),
      });
      const ms = performance.now() - t0;
      if (response.status !== 200) throw new Error(`PATCH answered ${response.status}: ${await response.text()}`);
      versions.set(id, ((await response.json()) as { version: number }).version);
      return ms;
    };
    progress(`scope check: ${SAMPLES} writes each, interleaved`);
    const times = { orgWide: [] as number[], scoped: [] as number[] };
    for (let i = 0; i < SAMPLES + WARMUP; i++) {
      const allocation = i % 2 === 0 ? 21 : 20;
      // Alternate which goes first, so neither always meets a warmer cache.
      const order = i % 2 === 0 ? (['orgWide', 'scoped'] as const) : (['scoped', 'orgWide'] as const);
      for (const who of order) {
        const ms = await write(tokens[who], who === 'orgWide' ? pair.a : pair.b, allocation);
        if (i >= WARMUP) times[who].push(ms);
      }
    }
    times.orgWide.sort((a, b) => a - b);
    times.scoped.sort((a, b) => a - b);
    const scoped50 = percentile(times.scoped, 50);
    const org50 = percentile(times.orgWide, 50);
    return [{
      section: 'scopes',
      measure: 'PATCH /api/assignments/:id by a manager scoped to one team (scope check: actor, teams, person) (goal <= 1.05x)',
      figure: `p50 ${fmt(scoped50, 1)} ms, p99 ${fmt(percentile(times.scoped, 99), 1)} ms`,
      anchor: `same write by an org-wide manager: p50 ${fmt(org50, 1)} ms, p99 ${fmt(percentile(times.orgWide, 99), 1)} ms`,
      ratio: `${fmt(scoped50 / org50, 3)}x p50`,
    }];
  } finally {
    await app.close();
    await db.destroy();
    await copy.close();
  }
}
