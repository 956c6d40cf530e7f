import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  actualsMessages, actualsQueryInput, actualsVarianceSchema, actualsWeekAnswerSchema, dateOfDay, emptyWeek, isoWeek, localDayOf,
  recordActualsInput, unlockWeekInput, type ActualsWeek, type ActualsWeekAnswer,
} from '../../domain/index.ts';
import { lockWeekForEveryone, recordActuals, unlockWeekForEveryone } from '../commands/actuals.ts';
import { runCommand } from '../commands/transaction.ts';
import type { DbOrTrx } from '../db/connect.ts';
import { HttpError } from '../http-error.ts';
import { plannedWeek, type ActualsSettings } from '../read-models/actuals-variance.ts';
import { lockedWeeks } from '../read-models/actuals.ts';
import { readConsistent } from '../read-models/consistent-read.ts';
import { findEngineer } from '../read-models/queries.ts';
import { etag, idempotencyOf, metadataOf, requiredVersionOf, sendWriteOutcome, withCommandId } from './request-context.ts';
import { errorBody, errorResponses } from './schemas.ts';

const weekParams = z.object({ id: z.string().min(1).max(100), week: isoWeek });
const writeErrors = { ...errorResponses, 404: errorBody, 409: errorBody, 428: errorBody };

/**
 * An engineer reads and writes only their own actuals: anyone else's is refused (403) before the body
 * or the version is looked at, so they learn nothing from a 404, 428 or 409.
 */
async function ownActualsOnly(request: FastifyRequest) {
  if (request.user.role === 'engineer' && request.user.sub !== (request.params as { id?: string }).id) {
    throw new HttpError(403, actualsMessages.ownOnly, 'FORBIDDEN');
  }
}

/** One engineer's week as the contract answers it: what was recorded, the lock, the plan beside it, the engineer's version. */
async function weekAnswer(db: DbOrTrx, engineerId: string, week: string, settings: ActualsSettings): Promise<ActualsWeekAnswer> {
  const engineer = await findEngineer(db, engineerId);
  if (!engineer) throw new HttpError(404, actualsMessages.engineerNotFound, 'NOT_FOUND');
  const row = await db.selectFrom('actuals').select('doc').where('id', '=', `${engineerId} ${week}`).executeTakeFirst();
  const recorded: ActualsWeek = row?.doc ?? emptyWeek(engineerId, week);
  return {
    engineerId, week,
    entries: recorded.entries,
    note: recorded.note ?? null,
    recorded: recorded.recorded,
    locked: recorded.locked,
    planned: await plannedWeek(db, engineerId, week, settings),
    version: engineer.version,
  };
}

