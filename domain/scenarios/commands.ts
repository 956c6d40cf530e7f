import { z } from 'zod';
import { streamIds } from '../events.ts';
import {
  addPlaceholderInput, bookTimeOffInput, createAssignmentInput, updateAssignmentInput, updatePlaceholderInput,
  updateProjectInput,
} from '../inputs.ts';
import { wellFormedText } from '../text.ts';

/**
 * A planning write drafted in a scenario instead of applied: the same inputs as the live routes, with
 * the ids of anything it creates chosen when it is drafted, so that a later draft can refer to it and
 * publishing creates exactly what the scenario showed.
 */
const id = (field: string) => wellFormedText(field, `${field} is required`).min(1, `${field} is required`).max(100);

export const draftedCommand = z.discriminatedUnion('kind', [
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
]);
export type DraftedCommand = z.output<typeof draftedCommand>;
export type DraftedCommandKind = DraftedCommand['kind'];

/**
 * One drafted change: its command and, per stream it writes, the version that stream had in the live
 * plan when it was drafted. Publishing checks exactly those versions.
 */
export const scenarioChange = z.object({
  changeId: z.string().min(1),
  command: draftedCommand,
  base: z.record(z.string(), z.number().int().min(0)),
});
export type ScenarioChange = z.output<typeof scenarioChange>;

/** The streams a command writes, in the order its events are appended. */
export function streamsOf(command: DraftedCommand): string[] {
  switch (command.kind) {
    case 'createAssignment':
    case 'updateAssignment':
    case 'removeAssignment':
      return [streamIds.assignment(command.assignmentId)];
    case 'updateProject':
    case 'markTentative':
    case 'confirmProject':
    case 'addPlaceholder':
    case 'updatePlaceholder':
    case 'removePlaceholder':
      return [streamIds.project(command.projectId)];
    case 'fillPlaceholder':
      return [streamIds.project(command.projectId), streamIds.assignment(command.assignmentId)];
    case 'bookTimeOff':
    case 'cancelTimeOff':
      return [streamIds.engineer(command.engineerId)];
    default:
      return assertNoCommand(command);
  }
}

export function assertNoCommand(command: never): never {
  throw new Error(`Unhandled drafted command: ${JSON.stringify((command as { kind?: unknown })?.kind)}`);
}
