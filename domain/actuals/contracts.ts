import { z } from 'zod';

/** The shapes the actuals routes answer with (OpenAPI and the response serialisers read them). */
export const actualsEntrySchema = z.object({ projectId: z.string(), hours: z.number() });

export const actualsWeekSchema = z.object({
  engineerId: z.string(),
  week: z.string(),
  entries: z.array(actualsEntrySchema),
  note: z.string().optional(),
  recorded: z.boolean(),
  locked: z.boolean(),
  version: z.number().int(),
});

/** GET/PUT /api/engineers/:id/actuals/:week: the week, the plan beside it, and the engineer's version to send back. */
export const actualsWeekAnswerSchema = z.object({
  engineerId: z.string(),
  week: z.string(),
  entries: z.array(actualsEntrySchema),
  note: z.string().nullable(),
  recorded: z.boolean(),
  locked: z.boolean(),
  planned: z.array(actualsEntrySchema),
  version: z.number().int(),
});
export type ActualsWeekAnswer = z.infer<typeof actualsWeekAnswerSchema>;

const varianceCell = z.object({ key: z.string(), plannedHours: z.number(), actualHours: z.number(), varianceHours: z.number() });
const named = z.object({ _id: z.string(), name: z.string() });

export const actualsVarianceSchema = z.object({
  /** The days each period counts (a week cut by the range keeps its days inside; none after today); `toDate` while its week is not over. */
  periods: z.array(z.object({ key: z.string(), start: z.string(), end: z.string(), toDate: z.boolean() })),
  rows: z.array(z.object({
    engineer: named.optional(),
    project: named.optional(),
    plannedHours: z.number(),
    actualHours: z.number(),
    varianceHours: z.number(),
    periods: z.array(varianceCell),
  })),
  missing: z.array(z.object({ engineerId: z.string(), name: z.string(), week: z.string() })),
  /** HOURS_PER_DAY: a screen that sets hours against capacity (percent-days) needs it to convert. */
  hoursPerDay: z.number(),
});
export type ActualsVariance = z.infer<typeof actualsVarianceSchema>;
