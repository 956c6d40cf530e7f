import { z } from 'zod';
import { isoMomentText, writesYearOutOfRange, yearOutOfRangeMessage } from './dates.ts';
import { projectStatuses, seniorities, timeOffKinds } from './entities.ts';
import {
  assignmentMessages as A, calendarMessages as C, engineerDaysMessages as D, engineerMessages as E, holidayMessages as H, projectMessages as P,
  skillMessages as S, timeOffMessages as T,
} from './messages.ts';
import { isCalendarDate } from './capacity/calendar-days.ts';
import { DEFAULT_CALENDAR_ID } from './capacity/engineer-days.ts';
import { wellFormedText } from './text.ts';

/** The version an edit was made against, so a stale edit is refused with 409; also accepted as an If-Match header. */
const expectedVersion = z.number({ error: 'version must be a whole number' }).int('version must be a whole number').min(0).optional();

/**
 * The end-after-start rule of projects and assignments, for the server's schemas and the client's forms.
 * Only judged when both dates are readable: a missing or unreadable date already has its own message.
 */
export const endsAfterStart = (value: { startDate?: string; endDate?: string }) => {
  const start = Date.parse(value.startDate ?? '');
  const end = Date.parse(value.endDate ?? '');
  return Number.isNaN(start) || Number.isNaN(end) || end > start;
};

/**
 * An assignment, an open role or time off may last one day: its last day may be its first (a span is
 * days, both ends included), never before it.
 */
export const endsOnOrAfterStart = (value: { startDate?: string; endDate?: string }) => {
  const start = Date.parse(value.startDate ?? '');
  const end = Date.parse(value.endDate ?? '');
  return Number.isNaN(start) || Number.isNaN(end) || end >= start;
};

/** The longest skill: a label shown as a chip or a tag, never a sentence. */
export const SKILL_MAX_LENGTH = 50;

/** One skill, trimmed; `emptyMessage` is what a blank one gets where it is asked for. */
export const skillName = (emptyMessage?: string) =>
  wellFormedText('Skill', emptyMessage).trim().min(1, emptyMessage).max(SKILL_MAX_LENGTH, S.tooLong);

const projectFields = {
  name: wellFormedText('Project name', P.nameRequired).trim().min(1, P.nameRequired).max(100, P.nameTooLong),
  description: wellFormedText('Description', P.descriptionTooShort).trim().min(10, P.descriptionTooShort).max(500, P.descriptionTooLong),
  startDate: isoMomentText(P.startDateRequired),
  endDate: isoMomentText(P.endDateRequired),
  teamSize: z
    .number({ error: P.teamSizeTooSmall })
    .int(P.teamSizeTooSmall)
    .min(1, P.teamSizeTooSmall)
    .max(20, P.teamSizeTooLarge),
  requiredSkills: z
    .array(skillName(P.skillsRequired), { error: P.skillsRequired })
    .min(1, P.skillsRequired)
    .transform((skills) => [...new Set(skills)]),
};

/** The create-project payload, with its rules and the messages of messages.ts. */
export const createProjectInput = z
  .object({
    ...projectFields,
    status: z.enum(projectStatuses, { error: P.statusRequired }),
    managerId: wellFormedText('Manager').optional(),
  })
  .refine(endsAfterStart, { path: ['endDate'], message: P.endBeforeStart });
export type CreateProjectInput = z.output<typeof createProjectInput>;

export const updateProjectInput = z
  .object({
    ...projectFields,
    status: z.enum(projectStatuses, { error: P.statusRequired }),
    version: expectedVersion,
  })
  .partial()
  .refine(endsAfterStart, { path: ['endDate'], message: P.endBeforeStart });
export type UpdateProjectInput = z.output<typeof updateProjectInput>;

export const assignmentFields = {
  role: wellFormedText('Role', A.roleRequired).trim().min(1, A.roleRequired).max(100, A.roleTooLong),
  allocationPercentage: z
    .number({ error: A.allocationRange })
    .min(1, A.allocationRange)
    .max(100, A.allocationRange),
  startDate: isoMomentText(A.startDateRequired),
  endDate: isoMomentText(A.endDateRequired),
};