export default async function actualsRoutes(app: FastifyInstance, settings: ActualsSettings) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const today = () => dateOfDay(localDayOf(Date.now(), settings.timeZone));

  api.get('/api/engineers/:id/actuals/:week', {
    onRequest: [app.requireRole('manager', 'engineer', 'auditor'), ownActualsOnly],
    schema: {
      tags: ['actuals'],
      description: "One engineer's ISO week: the hours recorded per project, its note, whether it is locked, and the planned hours per project from the capacity model (booked day-percent x HOURS_PER_DAY / 100). `version` (and ETag) is the engineer's, which PUT sends back as If-Match.",
      params: weekParams,
      response: { 200: actualsWeekAnswerSchema, ...errorResponses, 404: errorBody },
    },
    handler: async (request, reply) => {
      const { value } = await readConsistent(app.db, (trx) => weekAnswer(trx, request.params.id, request.params.week, settings));
      return reply.header('etag', etag(value.version)).send(value);
    },
  });

  api.get('/api/engineers/:id/actuals/locked', {
    onRequest: [app.requireRole('manager', 'engineer', 'auditor'), ownActualsOnly],
    schema: {
      tags: ['actuals'],
      description: "The ISO weeks locked for this engineer, in order. A planning write that would change a day of one of them is refused (409 WEEK_LOCKED): the edit form says so before it saves.",
      params: z.object({ id: z.string().min(1).max(100) }),
      response: { 200: z.object({ weeks: z.array(z.string()) }), ...errorResponses },
    },
    handler: async (request) => {
      const { value } = await readConsistent(app.db, async (trx) => {
        if (!(await findEngineer(trx, request.params.id))) throw new HttpError(404, actualsMessages.engineerNotFound, 'NOT_FOUND');
        return lockedWeeks(trx, request.params.id);
      });
      return { weeks: [...value].sort() };
    },
  });

  api.put('/api/engineers/:id/actuals/:week', {
    onRequest: [app.requireRole('manager', 'engineer'), ownActualsOnly],
    schema: {
      tags: ['actuals'],
      description: "Records the whole week (ActualsRecorded on the engineer's stream), replacing what was there. Send the engineer's version as If-Match (or `version`). An engineer cannot change a locked week (409 WEEK_LOCKED); a manager can, with a `reason`. Hours are 0 or more, at most 24 a day (168 a week in all).",
      params: weekParams,
      body: recordActualsInput,
      response: { 200: actualsWeekAnswerSchema, ...writeErrors },
    },
    handler: async (request, reply) => {
      const { version, ...input } = request.body;
      const expected = requiredVersionOf(request, version);
      const { id, week } = request.params;
      const outcome = await runCommand(app.db, idempotencyOf(request), async (trx) => {
        await recordActuals(trx, id, week, input, metadataOf(request), expected);
        return { status: 200, body: await weekAnswer(trx, id, week, settings) };
      });
      return sendWriteOutcome(reply, outcome);
    },
  });

  api.post('/api/actuals/weeks/:week/lock', {
    onRequest: app.requireRole('manager'),
    schema: {
      tags: ['actuals'],
      description: "Locks the week for everyone: one ActualsWeekLocked on each engineer's stream whose week is open, in one transaction. Afterwards only a manager changes it, with a reason.",
      params: z.object({ week: isoWeek }),
      body: z.object({}).passthrough().nullish(),
      response: { 204: z.null(), ...errorResponses },
    },
    handler: async (request, reply) => {
      await runCommand(app.db, idempotencyOf(request), async (trx) => {
        await lockWeekForEveryone(trx, request.params.week, metadataOf(request));
        return { status: 204, body: null };
      });
      return withCommandId(reply).code(204).send();
    },
  });

  api.post('/api/actuals/weeks/:week/unlock', {
    onRequest: app.requireRole('manager'),
    schema: {
      tags: ['actuals'],
      description: 'Opens a locked week again for everyone (ActualsWeekUnlocked with the reason, on each engineer stream where it was locked).',
      params: z.object({ week: isoWeek }),
      body: unlockWeekInput,
      response: { 204: z.null(), ...errorResponses },
    },
    handler: async (request, reply) => {
      await runCommand(app.db, idempotencyOf(request), async (trx) => {
        await unlockWeekForEveryone(trx, request.params.week, request.body.reason, metadataOf(request));
        return { status: 204, body: null };
      });
      return withCommandId(reply).code(204).send();
    },
  });

  api.get('/api/actuals', {
    onRequest: app.requireRole('manager', 'auditor', 'engineer'),
    schema: {
      tags: ['actuals'],
      description: 'Planned beside actual hours and their difference (actual - planned), per engineer or project and ISO week or month (a week counts in the month of its Thursday), over the days of from..to up to today: a week cut by the range counts its days inside it (its recorded hours by the share of the engineer\'s working days there), the week today is in counts to date (`toDate` on its period), later days count nothing; rows furthest from plan first. `missing`: who has not filled an ended week in which they had working time; `hoursPerDay`, the HOURS_PER_DAY the hours are counted in. An engineer gets only their own.',
      querystring: actualsQueryInput,
      response: { 200: actualsVarianceSchema, ...errorResponses },
    },
    handler: async (request, reply) => {
      const own = request.user.role === 'engineer' ? request.user.sub : undefined;
      if (own && request.query.engineerId && request.query.engineerId !== own) throw new HttpError(403, 'You can only see your own actuals', 'FORBIDDEN');
      const query = { ...request.query, engineerId: own ?? request.query.engineerId, today: today() };
      const answer = await app.actualsAnswer(query);
      // The kept text is sent as it is (the raw reply, not the route's typed one).
      return (reply as FastifyReply).header('x-cursor', answer.cursor).header('x-snapshot', answer.snapshot).type('application/json; charset=utf-8').send(answer.text);
    },
  });
}
