import { z } from 'zod';
import { seniorities } from '../entities.ts';
import { fitSchema } from './fit.ts';
import { capacitySteps } from './inputs.ts';

/** What GET /api/capacity answers: the shared contract of the server's route and the schedule screen. */
const holiday = z.object({ date: z.string(), name: z.string() });

export const capacityPeriodSchema = z.object({
  key: z.string(),
  start: z.string(),
  end: z.string(),
  workingDays: z.number(),
  holidays: z.array(holiday),
});

export const engineerPeriodSchema = capacityPeriodSchema.extend({
  capacity: z.number(),
  booked: z.number(),
  tentative: z.number(),
  timeOffDays: z.number(),
  utilization: z.number().nullable(),
  /** 'overloaded' when any day is (overloadedDays > 0), whatever the average. */
  status: z.enum(['overloaded', 'underutilized', 'optimal', 'off']),
  free: z.number().nullable(),
  /** Working days on which booked is above that day's capacity. */
  overloadedDays: z.number().int(),
  /** The highest single day's utilisation in the period; null without capacity. */
  peak: z.number().nullable(),
});

export const capacityEngineerSchema = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  department: z.string(),
  seniority: z.enum(seniorities),
  skills: z.array(z.string()),
  maxCapacity: z.number(),
  avatar: z.string().optional(),
  workWeeks: z.array(z.object({ from: z.string(), days: z.array(z.number()) })).optional(),
  calendars: z.array(z.object({ from: z.string(), calendarId: z.string() })).optional(),
  startDate: z.string().optional(),
  leaveDate: z.string().optional(),
  version: z.number().int().optional(),
});

export const capacityRowSchema = z.object({
  engineer: capacityEngineerSchema,
  periods: z.array(engineerPeriodSchema),
  /** The highest single day's utilisation in the window. */
  peakUtilization: z.number().nullable(),
  minFree: z.number().nullable(),
  conflicts: z.array(z.object({ assignmentId: z.string().optional(), projectId: z.string(), date: z.string(), tentative: z.boolean() })),
});

export const capacityTotalSchema = capacityPeriodSchema.extend({
  capacity: z.number(),
  confirmed: z.number(),
  tentative: z.number(),
  placeholder: z.number(),
});

export const capacityResponseSchema = z.object({
  from: z.string(),
  to: z.string(),
  step: z.enum(capacitySteps),
  includeTentative: z.boolean(),
  timeZone: z.string(),
  periods: z.array(capacityPeriodSchema),
  rows: z.array(capacityRowSchema),
  totals: z.array(capacityTotalSchema),
  /** Engineers that matched the filters; `rows` is the page of them that limit/offset asked for. */
  total: z.number().int(),
});
export type CapacityResponse = z.infer<typeof capacityResponseSchema>;
export type CapacityRow = z.infer<typeof capacityRowSchema>;

export const availableEngineerSchema = capacityEngineerSchema.extend({ lowestFree: z.number(), fit: fitSchema });
export type CapacityEngineerRow = z.infer<typeof capacityEngineerSchema>;

/** The same answer with each period said once and a row's figures as lists (`shape=columns`, see columns.ts). */
export const packedCapacityResponseSchema = capacityResponseSchema.omit({ rows: true }).extend({
  shape: z.literal('columns'),
  rows: z.array(
    capacityRowSchema.omit({ periods: true, conflicts: true }).extend({
      /** Work planned on a day off, by booking: the days it covers, counted from `from`. */
      conflicts: z.array(z.object({ assignmentId: z.string().optional(), projectId: z.string(), tentative: z.boolean(), days: z.array(z.number().int()) })),
      columns: z.object({
        capacity: z.array(z.number()),
        booked: z.array(z.number()),
        tentative: z.array(z.number()),
        timeOffDays: z.array(z.number()),
        utilization: z.array(z.number().nullable()),
        /** One letter a period: v overloaded, u underutilized, o optimal, x off. */
        status: z.string().regex(/^[vuox]*$/),
        free: z.array(z.number().nullable()),
        /** Left out when the status says them (each overloaded period over on one day, the others on none) or every peak equals its utilisation. */
        overloadedDays: z.array(z.number().int()).optional(),
        peak: z.array(z.number().nullable()).optional(),
      }),
    }),
  ),
});
