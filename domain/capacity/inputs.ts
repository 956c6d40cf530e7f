import { z } from 'zod';
import { writesYearOutOfRange, yearOutOfRangeMessage } from '../dates.ts';
import { dayOfDate, isCalendarDate } from './calendar-days.ts';
import type { EngineerCalendarFacts } from './engineer-days.ts';
import { capacityMessages as M } from './messages.ts';
import { isValidTimeZone } from './time-zone.ts';
import { capacitySortKeys } from './sort-keys.ts';

/** A reference as stored (an id) or as the client keeps it (populated with names). */
export type Ref = string | { _id: string };
export const refId = (ref: Ref) => (typeof ref === 'string' ? ref : ref._id);

/** What the model needs of an engineer; `name` only orders rows by name. Their own days: engineer-days.ts. */
export type CapacityEngineer = { _id: string; name?: string } & EngineerCalendarFacts;

/** What the model needs of an assignment. Dates are ISO instants, as assignments store them. */
export type CapacityAssignment = {
  _id?: string;
  engineerId: Ref;
  projectId: Ref;
  allocationPercentage: number;
  startDate: string;
  endDate: string;
};

/** Whole days off, both dates included. */
export type TimeOffDays = { engineerId: string; from: string; to: string };
/** A holiday of the calendar `calendarId` (none: the default calendar). */
export type Holiday = { date: string; name: string; calendarId?: string };
/** A project's need for someone not chosen yet: demand without a person. */
export type PlaceholderDemand = Omit<CapacityAssignment, 'engineerId'>;

export const capacitySteps = ['day', 'week', 'month'] as const;
export type CapacityStep = (typeof capacitySteps)[number];

/** Two years, so one request can never ask for an unbounded grid of days. */
export const MAX_RANGE_DAYS = 731;

/**
 * A calendar date, 'YYYY-MM-DD', that exists (no February 30th), in the years every date field takes
 * (0001 to 9999: see isYearInRange); the message names the field.
 */
export const calendarDate = (field: string) =>
  z
    .string({ error: M.dateInvalid(field) })
    .refine(isCalendarDate, { error: (issue) => (writesYearOutOfRange(issue.input) ? yearOutOfRangeMessage(field) : M.dateInvalid(field)) });

export const timeZoneSchema = z
  .string({ error: M.timeZoneUnknown })
  .refine(isValidTimeZone, { message: M.timeZoneUnknown })
  .default('UTC');

/** Judged only when both dates are readable: an unreadable one already has its own message. */
const inOrder = (first: string, last: string) => {
  const span = dayOfDate(last) - dayOfDate(first);
  return Number.isNaN(span) || span >= 0;
};

/** From a query string 'true'/'false' arrives as text; from JSON or code as a boolean. */
const flag = z
  .union([z.boolean(), z.enum(['true', 'false']).transform((value) => value === 'true')], { error: M.includeTentativeInvalid })
  .default(false);

const rangeFields = { from: calendarDate('from'), to: calendarDate('to') };
/** The fields of a view over time, shared by every query that asks for one (capacity, project plan). */
export const viewFields = {
  ...rangeFields,
  step: z.enum(capacitySteps, { error: M.stepInvalid }).default('week'),
  includeTentative: flag,
};
export const rangeRules = <T extends z.ZodType<{ from: string; to: string }>>(schema: T) =>
  schema
    .refine((r) => inOrder(r.from, r.to), { path: ['to'], message: M.rangeBackwards })
    .refine((r) => !(dayOfDate(r.to) - dayOfDate(r.from) >= MAX_RANGE_DAYS), {
      path: ['to'],
      message: M.rangeTooLong(MAX_RANGE_DAYS),
    });

/** The dates a capacity view covers (both included), how they are grouped, and whether pipeline work counts. */
export const capacityRangeInput = rangeRules(z.object(viewFields));
export type CapacityRange = z.output<typeof capacityRangeInput>;

const commaList = z
  .string()
  .max(2000)
  .transform((text) => [...new Set(text.split(',').map((s) => s.trim()).filter(Boolean))])
  .optional();

/**
 * GET /api/capacity: the range and step, which engineers (one by id, text in name or skills, any of the skills,
 * department, seniority, at least `minFree` % free on every working day of freeFrom..freeTo, by default the
 * range itself), their order, and one page of them. Totals always cover every engineer that matched.
 */
export const capacityQueryInput = rangeRules(
  z.object({
    ...viewFields,
    q: z.string().trim().max(200, M.queryTooLong).optional(),
    /** One engineer's row only (the form that shows the person's weekly load before saving). */
    engineerId: z.string().trim().min(1, M.engineerIdInvalid).max(100, M.engineerIdInvalid).optional(),
    skills: commaList,
    department: z.string().trim().max(200, M.queryTooLong).optional(),
    /** The people in this team today and in the teams inside it (the server resolves who they are). */
    team: z.string().trim().min(1, M.teamInvalid).max(100, M.teamInvalid).optional(),
    seniority: z.enum(['junior', 'mid', 'senior'], { error: M.seniorityInvalid }).optional(),
    minFree: z.coerce.number({ error: M.minFreeRange }).min(0, M.minFreeRange).max(100, M.minFreeRange).optional(),
    freeFrom: calendarDate('freeFrom').optional(),
    freeTo: calendarDate('freeTo').optional(),
    sort: z.enum(capacitySortKeys, { error: M.sortInvalid }).default('name'),
    limit: z.coerce.number({ error: M.limitInvalid }).int(M.limitInvalid).min(1, M.limitInvalid).max(5000, M.limitInvalid).default(5000),
    offset: z.coerce.number({ error: M.offsetInvalid }).int(M.offsetInvalid).min(0, M.offsetInvalid).default(0),
    /** 'columns': each period said once and a row's figures as lists (see columns.ts), for the schedule's large grid. */
    shape: z.enum(['cells', 'columns'], { error: M.shapeInvalid }).default('cells'),
  }),
).refine((r) => !(r.freeFrom && r.freeTo) || inOrder(r.freeFrom, r.freeTo), { path: ['freeTo'], message: M.freeRangeBackwards });
export type CapacityQuery = z.output<typeof capacityQueryInput>;

/** Who is free enough: at least `minFree` % of a day free on every working day of the range (or all but some: see ranking.ts). */
export const availabilityInput = rangeRules(
  z.object({
    ...rangeFields,
    minFree: z.coerce.number({ error: M.minFreeRange }).min(0, M.minFreeRange).max(100, M.minFreeRange),
    includeTentative: flag,
    skills: commaList,
  }),
);
export type AvailabilityInput = z.output<typeof availabilityInput>;

