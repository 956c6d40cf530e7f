import { z } from 'zod';

export const seniorities = ['junior', 'mid', 'senior'] as const;
export const projectStatuses = ['planning', 'active', 'completed'] as const;
export const roles = ['engineer', 'manager', 'auditor'] as const;
export const timeOffKinds = ['vacation', 'sick', 'other'] as const;

export type Seniority = (typeof seniorities)[number];
export type ProjectStatus = (typeof projectStatuses)[number];
export type Role = (typeof roles)[number];
export type TimeOffKind = (typeof timeOffKinds)[number];

export const idSchema = z.string().min(1);
export const isoDateTime = z.string().describe('ISO 8601 date-time');
/** A whole calendar day, as time off and holidays are kept: no time, no time zone. */
export const calendarDay = z.string().describe('a calendar date, YYYY-MM-DD');

export const engineerSchema = z.object({
  _id: idSchema,
  name: z.string(),
  email: z.string(),
  department: z.string(),
  avatar: z.string().optional(),
  skills: z.array(z.string()),
  seniority: z.enum(seniorities),
  maxCapacity: z.number(),
  /** Their own work weeks, each from a date (domain/capacity/engineer-days.ts); none: maxCapacity Monday to Friday. */
  workWeeks: z.array(z.object({ from: calendarDay, days: z.array(z.number()) })).optional(),
  /** The holiday calendars they follow, each from a date; none: the default calendar. */
  calendars: z.array(z.object({ from: calendarDay, calendarId: z.string() })).optional(),
  /** No capacity before the start date nor from the leave date. */
  startDate: calendarDay.optional(),
  leaveDate: calendarDay.optional(),
  /** The team they are in, each from a date (domain/teams/); none: no team yet. */
  teams: z.array(z.object({ from: calendarDay, teamId: z.string() })).optional(),
  version: z.number().int(),
});
export type Engineer = z.infer<typeof engineerSchema>;

export const projectSchema = z.object({
  _id: idSchema,
  name: z.string(),
  description: z.string(),
  startDate: isoDateTime,
  endDate: isoDateTime,
  teamSize: z.number().int(),
  requiredSkills: z.array(z.string()),
  status: z.enum(projectStatuses),
  managerId: z.string(),
  /** A pipeline project not yet won: its assignments are tentative load. Confirmed (false) by default. */
  tentative: z.boolean(),
  version: z.number().int(),
});
export type Project = z.infer<typeof projectSchema>;

/** The stored shape of an assignment: references by id. */
export const assignmentRecordSchema = z.object({
  _id: idSchema,
  engineerId: idSchema,
  projectId: idSchema,
  role: z.string(),
  allocationPercentage: z.number(),
  startDate: isoDateTime,
  endDate: isoDateTime,
  version: z.number().int(),
});
export type AssignmentRecord = z.infer<typeof assignmentRecordSchema>;

/** The shape the API serves and the client keeps: references populated, as the public API's clients expect. */
export const assignmentSchema = assignmentRecordSchema.extend({
  engineerId: z.object({ _id: idSchema, name: z.string(), email: z.string() }),
  projectId: z.object({ _id: idSchema, name: z.string(), status: z.enum(projectStatuses) }),
});
export type Assignment = z.infer<typeof assignmentSchema>;

/**
 * Whole days off for one engineer, `from` and `to` both included. `version` is the engineer stream's
 * version when it was booked (time off lives on the engineer's stream).
 */
export const timeOffSchema = z.object({
  _id: idSchema,
  engineerId: idSchema,
  from: calendarDay,
  to: calendarDay,
  kind: z.enum(timeOffKinds),
  note: z.string().optional(),
  version: z.number().int(),
});
export type TimeOff = z.infer<typeof timeOffSchema>;

/**
 * A day off for everyone following its calendar. `version` is its calendar stream's version when it was
 * added. Holidays from before calendars had names are in the default calendar.
 */
export const holidaySchema = z.object({
  _id: idSchema,
  calendarId: idSchema,
  date: calendarDay,
  name: z.string(),
  version: z.number().int(),
});
export type HolidayRecord = z.infer<typeof holidaySchema>;

/**
 * A named holiday calendar (a country's or region's, say); engineers follow one from a date. The default
 * calendar ('default') always exists. `version` is its stream's version: holidays added to it move it.
 */
/** A country's public holidays (date-holidays' codes), or a region's: `region` is the code after the country's. */
export const holidayRuleSchema = z.object({ country: z.string(), region: z.string().optional() });
export type HolidayRule = z.infer<typeof holidayRuleSchema>;

export const holidayCalendarSchema = z.object({
  _id: idSchema,
  name: z.string(),
  country: z.string().optional(),
  region: z.string().optional(),
  /**
   * The country's (and region's) public holidays, every year: set, the calendar's holidays are its recorded
   * ones plus the rule's days (see domain/holiday-rules.ts). Calendars made before rules keep only their recorded days.
   */
  rule: holidayRuleSchema.optional(),
  /** The days taken off by hand while it had a rule, by date: a removed rule day stays removed. */
  removedRuleDays: z.array(z.object({ date: calendarDay, name: z.string() })).optional(),
  version: z.number().int(),
});
export type HolidayCalendar = z.infer<typeof holidayCalendarSchema>;

/**
 * A project's unfilled need: an assignment without a person. `version` is the project stream's version
 * at its last change (placeholders live on the project's stream).
 */
export const placeholderSchema = z.object({
  _id: idSchema,
  projectId: idSchema,
  role: z.string(),
  skills: z.array(z.string()),
  allocationPercentage: z.number(),
  startDate: isoDateTime,
  endDate: isoDateTime,
  version: z.number().int(),
});
export type Placeholder = z.infer<typeof placeholderSchema>;

export const userSchema = z.object({
  _id: idSchema,
  name: z.string(),
  email: z.string(),
  role: z.enum(roles),
  department: z.string(),
  /** May invite people, change roles, deactivate accounts and issue reset links. */
  admin: z.boolean(),
  seniority: z.enum(seniorities).optional(),
  maxCapacity: z.number().optional(),
  skills: z.array(z.string()).optional(),
  /** A manager's reach: 'all' (org-wide) or the teams they manage (domain/teams/scope.ts). */
  scope: z.union([z.literal('all'), z.array(z.string())]).optional(),
});
export type User = z.infer<typeof userSchema>;
