import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  assignmentSchema, engineerSchema, entityKinds, historyActorSchema, historyPageSchema, holidayCalendarSchema, holidaySchema, parseCursor,
  actualsWeekSchema, placeholderSchema, planDiffSchema, planningEventTypes, projectSchema, timeOffSchema, verificationSchema, type Cursor,
} from '../../domain/index.ts';
import { readNewestFirst } from '../event-store/read.ts';
import { listActors } from '../history/actors.ts';
import { describeEvents, type DescribedEvent } from '../history/describe-events.ts';
import { planDiffPage } from '../history/plan-diff.ts';
import { RestoredSnapshots } from '../history/restored-snapshots.ts';
import { StateAnswers } from '../history/state-answers.ts';
import { verifyHistory } from '../history/verify.ts';
import { acceptedEncoding } from '../http-encodings.ts';
import { HttpError } from '../http-error.ts';
import { errorResponses, isoTime } from './schemas.ts';

const cursorParam = (name: string) =>
  z.string().transform((value, ctx) => {
    const cursor = parseCursor(value);
    if (!cursor) ctx.addIssue({ code: 'custom', message: `${name} must be a cursor such as "1234:56"` });
    return cursor as Cursor;
  });

const planBody = z.object({
  asOf: z.string(),
  cursor: z.string(),
  engineers: z.array(engineerSchema),
  projects: z.array(projectSchema),
  assignments: z.array(assignmentSchema),
  timeOff: z.array(timeOffSchema),
  holidays: z.array(holidaySchema),
  placeholders: z.array(placeholderSchema),
  /** The holiday calendars of that moment (their holidays are in `holidays`, each naming its calendar). */
  holidayCalendars: z.array(holidayCalendarSchema),
  actuals: z.array(actualsWeekSchema),
});

const historyQuery = z.object({
  before: z.string().optional().describe('cursor: events older than this one (newest first)'),
  limit: z.coerce.number().int().min(1, 'limit must be between 1 and 500').max(500, 'limit must be between 1 and 500').default(50),
  type: z.enum(planningEventTypes, { error: 'type must be a known event type' }).optional(),
  entity: z.enum(entityKinds, { error: 'entity must be project, engineer, assignment or calendar' }).optional(),
  actorId: z.string().max(100).optional(),
  projectId: z.string().max(100).optional().describe("one project's events and those of the assignments made on it"),
  from: isoTime('from').optional(),
  to: isoTime('to').optional(),
  format: z.enum(['json', 'csv'], { error: 'format must be json or csv' }).default('json'),
});

const diffOffset = (name: string) =>
  z.coerce.number({ error: `${name} must be a whole number, 0 or more` }).int(`${name} must be a whole number, 0 or more`).min(0, `${name} must be a whole number, 0 or more`).default(0);

const diffQuery = z.object({
  from: isoTime('from'),
  to: isoTime('to'),
  limit: z.coerce.number({ error: 'limit must be between 1 and 1000' }).int('limit must be between 1 and 1000')
    .min(1, 'limit must be between 1 and 1000').max(1000, 'limit must be between 1 and 1000').default(200)
    .describe('rows per section and page'),
  projectsOffset: diffOffset('projectsOffset'),
  assignmentsOffset: diffOffset('assignmentsOffset'),
  engineersOffset: diffOffset('engineersOffset'),
  changesOffset: diffOffset('changesOffset'),
});

/**
 * Megabytes of plan, built by the same typed reducers as the lists and written as JSON once
 * (StateAnswers): checking it once more against the response schema would cost more than the rest of
 * the answer. The schema stays on the route for the OpenAPI document.
 */
const sendJson = (reply: FastifyReply, json: Buffer) => reply.type('application/json; charset=utf-8').send(json);

const csvCell = (value: unknown) => {
  const text = String(value ?? '');
  // Quote, and defuse spreadsheet formulas, so an exported log cannot run anything when opened.
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return `"${safe.replace(/"/g, '""')}"`;
};

function toCsv(events: DescribedEvent[]): string {
  const header = ['recordedAt', 'actor', 'actorRole', 'type', 'entity', 'entityId', 'summary', 'cursor', 'data'];
  const lines = events.map((e) => [e.recordedAt, e.actor.name, e.metadata.actorRole, e.type, e.entity.kind, e.entity.id, e.summary, e.cursor, JSON.stringify(e.data)].map(csvCell).join(','));
  return [header.join(','), ...lines].join('\r\n') + '\r\n';
}

