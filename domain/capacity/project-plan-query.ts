import { z } from 'zod';
import { projectSchema, projectStatuses } from '../entities.ts';
import type { CapacityFacts } from './capacity-over-time.ts';
import { capacityPeriodSchema } from './contracts.ts';
import { capacitySteps, rangeRules, refId, viewFields, type CapacityEngineer } from './inputs.ts';
import { capacityMessages as M } from './messages.ts';
import { countedPlan, projectPlan, type ProjectPlanRow } from './project-plan.ts';
import { type ProjectPlanSortKey, projectPlanSortKeys } from './sort-keys.ts';


/**
 * GET /api/projects/plan: the range, step and includeTentative of a capacity view, and the list
 * conventions of /api/capacity: text in the name (q), a status, the order, one page. Totals cover
 * every project that matched, so they do not change when the user pages.
 */
export const projectPlanQueryInput = rangeRules(
  z.object({
    ...viewFields,
    q: z.string().trim().max(200, M.queryTooLong).optional(),
    status: z.enum(projectStatuses, { error: M.projectStatusInvalid }).optional(),
    /** The projects this team (and the teams inside it) works on in the range, with that team's load only. */
    team: z.string().trim().min(1, M.teamInvalid).max(100, M.teamInvalid).optional(),
    sort: z.enum(projectPlanSortKeys, { error: M.projectSortInvalid }).default('name'),
    limit: z.coerce.number({ error: M.limitInvalid }).int(M.limitInvalid).min(1, M.limitInvalid).max(5000, M.limitInvalid).default(5000),
    offset: z.coerce.number({ error: M.offsetInvalid }).int(M.offsetInvalid).min(0, M.offsetInvalid).default(0),
  }),
);
export type ProjectPlanQuery = z.output<typeof projectPlanQueryInput>;

/** What a row says of its project: enough to name it, draw its dates and write to it. */
export const planProjectSchema = projectSchema.pick({ _id: true, name: true, status: true, tentative: true, startDate: true, endDate: true, version: true });
export type PlanProjectRow = z.infer<typeof planProjectSchema>;

const figures = { staffed: z.number(), tentative: z.number(), demand: z.number() };
export const projectPlanResponseSchema = z.object({
  from: z.string(),
  to: z.string(),
  step: z.enum(capacitySteps),
  includeTentative: z.boolean(),
  timeZone: z.string(),
  periods: z.array(capacityPeriodSchema),
  rows: z.array(
    z.object({
      project: planProjectSchema,
      periods: z.array(z.object({ key: z.string(), ...figures, people: z.array(z.object({ _id: z.string(), name: z.string(), load: z.number() })) })),
    }),
  ),
  totals: z.array(z.object({ key: z.string(), ...figures })),
  /** Projects that matched the filters; `rows` is the page of them that limit/offset asked for. */
  total: z.number().int(),
});
export type ProjectPlanResponse = z.infer<typeof projectPlanResponseSchema>;

/** A row's figure over the range, as its row on the screen counts it. */
const sumOf = (row: ProjectPlanRow, figure: 'staffed' | 'demand', includeTentative: boolean) => countedPlan(row.periods, includeTentative)[figure];
const byName = (a: ProjectPlanRow<PlanProjectRow>, b: ProjectPlanRow<PlanProjectRow>) =>
  a.project.name.localeCompare(b.project.name) || (a.project._id < b.project._id ? -1 : a.project._id > b.project._id ? 1 : 0);

/** 'name' A-Z, 'start' earliest first, 'staffed' and 'demand' the most over the range first; ties by name, then id. */
function compareRows(key: ProjectPlanSortKey, includeTentative: boolean): (a: ProjectPlanRow<PlanProjectRow>, b: ProjectPlanRow<PlanProjectRow>) => number {
  switch (key) {
    case 'name':
      return byName;
    case 'start':
      return (a, b) => (a.project.startDate < b.project.startDate ? -1 : a.project.startDate > b.project.startDate ? 1 : byName(a, b));
    case 'staffed':
    case 'demand':
      return (a, b) => sumOf(b, key, includeTentative) - sumOf(a, key, includeTentative) || byName(a, b);
  }
}

/** Answers a project plan query from the facts: filters, figures per period, order, one page, totals over every match. */
export function answerProjectPlanQuery(
  facts: CapacityFacts<CapacityEngineer> & { projects: readonly PlanProjectRow[] },
  query: ProjectPlanQuery,
  timeZone: string,
  /** With `query.team`: the team's people (membersOfTeam, resolved by the caller); none when the team is unknown. */
  members?: ReadonlySet<string>,
): ProjectPlanResponse {
  const needle = query.q?.toLocaleLowerCase();
  const team = query.team ? members ?? new Set<string>() : null;
  const assignments = team ? facts.assignments.filter((a) => team.has(refId(a.engineerId))) : facts.assignments;
  const worked = team ? new Set(assignments.filter((a) => a.startDate.slice(0, 10) <= query.to && a.endDate.slice(0, 10) >= query.from).map((a) => refId(a.projectId))) : null;
  const projects = facts.projects.filter((p) => (!needle || p.name.toLocaleLowerCase().includes(needle)) && (!query.status || p.status === query.status) && (!worked || worked.has(p._id)));
  const plan = projectPlan({ ...facts, assignments, projects, timeZone }, query);
  const rows = plan.rows.sort(compareRows(query.sort, query.includeTentative));
  return {
    from: query.from,
    to: query.to,
    step: query.step,
    includeTentative: query.includeTentative,
    timeZone,
    periods: plan.periods,
    rows: rows.slice(query.offset, query.offset + query.limit),
    totals: plan.totals,
    total: rows.length,
  };
}
