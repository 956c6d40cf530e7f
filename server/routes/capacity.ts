import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  suitableDates, suitableEngineers, suitableQueryInput, suitableEngineerSchema, availabilityInput, availableEngineers, availableEngineerSchema, capacityQueryInput, capacityResponseSchema, packedCapacityResponseSchema, projectPlanQueryInput, projectPlanResponseSchema,
} from '../../domain/index.ts';
import type { CapacityAnswer } from '../plugins/capacity-answers.ts';
import { engineersOnProject, loadCapacityFacts } from '../read-models/capacity-facts.ts';
import { findProject } from '../read-models/queries.ts';
import { HttpError } from '../http-error.ts';
import { errorBody, errorResponses } from './schemas.ts';

/** A kept answer, sent as the text it already is (the raw reply, not the route's typed one). */
const sendKept = (reply: FastifyReply, answer: CapacityAnswer) =>
  reply
    .header('x-cursor', answer.cursor)
    .header('x-snapshot', answer.snapshot)
    .header('x-total-count', String(answer.total))
    .type('application/json; charset=utf-8')
    .send(answer.text);

/** Load over time: the schedule's grid and "who is free from D1 to D2 at N %". */
export default async function capacityRoutes(app: FastifyInstance, options: { timeZone: string }) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get('/api/capacity', {
    onRequest: app.authenticate,
    schema: {
      tags: ['capacity'],
      description:
        'Per engineer and period (day, ISO week or month): capacity, booked and tentative load, time off, holidays, status and free ' +
        'capacity, with totals per period (capacity, confirmed, tentative, placeholder demand). An engineer gets only their own row. ' +
        'engineerId narrows it to one engineer (their row and totals). ' +
        'X-Cursor/X-Snapshot say which events it reflects; X-Total-Count is the number of engineers that matched. ' +
        'shape=columns says each period once, gives each row its figures as lists, period by period, its statuses as one letter a period and its conflicts by booking with the days they cover (the schedule asks for it: under a fifth of the size).',
      querystring: capacityQueryInput,
      response: { 200: z.union([capacityResponseSchema, packedCapacityResponseSchema]), ...errorResponses },
    },
    handler: async (request, reply) => {
      const query = request.query;
      const own = request.user.role === 'engineer' ? request.user.sub : undefined;
      if (own && query.engineerId && query.engineerId !== own) throw new HttpError(403, 'You can only see your own capacity', 'FORBIDDEN');
      const engineerId = own ?? query.engineerId;
      return sendKept(reply, await app.capacityAnswer(query, engineerId));
    },
  });

  api.get('/api/projects/plan', {
    onRequest: app.requireRole('manager', 'auditor'),
    schema: {
      tags: ['capacity'],
      description:
        'The project plan: per project and period (day, ISO week or month), staffed load (its assignments, counted on each assignee\'s own ' +
        'working days, as booked load is), tentative load (a pipeline project\'s), open-role demand (placeholders) and the people on it, ' +
        'in percent-days, with totals per period over every project that matched. q searches the name; status, sort, limit and offset as ' +
        'on /api/capacity. X-Cursor/X-Snapshot say which events it reflects; X-Total-Count is the number of projects that matched.',
      querystring: projectPlanQueryInput,
      response: { 200: projectPlanResponseSchema, ...errorResponses },
    },
    handler: async (request, reply) => {
      return sendKept(reply, await app.projectPlanAnswer(request.query));
    },
  });

  api.get('/api/engineers/available', {
    onRequest: app.requireRole('manager', 'auditor'),
    schema: {
      tags: ['capacity'],
      description: 'Engineers with room for minFree % of a day over from..to (both dates included), judged on each of their working days: those with it on every day ' +
        "first (fit.kind 'fits'), then those short on some days (fit.kind 'fitsExcept', fit.short names the days); someone with no day of room is left out. " +
        'Within each, the freest tightest day first; lowestFree is that day\'s free figure.',
      querystring: availabilityInput,
      response: { 200: z.array(availableEngineerSchema), ...errorResponses },
    },
    handler: async (request) => {
      const { skills = [], ...range } = request.query;
      const facts = await loadCapacityFacts(app.db, range);
      const engineers = skills.length === 0 ? facts.engineers : facts.engineers.filter((e) => skills.some((s) => e.skills.includes(s)));
      return availableEngineers({ ...facts, engineers, timeZone: options.timeZone }, range).map(({ engineer, lowestFree, fit }) => ({ ...engineer, lowestFree, fit }));
    },
  });

  api.get('/api/engineers/suitable', {
    onRequest: app.requireRole('manager', 'auditor'),
    schema: {
      tags: ['engineers'],
      description:
        'Every engineer, best first: by fit for the allocation asked (fits on every working day of the dates, fits except the days fit.short names, ' +
        'or no room; without an allocation, any room at all), then those sharing one of the project\'s required skills, then most free on average over the dates asked ' +
        "(from..to; by default from the later of today and the project's start to the project's end), then most matching skills. " +
        'onProject flags engineers already assigned to the project.',
      querystring: suitableQueryInput,
      response: { 200: z.array(suitableEngineerSchema), 404: errorBody, ...errorResponses },
    },
    handler: async (request) => {
      const project = await findProject(app.db, request.query.projectId);
      if (!project) throw new HttpError(404, 'Project not found', 'NOT_FOUND');
      const dates = suitableDates(project, request.query, new Date(), options.timeZone);
      const [facts, onProject] = await Promise.all([loadCapacityFacts(app.db, dates), engineersOnProject(app.db, project._id)]);
      return suitableEngineers(facts, { project, ...dates, allocation: request.query.allocation, onProject, timeZone: options.timeZone });
    },
  });
}