export const createAssignmentInput = z
  .object({
    engineerId: wellFormedText('Engineer', A.engineerRequired).min(1, A.engineerRequired),
    projectId: wellFormedText('Project', A.projectRequired).min(1, A.projectRequired),
    ...assignmentFields,
  })
  .refine(endsOnOrAfterStart, { path: ['endDate'], message: A.endBeforeStart });
export type CreateAssignmentInput = z.output<typeof createAssignmentInput>;

/** A change of some fields; `engineerId` hands the assignment to another engineer (its project never changes). */
const updateAssignmentFields = z
  .object({ engineerId: wellFormedText('Engineer', A.engineerRequired).min(1, A.engineerRequired).max(100), ...assignmentFields, version: expectedVersion })
  .partial();
export const updateAssignmentInput = updateAssignmentFields.refine(endsOnOrAfterStart, { path: ['endDate'], message: A.endBeforeStart });
export type UpdateAssignmentInput = z.output<typeof updateAssignmentInput>;

/**
 * PATCH's body: a change, and whether it keeps the days before today (`today`: from today on) or
 * corrects them too (`start`, the default, as the public client has always meant).
 */
export const patchAssignmentInput = updateAssignmentFields
  .extend({ applyFrom: z.enum(['today', 'start'], { error: "applyFrom must be 'today' (keep the days before today) or 'start' (correct the past too)" }).optional() })
  .refine(endsOnOrAfterStart, { path: ['endDate'], message: A.endBeforeStart });

/** PUT: every editable field at once, the engineer and project aside (PATCH `engineerId` reassigns). */
export const replaceAssignmentInput = z
  .object({ ...assignmentFields, version: expectedVersion })
  .refine(endsOnOrAfterStart, { path: ['endDate'], message: A.endBeforeStart });

const skillList = z.array(skillName()).transform((skills) => [...new Set(skills)]);

const engineerFields = {
  // Each length check names its own message: without one, zod would say the field's type message
  // ('Name is required') of a name that is only too long.
  name: wellFormedText('Name', E.nameRequired).trim().min(1, E.nameRequired).max(100, E.nameTooLong),
  email: z.email({ error: E.emailInvalid }).transform((email) => email.toLowerCase()),
  department: wellFormedText('Department').trim().max(100, E.departmentTooLong).default('Engineering'),
  // Only web addresses: the client renders it as an image source, where javascript: or data: would be a way in.
  avatar: wellFormedText('Avatar').max(2000, E.avatarInvalid).pipe(z.url({ protocol: /^https?$/, error: E.avatarInvalid })).optional(),
  skills: skillList.default([]),
  seniority: z.enum(seniorities, { error: E.seniorityRequired }),
  maxCapacity: z.number({ error: E.capacityRange }).int(E.capacityRange).min(1, E.capacityRange).max(100, E.capacityRange),
};

/** Without a password the engineer is a planning record only, until an admin invites them to sign in. */
export const registerEngineerInput = z.object({
  ...engineerFields,
  password: wellFormedText('Password', E.passwordTooShort).min(8, E.passwordTooShort).optional(),
});
export type RegisterEngineerInput = z.output<typeof registerEngineerInput>;

// No defaults on update: zod 4 still applies `.default()` inside `.partial()`, which would turn
// a skills-only edit into one that also resets the department (and is then refused for engineers).
export const updateEngineerInput = z
  .object({ ...engineerFields, department: wellFormedText('Department').trim().max(100, E.departmentTooLong), skills: skillList, version: expectedVersion })
  .omit({ email: true })
  .partial();
export type UpdateEngineerInput = z.output<typeof updateEngineerInput>;

export const versionOnlyInput = z.object({ version: expectedVersion });

export const loginInput = z.object({
  email: wellFormedText('Email', 'Email is required').trim().min(1, 'Email is required'),
  password: wellFormedText('Password', 'Password is required').min(1, 'Password is required'),
});

// ---- capacity facts: time off, holidays, placeholders

/**
 * A whole calendar day, YYYY-MM-DD, that exists (no 2026-02-30) in the years every date field takes:
 * time off and holidays have no time of day. `field` names it in the message for a year out of range.
 */
