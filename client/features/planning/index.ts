/**
 * The planning actions several screens offer (plan an assignment, book time off, engineer days and
 * holidays, placeholders and filling them, record actuals, resolve overloads, the grid's drag and bulk
 * writes), with their calls and dialogs. Other features import them from here only, never from the
 * folders inside: what is exported here is this feature's public face (see .dependency-cruiser.cjs).
 */

export { fetchActualsVariance, lockActualsWeek, unlockActualsWeek } from './actuals/actualsApi.ts';
export { ActualsWeekEditor } from './actuals/ActualsWeekEditor.tsx';
export { useActualsDialog } from './actuals/useActualsDialog.tsx';
export { type CreatePrefill } from './assignment-planning/assignmentForm.machine.ts';
export { useAssignmentPlanning } from './assignment-planning/AssignmentPlanning.tsx';
export { useCapacity } from './capacity/useCapacity.ts';
export { capacityFactsApi } from './capacityFactsApi.ts';
export { followCalendarInBulk, holidayCalendarList, type HolidayCalendarSummary } from './engineer-days/engineerDaysApi.ts';
export { useEngineerDays } from './engineer-days/useEngineerDays.tsx';
export { useScheduleWrites } from './grid/useScheduleWrites.tsx';
export { removeHolidayAction, useHolidaysDialog } from './holidays/useHolidaysDialog.tsx';
export { openRolesText } from './placeholders/placeholderRows.ts';
export { usePlaceholderPlanning } from './placeholders/usePlaceholders.tsx';
export { planningApi } from './planningApi.ts';
export { ProposalPanel } from './resolve-overloads/ProposalPanel.tsx';
export { resolveBody, resolveOverloadsMachine } from './resolve-overloads/resolveOverloads.machine.ts';
export { type LeftOverload, type ResolvedProposal, resolveOverloads } from './resolve-overloads/resolveOverloads.ts';
export { ResolveOverloadsDialog } from './resolve-overloads/ResolveOverloadsDialog.tsx';
export { staffingApi, type StaffingView } from './staffingApi.ts';
export { useTimeOffPlanning } from './time-off/useTimeOffPlanning.tsx';
export { undoCommand } from './undoApi.ts';
