import { z } from 'zod';
import {
  addHolidayInput, addPlaceholderInput, bookTimeOffInput, calendarIdInput, createAssignmentInput, createProjectInput, employmentInput, followCalendarInput,
  holidayCalendarFieldsInput, registerEngineerInput, renameHolidayCalendarInput, updateAssignmentInput, updateEngineerInput, updatePlaceholderInput,
  updateProjectInput, workWeekInput,
} from '../inputs.ts';
import { holidayRuleSchema } from '../entities.ts';
import { wellFormedText } from '../text.ts';
import { actualsWeekInput, isoWeek, unlockWeekInput } from '../actuals/inputs.ts';

/**
 * Every planning write as one value: the same inputs as the live routes, with the ids of anything it
 * creates chosen beforehand (by the route, or when a scenario drafts it) so that a later command can
 * refer to it and a published scenario creates exactly what it showed. `table.ts` says, per kind,
 * which streams it writes and how it decides.
 */
const id = (field: string) => wellFormedText(field, `${field} is required`).min(1, `${field} is required`).max(100);

const draftable = [
  z.object({ kind: z.literal('createAssignment'), assignmentId: id('Assignment'), input: createAssignmentInput }),
  z.object({ kind: z.literal('updateAssignment'), assignmentId: id('Assignment'), input: updateAssignmentInput }),
  z.object({ kind: z.literal('removeAssignment'), assignmentId: id('Assignment') }),
  z.object({ kind: z.literal('updateProject'), projectId: id('Project'), input: updateProjectInput }),
  z.object({ kind: z.literal('markTentative'), projectId: id('Project') }),
  z.object({ kind: z.literal('confirmProject'), projectId: id('Project') }),
  z.object({ kind: z.literal('addPlaceholder'), projectId: id('Project'), placeholderId: id('Placeholder'), input: addPlaceholderInput }),
  z.object({ kind: z.literal('updatePlaceholder'), projectId: id('Project'), placeholderId: id('Placeholder'), input: updatePlaceholderInput }),
  z.object({ kind: z.literal('removePlaceholder'), projectId: id('Project'), placeholderId: id('Placeholder') }),
  z.object({
    kind: z.literal('fillPlaceholder'), projectId: id('Project'), placeholderId: id('Placeholder'), assignmentId: id('Assignment'), engineerId: id('Engineer'),
  }),
  z.object({ kind: z.literal('bookTimeOff'), engineerId: id('Engineer'), timeOffId: id('Time off'), input: bookTimeOffInput }),
  z.object({ kind: z.literal('cancelTimeOff'), engineerId: id('Engineer'), timeOffId: id('Time off') }),
] as const;

/** The planning writes a scenario may draft: everything but creating projects and engineers and the calendar. */
export const draftedCommand = z.discriminatedUnion('kind', draftable);
export type DraftedCommand = z.output<typeof draftedCommand>;
export type DraftedCommandKind = DraftedCommand['kind'];

export const planningCommand = z.discriminatedUnion('kind', [
  ...draftable,
  z.object({ kind: z.literal('createProject'), projectId: id('Project'), input: createProjectInput }),
  z.object({ kind: z.literal('registerEngineer'), engineerId: id('Engineer'), input: registerEngineerInput }),
  z.object({ kind: z.literal('updateEngineer'), engineerId: id('Engineer'), input: updateEngineerInput }),
  z.object({ kind: z.literal('changeWorkWeek'), engineerId: id('Engineer'), input: workWeekInput }),
  z.object({ kind: z.literal('followCalendar'), engineerId: id('Engineer'), input: followCalendarInput }),
  z.object({ kind: z.literal('setEmployment'), engineerId: id('Engineer'), input: employmentInput }),
  z.object({ kind: z.literal('addHoliday'), holidayId: id('Holiday'), input: addHolidayInput }),
  z.object({
    kind: z.literal('removeHoliday'),
    holidayId: id('Holiday'),
    calendarId: calendarIdInput,
    // A day of the calendar's rule (its id made by ruleHolidayId), as the caller found it in the rule.
    ruleDay: z.object({ date: addHolidayInput.shape.date, name: z.string().max(200) }).optional(),
  }),
  z.object({
    kind: z.literal('createHolidayCalendar'),
    calendarId: id('Calendar'),
    input: holidayCalendarFieldsInput,
    // Recorded days it starts with (a calendar from before rules had a country's year here).
    holidays: z.array(z.object({ holidayId: id('Holiday'), date: addHolidayInput.shape.date, name: addHolidayInput.shape.name })).max(1000),
    rule: holidayRuleSchema.optional(),
  }),
  z.object({ kind: z.literal('setHolidayCalendarRule'), calendarId: id('Calendar'), rule: holidayRuleSchema.nullable() }),
  z.object({ kind: z.literal('renameHolidayCalendar'), calendarId: id('Calendar'), input: renameHolidayCalendarInput }),
  z.object({ kind: z.literal('removeHolidayCalendar'), calendarId: id('Calendar') }),
  // Actuals are what happened, not a plan: no scenario drafts them.
  z.object({ kind: z.literal('recordActuals'), engineerId: id('Engineer'), week: isoWeek, input: actualsWeekInput }),
  z.object({ kind: z.literal('lockActualsWeek'), engineerId: id('Engineer'), week: isoWeek }),
  // Only undo makes this one: a team change is otherwise the teams' own decision (domain/teams/).
  z.object({
    kind: z.literal('undoEngineerTeams'),
    engineerId: id('Engineer'),
    teams: z.array(z.object({ from: addHolidayInput.shape.date, teamId: id('Team') })).max(1000),
    department: z.string().max(200),
    teamName: z.string().max(200),
  }),
  z.object({ kind: z.literal('unlockActualsWeek'), engineerId: id('Engineer'), week: isoWeek, reason: unlockWeekInput.shape.reason }),
]);
export type PlanningCommand = z.output<typeof planningCommand>;
export type PlanningCommandKind = PlanningCommand['kind'];
export type CommandOf<K extends PlanningCommandKind> = Extract<PlanningCommand, { kind: K }>;
