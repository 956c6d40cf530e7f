import { z } from 'zod';
import { dayOfDate } from '../capacity/calendar-days.ts';
import { calendarDate } from '../capacity/inputs.ts';
import { capacityMessages as C } from '../capacity/messages.ts';
import { reportMessages as M } from './messages.ts';

export const reportSteps = ['day', 'week', 'month', 'quarter'] as const;
export type ReportStep = (typeof reportSteps)[number];

export const reportGroupings = ['team', 'role', 'skill', 'seniority', 'person'] as const;
export type ReportGrouping = (typeof reportGroupings)[number];

/**
 * The longest range per step, so one request never asks for an unbounded table: a year of days, three
 * years of weeks, five years of months or quarters.
 */
export const MAX_REPORT_DAYS: Record<ReportStep, number> = { day: 366, week: 1096, month: 1827, quarter: 1827 };

const text = z.string().trim().max(200, C.queryTooLong).optional();

/**
 * GET /api/reports/utilisation: the dates (both included), the step and the grouping, and which people
 * (the capacity query's filters: text in name or skills, any of the skills, team, seniority; and role).
 */
export const utilisationQueryInput = z
  .object({
    from: calendarDate('from'),
    to: calendarDate('to'),
    step: z.enum(reportSteps, { error: M.stepInvalid }).default('week'),
    groupBy: z.enum(reportGroupings, { error: M.groupByInvalid }).default('team'),
    q: text,
    skills: z
      .string()
      .max(2000)
      .transform((list) => [...new Set(list.split(',').map((s) => s.trim()).filter(Boolean))])
      .optional(),
    team: text,
    role: text,
    seniority: z.enum(['junior', 'mid', 'senior'], { error: C.seniorityInvalid }).optional(),
    format: z.enum(['json', 'csv'], { error: M.formatInvalid }).optional(),
  })
  .refine((r) => !(dayOfDate(r.to) < dayOfDate(r.from)), { path: ['to'], message: C.rangeBackwards })
  .superRefine((r, ctx) => {
    if (dayOfDate(r.to) - dayOfDate(r.from) >= MAX_REPORT_DAYS[r.step]) {
      ctx.addIssue({ code: 'custom', path: ['to'], message: M.rangeTooLong(r.step, MAX_REPORT_DAYS[r.step]) });
    }
  });
export type UtilisationQuery = z.output<typeof utilisationQueryInput>;
