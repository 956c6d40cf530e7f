import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { createHolidayCalendarInput, holidayCalendarSchema, renameHolidayCalendarInput, versionOnlyInput } from '../../domain/index.ts';
import { publicHolidayCountries, publicHolidays } from '../calendars/public-holidays.ts';
import { createHolidayCalendar, removeHolidayCalendar, renameHolidayCalendar } from '../commands/capacity-facts.ts';
import { runCommand } from '../commands/transaction.ts';
import { readConsistent } from '../read-models/consistent-read.ts';
import { holidayCalendarsJson } from '../read-models/holiday-calendars.ts';
import { idempotencyOf, metadataOf, requiredVersionOf, sendJsonList, sendWriteOutcome } from './request-context.ts';
import { errorBody, errorResponses, idParams, removedBody } from './schemas.ts';

const writeErrors = { ...errorResponses, 404: errorBody, 409: errorBody, 428: errorBody };

const calendarHoliday = z.object({ _id: z.string().optional(), date: z.string(), name: z.string() });
const calendarWithHolidays = holidayCalendarSchema.extend({ holidays: z.array(calendarHoliday) });

const countrySchema = z.object({
  code: z.string(),
  name: z.string(),
  regions: z.array(z.object({ code: z.string(), name: z.string() })),
});

export default async function holidayCalendarRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get('/api/holiday-calendars', {
    onRequest: app.authenticate,
    schema: {
      tags: ['capacity'],
      description: "The holiday calendars, the default one first, each with its holidays by date. A calendar's `version` is what renaming or removing it (If-Match) and adding a holiday to it send. X-Cursor/X-Snapshot say which events it reflects.",
      response: { 200: z.array(calendarWithHolidays), ...errorResponses },
    },
    handler: async (_request, reply) => sendJsonList(reply, await readConsistent(app.db, (trx) => holidayCalendarsJson(trx))),
  });

  api.get('/api/holiday-calendars/countries', {
    onRequest: app.authenticate,
    schema: {
      tags: ['capacity'],
      description: 'The countries (and their regions) whose public holidays a new calendar can be filled with: the codes POST /api/holiday-calendars takes.',
      response: { 200: z.array(countrySchema), ...errorResponses },
    },
    handler: async () => publicHolidayCountries(),
  });

  api.post('/api/holiday-calendars', {
    onRequest: app.requireRole('manager'),
    schema: {
      tags: ['capacity'],
      description: "Creates a holiday calendar (HolidayCalendarCreated on its own stream, `calendar-<id>`). With `country` (and `region`) it is filled with their public holidays of `year` (default: this year) from the date-holidays package, one HolidayAdded each; an unknown country or region is a 400. Names are unique (409).",
      body: createHolidayCalendarInput,
      response: { 201: calendarWithHolidays, ...writeErrors },
    },
    handler: async (request, reply) => {
      const { year, ...input } = request.body;
      const holidays = input.country ? publicHolidays(input.country, input.region, year ?? new Date().getUTCFullYear()) : [];
      const outcome = await runCommand(app.db, idempotencyOf(request), async (trx) => {
        const { state } = await createHolidayCalendar(trx, input, holidays, metadataOf(request));
        const list = Object.values(state.holidays)
          .sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0))
          .map(({ _id, date, name }) => ({ _id, date, name }));
        return { status: 201, body: { ...state.calendar, holidays: list } };
      });
      return sendWriteOutcome(reply, outcome);
    },
  });

  api.patch('/api/holiday-calendars/:id', {
    onRequest: app.requireRole('manager'),
    schema: {
      tags: ['capacity'],
      description: "Renames a calendar (HolidayCalendarRenamed); the default one too. Send the calendar's version (If-Match or `version`).",
      params: idParams,
      body: renameHolidayCalendarInput,
      response: { 200: holidayCalendarSchema, ...writeErrors },
    },
    handler: async (request, reply) => {
      const { version, name } = request.body;
      const expected = requiredVersionOf(request, version);
      const outcome = await runCommand(app.db, idempotencyOf(request), async (trx) => {
        const { state } = await renameHolidayCalendar(trx, request.params.id, name, metadataOf(request), expected);
        return { status: 200, body: state.calendar };
      });
      return sendWriteOutcome(reply, outcome);
    },
  });

  api.delete('/api/holiday-calendars/:id', {
    onRequest: app.requireRole('manager'),
    schema: {
      tags: ['capacity'],
      description: "Removes a calendar and its holidays (HolidayRemoved each, then HolidayCalendarRemoved). Refused (409) while any engineer follows it, at any date, and for the default calendar. Send the calendar's version (If-Match or `version`).",
      params: idParams,
      body: versionOnlyInput.nullish(),
      response: { 200: removedBody, ...writeErrors },
    },
    handler: async (request, reply) => {
      const expected = requiredVersionOf(request, request.body?.version);
      const outcome = await runCommand(app.db, idempotencyOf(request), async (trx) => {
        const { version } = await removeHolidayCalendar(trx, request.params.id, metadataOf(request), expected);
        return { status: 200, body: { message: 'Holiday calendar removed', version } };
      });
      return sendWriteOutcome(reply, outcome);
    },
  });
}