export default async function historyRoutes(app: FastifyInstance, options: { answersKept: number }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const readers = app.requireRole('manager', 'auditor');
  const answers = new StateAnswers(new RestoredSnapshots(), options.answersKept);

  api.get('/api/history/state', {
    onRequest: readers,
    schema: {
      tags: ['history'],
      description: 'The plan exactly as it was at a moment (`at`, by recorded time) or after an event (`cursor`), folded from the events: the lists, and the time off, holidays and placeholders of that moment.',
      querystring: z.object({ at: isoTime('at').optional(), cursor: cursorParam('cursor').optional() }),
      response: { 200: planBody, ...errorResponses },
    },
    handler: async (request, reply) => {
      const { at, cursor } = request.query;
      if ((at === undefined) === (cursor === undefined)) throw new HttpError(400, 'Give exactly one of at or cursor', 'VALIDATION_FAILED');
      const bound = at ? { at } : { cursor: cursor! };
      if (app.compressesAnswers && acceptedEncoding(request.headers['accept-encoding']) === 'zstd') {
        return sendJson(reply.header('vary', 'accept-encoding').header('content-encoding', 'zstd'), await answers.zstd(app.db, bound));
      }
      return sendJson(reply, await answers.json(app.db, bound));
    },
  });

  api.get('/api/history/diff', {
    onRequest: readers,
    schema: {
      tags: ['history'],
      description:
        'What changed between two moments: projects and assignments created, changed and removed, each engineer whose allocation or status moved, and every event in between with who made it. ' +
        'Each section is paged on its own offset (`limit` rows from `projectsOffset`, `assignmentsOffset`, `engineersOffset`, `changesOffset`); `pages` says where each page stands and `totals` counts the whole diff.',
      querystring: diffQuery,
      response: { 200: planDiffSchema, ...errorResponses },
    },
    handler: async (request) => {
      const { from, to, limit, projectsOffset, assignmentsOffset, engineersOffset, changesOffset } = request.query;
      if (to.getTime() < from.getTime()) throw new HttpError(400, 'to must not be before from', 'VALIDATION_FAILED');
      const offsets = { projects: projectsOffset, assignments: assignmentsOffset, engineers: engineersOffset, changes: changesOffset };
      return planDiffPage(app.db, { from, to, offsets, limit });
    },
  });

  api.get('/api/history/events', {
    onRequest: readers,
    schema: {
      tags: ['history'],
      description: 'The event log newest first, with actor, entity and a readable sentence; `next` pages further back. format=csv exports the filtered log (up to 50,000 rows).',
      querystring: historyQuery,
      response: {
        200: { content: { 'application/json': { schema: historyPageSchema }, 'text/csv': { schema: z.string() } } },
        ...errorResponses,
      },
    },
    handler: async (request, reply) => {
      const q = request.query;
      if (q.from && q.to && q.to.getTime() < q.from.getTime()) throw new HttpError(400, 'to must not be before from', 'VALIDATION_FAILED');
      const before = q.before ? parseCursor(q.before) : null;
      if (q.before && !before) throw new HttpError(400, 'before must be a cursor such as "1234:56"', 'VALIDATION_FAILED');
      const limit = q.format === 'csv' ? 50_000 : q.limit;
      const recorded = await readNewestFirst(app.db, {
        before: before ?? undefined,
        limit,
        filter: { type: q.type, entity: q.entity, actorId: q.actorId, projectId: q.projectId, from: q.from, to: q.to },
      });
      const events = await describeEvents(app.db, recorded);
      if (q.format === 'csv') {
        return reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="planning-history.csv"`)
          .send(toCsv(events));
      }
      return { events, next: recorded.length === limit ? events[events.length - 1]!.cursor : null };
    },
  });

  api.get('/api/history/actors', {
    onRequest: readers,
    schema: { tags: ['history'], response: { 200: z.array(historyActorSchema), ...errorResponses } },
    handler: async () => listActors(app.db),
  });

  api.post('/api/history/verify', {
    onRequest: readers,
    schema: {
      tags: ['history'],
      description: 'Checks every hash chain and names each altered event.',
      response: { 200: verificationSchema, ...errorResponses },
    },
    handler: async () => verifyHistory(app.db),
  });
}