const wholeDay = (message: string, field: string) =>
  z.string({ error: message }).refine(isCalendarDate, { error: (issue) => (writesYearOutOfRange(issue.input) ? yearOutOfRangeMessage(field) : message) });

export const bookTimeOffInput = z
  .object({
    from: wholeDay(T.fromRequired, 'From'),
    to: wholeDay(T.toRequired, 'To'),
    kind: z.enum(timeOffKinds, { error: T.kindRequired }),
    note: wellFormedText('Note').trim().max(500, T.noteTooLong).optional(),
    version: expectedVersion,
  })
  .refine((value) => !(value.from && value.to) || value.to >= value.from, { path: ['to'], message: T.toBeforeFrom });
export type BookTimeOffInput = z.output<typeof bookTimeOffInput>;

/** A calendar's id as a client sends it: its stream is named after it. */
export const calendarIdInput = wellFormedText('Calendar', 'Calendar is required').trim().min(1, 'Calendar is required').max(100, 'Calendar is at most 100 characters');

/** `version` is the version of the holiday's calendar (left out: the default calendar). */
export const addHolidayInput = z.object({
  date: wholeDay(H.dateRequired, 'Date'),
  name: wellFormedText('Holiday name', H.nameRequired).trim().min(1, H.nameRequired).max(100, H.nameTooLong),
  calendarId: calendarIdInput.default(DEFAULT_CALENDAR_ID),
  version: expectedVersion,
});
export type AddHolidayInput = z.output<typeof addHolidayInput>;

/** PUT /api/engineers/:id/work-week: the part of a day worked on each weekday, Monday first, from a date on. */
export const workWeekInput = z.object({
  from: wholeDay(D.fromRequired, 'From'),
  days: z
    .array(z.number({ error: D.dayRange }).min(0, D.dayRange).max(100, D.dayRange), { error: D.daysShape })
    .length(7, D.daysShape)
    .refine((days) => days.some((value) => value > 0), D.noWorkingDay),
  version: expectedVersion,
});
export type WorkWeekInput = z.output<typeof workWeekInput>;

/** PUT /api/engineers/:id/calendar: the holiday calendar followed from a date on. */
export const followCalendarInput = z.object({
  calendarId: wellFormedText('Calendar', D.calendarRequired).trim().min(1, D.calendarRequired).max(100, D.calendarRequired),
  from: wholeDay(D.fromRequired, 'From'),
  version: expectedVersion,
});
export type FollowCalendarInput = z.output<typeof followCalendarInput>;

/** POST /api/engineers/follow-calendar: many engineers follow one calendar from a date on, all or none. */
export const followCalendarInBulkInput = z.object({
  engineerIds: z
    .array(wellFormedText('Engineer', D.engineersRequired).min(1, D.engineersRequired).max(100, D.engineersRequired), { error: D.engineersRequired })
    .min(1, D.engineersRequired)
    .max(5000, D.tooManyEngineers),
  calendarId: followCalendarInput.shape.calendarId,
  from: followCalendarInput.shape.from,
});
export type FollowCalendarInBulkInput = z.output<typeof followCalendarInBulkInput>;

/** PUT /api/engineers/:id/employment: a date sets it, null clears it, leaving a field out keeps it. */
export const employmentInput = z
  .object({
    startDate: wholeDay(D.startDateInvalid, 'Start date').nullable().optional(),
    leaveDate: wholeDay(D.leaveDateInvalid, 'Leave date').nullable().optional(),
    version: expectedVersion,
  })
  .refine((value) => value.startDate !== undefined || value.leaveDate !== undefined, { message: D.nothingToChange })
  .refine((value) => !(value.startDate && value.leaveDate) || value.leaveDate > value.startDate, { path: ['leaveDate'], message: D.leaveBeforeStart });
