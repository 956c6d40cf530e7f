import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { createHolidayCalendarInput, holidayCalendarRuleInput, holidayCalendarSchema, renameHolidayCalendarInput, ruleHolidayId, versionOnlyInput } from '../../domain/index.ts';
import { publicHolidayCountries, ruleDays } from '../calendars/public-holidays.ts';
import { createHolidayCalendar, removeHolidayCalendar, renameHolidayCalendar, setHolidayCalendarRule } from '../commands/capacity-facts.ts';
import { runCommand } from '../commands/transaction.ts';
import { readConsistent } from '../read-models/consistent-read.ts';
import { holidayCalendarsJson } from '../read-models/holiday-calendars.ts';
import { planReach } from '../read-models/time-off-holidays-placeholders.ts';
import { idempotencyOf, metadataOf, requiredVersionOf, sendJsonList, sendWriteOutcome } from './request-context.ts';
import { errorBody, errorResponses, idParams, removedBody } from './schemas.ts';

const writeErrors = { ...errorResponses, 404: errorBody, 409: errorBody, 428: errorBody };

const calendarHoliday = z.object({ _id: z.string().optional(), date: z.string(), name: z.string() });
const calendarWithHolidays = holidayCalendarSchema.extend({ holidays: z.array(calendarHoliday) });

const countrySchema = z.object({
  code: z.string(),
  name: z.string(),
  regions: z.array(z.object({ code: z.string(), name: z.string().describe('in English where known'), localName: z.string().optional().describe('in its own language, when that differs') })),
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
    // Only the year of today matters (which years a rule's days are listed for).
    handler: async (_request, reply) =>
      sendJsonList(reply, await readConsistent(app.db, (trx) => holidayCalendarsJson(trx, () => planReach(trx, new Date().toISOString().slice(0, 10))))),
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
      description: "Creates a holiday calendar (HolidayCalendarCreated on its own stream, `calendar-<id>`). With `country` (and `region`) it keeps that rule (HolidayCalendarRuleSet): it holds their public holidays (date-holidays, English names where it has them) for every year; the answer lists those of `year` (default: this year). An unknown country or region is a 400. Names are unique (409).",
      body: createHolidayCalendarInput,
      response: { 201: calendarWithHolidays, ...writeErrors },
    },
    handler: async (request, reply) => {
      const { year, ...input } = request.body;
      const rule = input.country ? { country: input.country, ...(input.region ? { region: input.region } : {}) } : undefined;
      // Asked once here so an unknown country or region is a 400 before anything is written.
      const shown = rule ? ruleDays(rule, year ?? new Date().getUTCFullYear()) : [];
      const outcome = await runCommand(app.db, idempotencyOf(request), async (trx) => {
        const { state } = await createHolidayCalendar(trx, input, [], metadataOf(request), undefined, rule);
        const list = shown.map(({ date, name }) => ({ _id: ruleHolidayId(state.calendar._id, date), date, name }));
        return { status: 201, body: { ...state.calendar, holidays: list } };
      });
      return sendWriteOutcome(reply, outcome);
    },
  });

  api.put('/api/holiday-calendars/:id/rule', {
    onRequest: app.requireRole('manager'),
    schema: {
      tags: ['capacity'],
      description: "Makes a calendar hold a country's (and region's) public holidays for every year from now on, beside the days recorded in it (HolidayCalendarRuleSet): this is how a calendar made for one year is extended. `country: null` keeps its recorded days only. Days removed by hand stay removed. Send the calendar's version (If-Match or `version`).",
      params: idParams,
      body: holidayCalendarRuleInput,
      response: { 200: holidayCalendarSchema, ...writeErrors },
    },
    handler: async (request, reply) => {
      const { version, country, region } = request.body;
      const expected = requiredVersionOf(request, version);
      const rule = country ? { country, ...(region ? { region } : {}) } : null;
      if (rule) ruleDays(rule, new Date().getUTCFullYear());
      const outcome = await runCommand(app.db, idempotencyOf(request), async (trx) => {
        const { state } = await setHolidayCalendarRule(trx, request.params.id, rule, metadataOf(request), expected);
        return { status: 200, body: state.calendar };
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
