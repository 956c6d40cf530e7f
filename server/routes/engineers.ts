import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  DEFAULT_CALENDAR_ID, defaultHolidayCalendar, DomainError, employmentInput, engineerDaysMessages, engineerFigures, engineerListQuery, engineerMessages,
  bulkEngineersInput, engineerSchema, followCalendarInBulkInput, followCalendarInput, registerEngineerInput, updateEngineerInput, workWeekInput,
} from '../../domain/index.ts';
import { followCalendars } from '../commands/bulk-planning.ts';
import { bulkChangeEngineers } from '../commands/bulk-engineers.ts';
import { teamDirectory } from '../commands/engineer-teams.ts';
import { findHolidayCalendar } from '../read-models/holiday-calendars.ts';
import { registerEngineerWithAccount } from '../commands/accounts.ts';
import { changeEngineerDays, updateEngineer } from '../commands/planning.ts';
import { runCommand } from '../commands/transaction.ts';
import { HttpError } from '../http-error.ts';
import { assignmentsOfEngineer, currentLoads, engineersJson, findEngineer } from '../read-models/queries.ts';
import { engineerListPage } from '../read-models/list-queries.ts';
import { answerList, etag, idempotencyOf, metadataOf, requiredVersionOf, sendWriteOutcome, withCommandId } from './request-context.ts';
import { errorBody, errorResponses, idParams, isoTime } from './schemas.ts';

const capacitySchema = z.object({
  engineerId: z.string(),
  maxCapacity: z.number(),
  currentAllocation: z.number(),
  availableCapacity: z.number(),
  utilizationPercentage: z.number(),
  utilizationStatus: z.enum(['overloaded', 'underutilized', 'optimal']),
  currentAssignments: z.array(z.any()),
  upcomingAssignments: z.array(z.any()),
});

const bulkResult = z.object({ id: z.string(), status: z.enum(['changed', 'unchanged', 'refused']), message: z.string().optional() });
const bulkEngineersAnswer = z.object({ results: z.array(bulkResult), engineers: z.array(engineerSchema) });
const bulkEngineersRefused = errorBody.extend({ results: z.array(bulkResult).optional() });

const currentLoadQuery = z.object({ at: isoTime('at').optional() });
const currentLoadAnswer = z.object({
  at: z.string().describe('the moment the loads are for (ISO 8601)'),
  loads: z.array(
    z.object({
      engineerId: z.string(),
      allocation: z.number().describe('sum of allocationPercentage of the assignments current at `at`'),
      assignments: z.number().describe('how many assignments are current at `at`'),
      earliestEnd: z.string().nullable().describe('the earliest endDate among them'),
    }),
  ),
});

/**
 * An engineer may edit only their own profile: anyone else's is refused (403) before the body or the
 * version is looked at, so they never get 428 or 409 for a profile they may not touch.
 */
async function ownProfileOnly(request: FastifyRequest) {
  if (request.user.role === 'engineer' && request.user.sub !== (request.params as { id?: string }).id) {
    throw new HttpError(403, engineerMessages.ownSkillsOnly, 'FORBIDDEN');
  }
}

