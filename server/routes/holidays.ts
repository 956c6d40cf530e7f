import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { addHolidayInput, CALENDAR_STREAM, calendarDate, holidaySchema, versionOnlyInput } from '../../domain/index.ts';
import { addHoliday, removeHoliday } from '../commands/capacity-facts.ts';
import { runCommand } from '../commands/transaction.ts';
import { holidaysJson, streamVersion } from '../read-models/time-off-holidays-placeholders.ts';
import { readConsistent } from '../read-models/consistent-read.ts';
import { etag, expectedVersionOf, idempotencyOf, metadataOf, requiredVersionOf, sendJsonList, sendWriteOutcome } from './request-context.ts';
import { errorBody, errorResponses, idParams, removedBody } from './schemas.ts';

const writeErrors = { ...errorResponses, 404: errorBody, 409: errorBody, 428: errorBody };

const holidayQuery = z
  .object({
    from: calendarDate('from').optional(),
    to: calendarDate('to').optional(),
  })
  .refine((q) => !(q.from && q.to) || q.to >= q.from, { path: ['to'], message: 'to must not be before from' });

export default async function holidayRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get('/api/holidays', {
    onRequest: app.authenticate,
    schema: {
      tags: ['capacity'],
      description: "Every calendar's holidays by date (`from`/`to` YYYY-MM-DD, both included), each naming its calendar (`calendarId`). A calendar with a rule lists its public holidays for each year in the range (without one: the years the plan reaches and those around this year); such a day's `_id` is `<calendarId>@<date>`, which DELETE takes. ETag is the default calendar's version; removing a holiday sends its calendar's version (GET /api/holiday-calendars). X-Cursor/X-Snapshot say which events it reflects.",
      querystring: holidayQuery,
      response: { 200: z.array(holidaySchema), ...errorResponses },
    },
    handler: async (request, reply) => {
      const list = await readConsistent(app.db, (trx) =>
        // Only the year of today matters here (which years the rules fill without a range).
        Promise.all([holidaysJson(trx, request.query, new Date().toISOString().slice(0, 10)), streamVersion(trx, CALENDAR_STREAM)]));
      const [json, version] = list.value;
      return sendJsonList(reply.header('etag', etag(version)), { ...list, value: json });
    },
  });

  api.post('/api/holidays', {
    onRequest: app.requireRole('manager'),
    schema: {
      tags: ['capacity'],
      description: "Adds a holiday (HolidayAdded on its calendar's stream) to the calendar `calendarId` (left out: the default calendar; unknown: 404); one per date and calendar (409). `version` (or If-Match) is that calendar's version, optional here.",
      body: addHolidayInput,
      response: { 201: holidaySchema, ...writeErrors },
    },
    handler: async (request, reply) => {
      const { version, ...input } = request.body;
      const expected = expectedVersionOf(request, version);
      const outcome = await runCommand(app.db, idempotencyOf(request), async (trx) => {
        const result = await addHoliday(trx, input, metadataOf(request), expected);
        return { status: 201, body: result.holiday };
      });
      return sendWriteOutcome(reply, outcome);
    },
  });

  api.delete('/api/holidays/:id', {
    onRequest: app.requireRole('manager'),
    schema: {
      tags: ['capacity'],
      description: "Removes a holiday (HolidayRemoved). Send its calendar's version (If-Match or `version`: for the default calendar the list's ETag).",
      params: idParams,
      body: versionOnlyInput.nullish(),
      response: { 200: removedBody, ...writeErrors },
    },
    handler: async (request, reply) => {
      const expected = requiredVersionOf(request, request.body?.version);
      const outcome = await runCommand(app.db, idempotencyOf(request), async (trx) => {
        const result = await removeHoliday(trx, request.params.id, metadataOf(request), expected);
        return { status: 200, body: { message: 'Holiday removed', version: result.version } };
      });
      return sendWriteOutcome(reply, outcome);
    },
  });
}
