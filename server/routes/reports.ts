import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { dateOfDay, localDayOf, utilisationCsv, utilisationQueryInput, utilisationReportSchema } from '../../domain/index.ts';
import { errorResponses } from './schemas.ts';

/** CSV when the query says format=csv, or when the client accepts CSV and not JSON first. */
function wantsCsv(format: string | undefined, accept: string | undefined): boolean {
  if (format) return format === 'csv';
  const types = (accept ?? '').split(',').map((t) => t.split(';')[0]!.trim().toLowerCase());
  const csv = types.indexOf('text/csv');
  const json = types.indexOf('application/json');
  return csv >= 0 && (json < 0 || csv < json);
}

/** Reports over any range: the table, the charts and the CSV of the Report from one query. */
export default async function reportRoutes(app: FastifyInstance, options: { timeZone: string }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const today = () => dateOfDay(localDayOf(Date.now(), options.timeZone));

  api.get('/api/reports/utilisation', {
    onRequest: app.requireRole('manager', 'auditor'),
    schema: {
      tags: ['reports'],
      description:
        'Utilisation over from..to (both included, past or future) per period (step: day, week, month, or quarter: its three months) and group ' +
        '(groupBy: team, the engineer\'s department today; role, the assignment role holding most of their load in the range; skill; seniority; person), ' +
        'for the people the filters keep (q in name or skills, skills: any of them, team, role, seniority). Figures are person-days, the schedule\'s own ' +
        '(GET /api/capacity over the same range, step and filters, summed): capacity, booked (confirmed), tentative (pipeline, apart), demand (open roles), ' +
        'bench (per person capacity less booked, never below zero), overloadedPersonDays (a person\'s working day where booked is above that day\'s capacity). ' +
        'FTE is person-days / the period\'s workingDays. Periods begun carry plannedHours (booked in hours, HOURS_PER_DAY a day) and actualHours ' +
        '(recorded; a week\'s hours shared over its days by the person\'s working days) up to today. A group\'s figures are the sums of its people\'s. ' +
        'Totals are over people, each counted once, and every open role once: by team, role, seniority or person each person is in one group and the ' +
        'groups sum to the totals (open roles go to their role\'s group by role, else to the group "open-roles"); by skill a person is in each of their skills\' groups ' +
        '(an open role in each of its skills\'), so the groups may sum to more than the totals. Ranges: a year by day, three years by week, five by month or quarter. ' +
        'format=csv or Accept: text/csv answers the same figures as CSV, one line per group and period, then the totals (group "Total").',
      querystring: utilisationQueryInput,
      response: {
        200: { content: { 'application/json': { schema: utilisationReportSchema }, 'text/csv': { schema: z.string() } } },
        ...errorResponses,
      },
    },
    handler: async (request, reply) => {
      const answer = await app.utilisationAnswer(request.query, today());
      const raw = (reply as FastifyReply).header('x-cursor', answer.cursor).header('x-snapshot', answer.snapshot).header('vary', 'accept');
      if (wantsCsv(request.query.format, request.headers.accept)) {
        return raw
          .type('text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="utilisation-${request.query.from}-${request.query.to}-${request.query.step}.csv"`)
          .send(utilisationCsv(answer.report));
      }
      // The kept text is sent as it is (the raw reply, not the route's typed one).
      return raw.type('application/json; charset=utf-8').send(answer.text);
    },
  });
}