export default async function engineerRoutes(app: FastifyInstance, options: { timeZone?: string } = {}) {
  const timeZone = options.timeZone ?? 'UTC';
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get('/api/engineers', {
    onRequest: app.authenticate,
    schema: {
      tags: ['engineers'],
      description:
        'Every engineer, by name. With any parameter: searched (q: name, email, skills), filtered, sorted and paged ' +
        '(limit with after or offset); X-Total-Count counts every match and X-Next-After is the after of the next page.',
      querystring: engineerListQuery,
      response: { 200: z.array(engineerSchema), ...errorResponses },
    },
    handler: async (request, reply) => {
      const query = request.query;
      return answerList(app, request, reply, { whole: engineersJson, wholeKey: 'engineers', page: (db) => engineerListPage(db, query), sort: query.sort.text });
    },
  });

  // Today's figures of everyone without the whole assignments list (megabytes in a large organisation):
  // what the Engineers screen draws its first rows from. Others' load comes from their assignments,
  // which an engineer may not read, so it is for managers and auditors, as the capacity grid is.
  api.get('/api/engineers/current-load', {
    onRequest: app.requireRole('manager', 'auditor'),
    schema: {
      tags: ['engineers'],
      description:
        'Per engineer with current work on the day of `at` (default now; its first day <= that day <= its last day, in the organisation\'s time zone): the sum of allocationPercentage, how many ' +
        'assignments and the earliest end. Engineers with none are left out. Managers and auditors.',
      querystring: currentLoadQuery,
      response: { 200: currentLoadAnswer, ...errorResponses },
    },
    handler: async (request) => {
      const at = request.query.at ?? new Date();
      return { at: at.toISOString(), loads: await currentLoads(app.db, at, timeZone) };
    },
  });

  api.get('/api/engineers/:id', {
    onRequest: app.authenticate,
    schema: { tags: ['engineers'], params: idParams, response: { 200: engineerSchema, 404: errorBody, ...errorResponses } },
    handler: async (request, reply) => {
      const engineer = await findEngineer(app.db, request.params.id);
      if (!engineer) throw new HttpError(404, 'Engineer not found', 'NOT_FOUND');
      return reply.header('etag', etag(engineer.version)).send(engineer);
    },
  });

  api.get('/api/engineers/:id/capacity', {
    onRequest: app.authenticate,
    schema: { tags: ['engineers'], params: idParams, response: { 200: capacitySchema, 404: errorBody, ...errorResponses } },
    handler: async (request) => {
      const { id } = request.params;
      if (request.user.role === 'engineer' && request.user.sub !== id) {
        throw new HttpError(403, 'You can only see your own capacity', 'FORBIDDEN');
      }
      const engineer = await findEngineer(app.db, id);
      if (!engineer) throw new HttpError(404, 'Engineer not found', 'NOT_FOUND');
      const figures = engineerFigures(engineer, await assignmentsOfEngineer(app.db, id), new Date(), timeZone);
      return {
        engineerId: id,
        maxCapacity: engineer.maxCapacity,
        currentAllocation: figures.currentAllocation,
        availableCapacity: figures.availableCapacity,
        utilizationPercentage: figures.utilizationPercentage,
        utilizationStatus: figures.utilizationStatus,
        currentAssignments: figures.currentAssignments,
        upcomingAssignments: figures.upcomingAssignments,
      };
    },
  });

  api.post('/api/engineers', {
    onRequest: app.requireRole('manager'),
    schema: {
      tags: ['engineers'],
      description: 'Registers an engineer (an EngineerRegistered event) and their account with an initial password.',
      body: registerEngineerInput,
      response: { 201: engineerSchema, ...errorResponses, 409: errorBody },
    },
    handler: async (request, reply) => {
      const outcome = await runCommand(app.db, idempotencyOf(request), async (trx) => {
        const result = await registerEngineerWithAccount(trx, request.body, metadataOf(request));
        return { status: 201, body: result.state };
      });
      return sendWriteOutcome(reply, outcome);
    },
  });

  api.patch('/api/engineers/:id', {
    onRequest: [app.requireRole('manager', 'engineer'), ownProfileOnly],
    schema: {
      tags: ['engineers'],
      description: 'Managers change any planning field; an engineer changes only their own skills.',
      params: idParams,
      body: updateEngineerInput,
      response: { 200: engineerSchema, ...errorResponses, 404: errorBody, 409: errorBody, 428: errorBody },
    },
    handler: async (request, reply) => {
      const { version, ...changes } = request.body;
      const expected = requiredVersionOf(request, version);
      const outcome = await runCommand(app.db, idempotencyOf(request), async (trx) => {
        const result = await updateEngineer(trx, request.params.id, changes, metadataOf(request), expected);
        return { status: 200, body: result.state };
      });
      return sendWriteOutcome(reply, outcome);
    },
  });

  api.post('/api/engineers/follow-calendar', {
    onRequest: app.requireRole('manager'),
    schema: {
      tags: ['engineers'],
      description:
        'Many engineers follow one holiday calendar from a date on (EngineerCalendarChanged each, as PUT /api/engineers/:id/calendar). ' +
        'One transaction: all or none. An unknown calendar or engineer is a 404 and nothing is written. One X-Command-Id for all, so one undo reverses them.',
      body: followCalendarInBulkInput,
      response: { 200: z.object({ engineers: z.array(engineerSchema), changed: z.number().int() }), ...errorResponses, 404: errorBody, 409: errorBody },
    },
    handler: async (request, reply) => {
      const { engineerIds, calendarId, from } = request.body;
      const outcome = await runCommand(app.db, idempotencyOf(request), async (trx) => {
        const calendar = calendarId === DEFAULT_CALENDAR_ID ? defaultHolidayCalendar() : await findHolidayCalendar(trx, calendarId);
        if (!calendar) throw new DomainError('not-found', engineerDaysMessages.calendarNotFound, 'calendarId');
        const follows = [...new Set(engineerIds)].map((engineerId) => ({ engineerId, calendar, from }));
        const results = await followCalendars(trx, follows, metadataOf(request));
        const engineers = results.flatMap((r) => (r.state ? [r.state] : []));
        return { status: 200, body: { engineers, changed: results.filter((r) => r.events.length > 0).length } };
      });
      return sendWriteOutcome(reply, outcome);
    },
  });

  api.post('/api/engineers/bulk', {
    onRequest: app.requireRole('manager'),
    schema: {
      tags: ['engineers'],
      description:
        'One change to many engineers from `from` on: a team (teamId), a holiday calendar (calendarId), a work week (workWeek: 7 parts of a day, Monday first) ' +
        'or leaving (deactivate: their leave date is `from`). One transaction: all or none. Answers per id `{status: changed | unchanged, message?}`; ' +
        'a refusal (400, or 404 when engineers are not found) lists every id with its status and, for those refused, why. One X-Command-Id for all, so one undo reverses them.',
      body: bulkEngineersInput,
      response: { 200: bulkEngineersAnswer, ...errorResponses, 400: bulkEngineersRefused, 404: bulkEngineersRefused, 409: errorBody },
    },
    handler: async (request, reply) => {
      const outcome = await runCommand(app.db, idempotencyOf(request), async (trx) => {
        const body = await bulkChangeEngineers(trx, request.body, metadataOf(request), teamDirectory);
        return { status: 200, body };
      });
      if (outcome.replayed) reply.header('idempotent-replayed', 'true');
      return withCommandId(reply).code(outcome.status).send(outcome.body as z.infer<typeof bulkEngineersAnswer>);
    },
  });

  /**
   * Which days the engineer works (design: "work week", "holiday calendars", "joiners and leavers").
   * Each one changes from a date, so earlier weeks keep their figures; each needs the version edited.
   */
  const engineerDays = [
    { path: 'work-week', kind: 'changeWorkWeek', body: workWeekInput, description: "Their work week from a date on: each weekday's percentage of a day, Monday first." },
    { path: 'calendar', kind: 'followCalendar', body: followCalendarInput, description: 'The holiday calendar they follow from a date on.' },
    { path: 'employment', kind: 'setEmployment', body: employmentInput, description: 'Start and leave dates (null clears one): no capacity before the start nor from the leave date.' },
  ] as const;
  for (const { path, kind, body, description } of engineerDays) {
    api.put(`/api/engineers/:id/${path}`, {
      onRequest: app.requireRole('manager'),
      schema: { tags: ['engineers'], description, params: idParams, body, response: { 200: engineerSchema, ...errorResponses, 404: errorBody, 409: errorBody, 428: errorBody } },
      handler: async (request, reply) => {
        const { version, ...input } = request.body as { version?: number };
        const expected = requiredVersionOf(request, version);
        const outcome = await runCommand(app.db, idempotencyOf(request), async (trx) => {
          const command = { kind, engineerId: request.params.id, input } as Parameters<typeof changeEngineerDays>[1];
          const result = await changeEngineerDays(trx, command, metadataOf(request), expected);
          return { status: 200, body: result.state };
        });
        return sendWriteOutcome(reply, outcome);
      },
    });
  }
}
