import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ActualsQuery } from '../../domain/index.ts';
import { actualsVarianceOf, loadActualsFacts, type ActualsFacts, type ActualsSettings } from '../read-models/actuals-variance.ts';
import { KeptAnswers } from '../read-models/kept-answers.ts';
import { SnapshotCache } from '../read-models/snapshot-cache.ts';
import type { CapacityAnswer } from './capacity-answers.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** GET /api/actuals's answer as JSON text; the same view asked again between two writes is worked out once. */
    actualsAnswer: (query: ActualsQuery & { today: string }) => Promise<Omit<CapacityAnswer, 'total'>>;
  }
}

/**
 * Variance is the capacity model over months of the whole organisation beside every recorded week, and
 * the Report asks for the same view again and again between two writes: it is kept the way the
 * capacity grid is (capacity-answers.ts), by snapshot and query.
 */
export default fp(async function actualsAnswers(app: FastifyInstance, options: ActualsSettings & { factsCacheSize: number }) {
  const factsCache = new SnapshotCache<ActualsFacts>(options.factsCacheSize, { changedOnlyByEvents: true });
  const answers = new KeptAnswers<null>(16);

  app.decorate('actualsAnswer', async (query: ActualsQuery & { today: string }) => {
    const facts = await factsCache.read(app.db, `${query.from} ${query.to} ${query.engineerId ?? ''}`, (trx) => loadActualsFacts(trx, query));
    // ~30,000 missing weeks and thousands of cells for 2,000 engineers over half a year: the schema
    // documents the shape; validating each on the way out would cost more than working them out.
    const { text } = answers.text(facts.value, JSON.stringify(query), () => ({ text: JSON.stringify(actualsVarianceOf(facts.value, query, options)), extra: null }));
    return { text, cursor: facts.cursor, snapshot: facts.snapshot };
  });
});
