import { z } from 'zod';

/** What GET /api/reports/utilisation answers (OpenAPI and the Report read it). Figures are person-days. */
export const reportPeriodSchema = z.object({
  key: z.string().describe("'2026-03-30' a day, '2026-W14' an ISO week, '2026-03' a month, '2026-Q1' a quarter"),
  start: z.string(),
  end: z.string(),
  workingDays: z.number().int().describe("The organisation's working days in the period: FTE = person-days / workingDays"),
  past: z.boolean(),
  toDate: z.boolean(),
});

export const groupPeriodSchema = z.object({
  key: z.string(),
  capacity: z.number(),
  booked: z.number().describe('Confirmed work'),
  tentative: z.number().describe('Work on pipeline projects, apart from booked'),
  demand: z.number().describe('Open roles (placeholders)'),
  bench: z.number().describe('Free capacity: per person, capacity less booked, never below zero'),
  overloadedPersonDays: z.number().int().describe("A person's working day where booked is above that day's capacity"),
  plannedHours: z.number().optional().describe('Periods begun: booked in hours, up to today'),
  actualHours: z.number().optional().describe('Periods begun: recorded hours, up to today'),
});

export const utilisationGroupSchema = z.object({
  key: z.string(),
  label: z.string(),
  people: z.number().int(),
  periods: z.array(groupPeriodSchema),
});

export const utilisationReportSchema = z.object({
  periods: z.array(reportPeriodSchema),
  groups: z.array(utilisationGroupSchema),
  totals: z.object({ people: z.number().int(), periods: z.array(groupPeriodSchema) }),
});
