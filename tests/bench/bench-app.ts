import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { buildApp, type AppOptions } from '../../server/app.ts';
import { createDb, createPool } from '../../server/db/connect.ts';
import { DEMO_PASSWORD, seedDemoIfEmpty } from '../../server/seed/demo.ts';
import { recordDepartmentTeams } from '../../server/runtime/first-run.ts';
import { generatePlan } from '../../server/seed/generate.ts';

/** The real app on a free local port, quiet, with a login rate limit no benchmark reaches. */
export async function listen(databaseUrl: string, extra: Partial<AppOptions> = {}): Promise<{ app: FastifyInstance; base: string }> {
  const app = await buildApp({
    databaseUrl,
    jwtSecret: 'bench-secret-bench-secret-bench-secret!!',
    jwtExpiresIn: '1h',
    logLevel: 'silent',
    loginRateLimit: 1_000,
    ...extra,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { app, base: `http://127.0.0.1:${port}` };
}

/** A token of a demo account. */
export async function login(base: string, email: string): Promise<string> {
  const response = await fetch(`${base}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password: DEMO_PASSWORD }) });
  return ((await response.json()) as { token: string }).token;
}

export const LARGE_PLAN = { engineers: 2_000, assignments: 20_000 };

/**
 * Tops the plan up to at least 2,000 engineers and 20,000 assignments with the large generator
 * (other sections may have added some), about what `npm run seed -- --engineers 2000 --projects 400
 * --assignments 20000` makes. Everyone is in their department's team, as after the server's start
 * (the generator places its engineers; the demo's are placed as the start places them).
 */
export async function ensureLargePlan(databaseUrl: string, progress: (message: string) => void) {
  const db = createDb(createPool(databaseUrl, 4));
  try {
    await seedDemoIfEmpty(db, new Date());
    const count = async (table: 'engineers' | 'assignments' | 'projects') =>
      Number((await sql<{ n: number }>`select count(*)::int as n from ${sql.table(table)}`.execute(db)).rows[0]!.n);
    const engineers = Math.max(0, LARGE_PLAN.engineers - (await count('engineers')));
    const assignments = Math.max(0, LARGE_PLAN.assignments - (await count('assignments')));
    if (engineers > 0 || assignments > 0) {
      progress(`generating ${engineers.toLocaleString('en-US')} engineers and ${assignments.toLocaleString('en-US')} assignments`);
      await generatePlan(db, {
        engineers: Math.max(engineers, 1),
        projects: Math.max(20, Math.ceil(assignments / 50)),
        assignments,
        now: new Date(),
        actor: { actorId: 'bench', actorRole: 'manager', correlationId: 'bench-plan' },
        seed: 3,
      });
    }
    await recordDepartmentTeams(db);
    return { engineers: await count('engineers'), assignments: await count('assignments'), projects: await count('projects') };
  } finally {
    await db.destroy();
  }
}