export type EmploymentInput = z.output<typeof employmentInput>;
const calendarName = wellFormedText('Calendar name', C.nameRequired).trim().min(1, C.nameRequired).max(100, C.nameTooLong);
/** date-holidays' codes: ISO 3166-1 alpha-2 countries ('DE'), their regions ('BY'); any case is taken. */
const countryCode = wellFormedText('Country', C.countryInvalid).trim().toUpperCase().regex(/^[A-Z]{2}$/, C.countryInvalid);
const regionCode = wellFormedText('Region', C.regionInvalid).trim().toUpperCase().regex(/^[A-Z0-9]{1,10}$/, C.regionInvalid);

/** What a calendar is: its name, and the country (and region) its holidays came from, if any. */
export const holidayCalendarFieldsInput = z
  .object({ name: calendarName, country: countryCode.optional(), region: regionCode.optional() })
  .refine((value) => !value.region || value.country, { path: ['region'], message: C.regionWithoutCountry });

/** A new calendar; with a country it is filled with that country's (or region's) public holidays of `year`. */
export const createHolidayCalendarInput = z
  .object({
    name: calendarName,
    country: countryCode.optional(),
    region: regionCode.optional(),
    year: z.number({ error: C.yearOutOfRange }).int(C.yearOutOfRange).min(1970, C.yearOutOfRange).max(2200, C.yearOutOfRange).optional(),
  })
  .refine((value) => !value.region || value.country, { path: ['region'], message: C.regionWithoutCountry });
export type CreateHolidayCalendarInput = z.output<typeof createHolidayCalendarInput>;

/**
 * PUT /api/holiday-calendars/:id/rule: the calendar holds the public holidays of `country` (and `region`)
 * for every year from now on; `country: null` keeps its recorded holidays only.
 */
export const holidayCalendarRuleInput = z
  .object({ country: countryCode.nullable(), region: regionCode.optional(), version: expectedVersion })
  .refine((value) => !value.region || value.country, { path: ['region'], message: C.regionWithoutCountry });
export type HolidayCalendarRuleInput = z.output<typeof holidayCalendarRuleInput>;

export const renameHolidayCalendarInput = z.object({ name: calendarName, version: expectedVersion });
export type RenameHolidayCalendarInput = z.output<typeof renameHolidayCalendarInput>;

/** A placeholder is an assignment without a person: the same fields and messages, plus the skills it needs. */
const placeholderFields = { ...assignmentFields, skills: skillList };

export const addPlaceholderInput = z
  .object({ ...placeholderFields, skills: skillList.default([]), version: expectedVersion })
  .refine(endsOnOrAfterStart, { path: ['endDate'], message: A.endBeforeStart });
export type AddPlaceholderInput = z.output<typeof addPlaceholderInput>;

export const updatePlaceholderInput = z
  .object({ ...placeholderFields, version: expectedVersion })
  .partial()
  .refine(endsOnOrAfterStart, { path: ['endDate'], message: A.endBeforeStart });
export type UpdatePlaceholderInput = z.output<typeof updatePlaceholderInput>;

export const fillPlaceholderInput = z.object({
  engineerId: wellFormedText('Engineer', A.engineerRequired).min(1, A.engineerRequired).max(100),
  version: expectedVersion,
});
export type FillPlaceholderInput = z.output<typeof fillPlaceholderInput>;

/**
 * POST /api/engineers/bulk: one change to many engineers from a date on, all or none: a team, a
 * holiday calendar, a work week (Monday first), or leaving (`deactivate`: their leave date is `from`).
 */
export const bulkEngineersInput = z
  .object({
    ids: followCalendarInBulkInput.shape.engineerIds,
    teamId: wellFormedText('Team', 'Team is required').trim().min(1, 'Team is required').max(100).optional(),
    calendarId: followCalendarInput.shape.calendarId.optional(),
    workWeek: workWeekInput.shape.days.optional(),
    deactivate: z.literal(true, { error: 'deactivate must be true (or left out)' }).optional(),
    from: wholeDay(D.fromRequired, 'From'),
  })
  .refine((value) => value.teamId !== undefined || value.calendarId !== undefined || value.workWeek !== undefined || value.deactivate !== undefined, {
    message: 'Choose what to change: teamId, calendarId, workWeek or deactivate',
  });
export type BulkEngineersInput = z.output<typeof bulkEngineersInput>;
