import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { utilisationReport, type UtilisationQuery, type UtilisationReport } from '../../domain/index.ts';
import { KeptAnswers } from '../read-models/kept-answers.ts';
import { SnapshotCache } from '../read-models/snapshot-cache.ts';
import { loadUtilisationFacts } from '../read-models/utilisation.ts';

/** One answer of GET /api/reports/utilisation: the report, its JSON text, and the position in the log it reflects. */
export type UtilisationAnswer = { report: UtilisationReport; text: string; cursor: string; snapshot: string };

declare module 'fastify' {
  interface FastifyInstance {
    /** The utilisation report of a query on `today` (the organisation's date); the same one asked again between two writes is worked out once. */
    utilisationAnswer: (query: UtilisationQuery, today: string) => Promise<UtilisationAnswer>;
  }
}

/**
 * The Report asks for the same range again and again (another grouping, the CSV, a colleague's link):
 * its facts are kept by snapshot and range, and each query's answer beside them, as the schedule's are
 * (capacity-answers.ts).
 */
export default fp(async function reportAnswers(app: FastifyInstance, options: { timeZone: string; hoursPerDay: number; factsCacheSize: number }) {
  const factsCache = new SnapshotCache<Awaited<ReturnType<typeof loadUtilisationFacts>>>(options.factsCacheSize, { changedOnlyByEvents: true });
  const answers = new KeptAnswers<UtilisationReport>(16);

  app.decorate('utilisationAnswer', async (query: UtilisationQuery, today: string) => {
    const facts = await factsCache.read(app.db, `${query.from} ${query.to}`, (trx) => loadUtilisationFacts(trx, query));
    const { format: _format, ...figures } = query;
    const { text, extra } = answers.text(facts.value, JSON.stringify({ ...figures, today }), () => {
      const report = utilisationReport(facts.value, figures, { timeZone: options.timeZone, today, hoursPerDay: options.hoursPerDay });
      return { text: JSON.stringify(report), extra: report };
    });
    return { report: extra, text, cursor: facts.cursor, snapshot: facts.snapshot };
  });
});
