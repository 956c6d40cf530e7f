import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { answerCapacityQuery, answerProjectPlanQuery, type CapacityQuery, inShape, type ProjectPlanQuery } from '../../domain/index.ts';
import { loadCapacityFacts, loadPlanProjects } from '../read-models/capacity-facts.ts';
import { KeptAnswers } from '../read-models/kept-answers.ts';
import { SnapshotCache } from '../read-models/snapshot-cache.ts';
import { teamMemberIds } from '../read-models/team-members.ts';
import { scopeToday } from '../commands/scope.ts';

/** One answer of GET /api/capacity, as the JSON text it is sent as, with the position in the log it reflects. */
export type CapacityAnswer = { text: string; total: number; cursor: string; snapshot: string };

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The capacity grid for a query (an engineer's own row only when `engineerId` is given): the same
     * view asked again is worked out once between two writes.
     */
    capacityAnswer: (query: CapacityQuery, engineerId: string | undefined) => Promise<CapacityAnswer>;
    /** The project plan for a query (GET /api/projects/plan), kept the same way between two writes. */
    projectPlanAnswer: (query: ProjectPlanQuery) => Promise<CapacityAnswer>;
  }
}

export default fp(async function capacityAnswers(app: FastifyInstance, options: { timeZone: string; factsCacheSize: number }) {
  // The schedule asks for the same grid again and again between two writes: reading tens of thousands
  // of assignments each time would cost PostgreSQL and Node more than the model itself.
  const factsCache = new SnapshotCache<Awaited<ReturnType<typeof loadCapacityFacts>>>(options.factsCacheSize, { changedOnlyByEvents: true });
  const answers = new KeptAnswers<{ total: number }>(16);

  app.decorate('capacityAnswer', async (query: CapacityQuery, engineerId: string | undefined) => {
    const range = { from: query.from, to: query.to, engineerId };
    const facts = await factsCache.read(app.db, `${range.from} ${range.to} ${engineerId ?? ''}`, (trx) => loadCapacityFacts(trx, range));
    // The facts are the same object until the next write, and so is the answer to the same query.
    // ~50,000 cells for 2,000 engineers x 26 weeks: the schema documents the shape, but validating
    // every cell on the way out would cost more than computing it.
    // Who is in a team is read now, not kept: a move to another team is a write, and so is a new answer.
    const members = query.team ? await teamMemberIds(app.db, query.team, scopeToday()) : undefined;
    const key = members ? `${JSON.stringify(query)} ${[...members].sort().join(',')}` : JSON.stringify(query);
    const { text, extra } = answers.text(facts.value, key, () => {
      const answer = answerCapacityQuery(facts.value, query, options.timeZone, members);
      return { text: JSON.stringify(inShape(answer, query.shape)), extra: { total: answer.total } };
    });
    return { text, ...extra, cursor: facts.cursor, snapshot: facts.snapshot };
  });

  // The same facts and the projects, read in one snapshot.
  const planFactsCache = new SnapshotCache<Awaited<ReturnType<typeof loadCapacityFacts>> & { projects: Awaited<ReturnType<typeof loadPlanProjects>> }>(
    options.factsCacheSize,
    { changedOnlyByEvents: true },
  );
  const planAnswers = new KeptAnswers<{ total: number }>(16);

  app.decorate('projectPlanAnswer', async (query: ProjectPlanQuery) => {
    const facts = await planFactsCache.read(app.db, `${query.from} ${query.to}`, async (trx) => ({
      ...(await loadCapacityFacts(trx, query)),
      projects: await loadPlanProjects(trx),
    }));
    const members = query.team ? await teamMemberIds(app.db, query.team, scopeToday()) : undefined;
    const key = members ? `${JSON.stringify(query)} ${[...members].sort().join(',')}` : JSON.stringify(query);
    const { text, extra } = planAnswers.text(facts.value, key, () => {
      const answer = answerProjectPlanQuery(facts.value, query, options.timeZone, members);
      return { text: JSON.stringify(answer), extra: { total: answer.total } };
    });
    return { text, ...extra, cursor: facts.cursor, snapshot: facts.snapshot };
  });
});
