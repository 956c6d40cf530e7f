import { assertNoCommand, type DraftedCommand, type EventMetadata } from '../../domain/index.ts';
import type { DbOrTrx } from '../db/connect.ts';
import {
  addPlaceholder, bookTimeOff, cancelTimeOff, fillPlaceholder, removePlaceholder, setProjectTentative, updatePlaceholder,
} from '../commands/capacity-facts.ts';
import { createAssignment, removeAssignment, updateAssignment, updateProject } from '../commands/planning.ts';

/**
 * Runs one drafted change as the live command it stands for, in the caller's transaction, with the ids
 * it was drafted with. `expected` is the version its (first) stream must be at: the scenario checked
 * them all before, and a writer that slipped in since fails the guarded append (ConcurrencyError).
 */
export async function executeDrafted(trx: DbOrTrx, command: DraftedCommand, metadata: EventMetadata, expected?: number): Promise<void> {
  switch (command.kind) {
    case 'createAssignment':
      await createAssignment(trx, command.input, metadata, command.assignmentId);
      return;
    case 'updateAssignment':
      await updateAssignment(trx, command.assignmentId, command.input, metadata, expected);
      return;
    case 'removeAssignment':
      await removeAssignment(trx, command.assignmentId, metadata, expected);
      return;
    case 'updateProject':
      await updateProject(trx, command.projectId, command.input, metadata, expected);
      return;
    case 'markTentative':
    case 'confirmProject':
      await setProjectTentative(trx, command.projectId, command.kind === 'markTentative', metadata, expected);
      return;
    case 'addPlaceholder':
      await addPlaceholder(trx, command.projectId, command.input, metadata, expected, command.placeholderId);
      return;
    case 'updatePlaceholder':
      await updatePlaceholder(trx, command.projectId, command.placeholderId, command.input, metadata, expected);
      return;
    case 'removePlaceholder':
      await removePlaceholder(trx, command.projectId, command.placeholderId, metadata, expected);
      return;
    case 'fillPlaceholder':
      await fillPlaceholder(trx, command.projectId, command.placeholderId, command.engineerId, metadata, expected, command.assignmentId);
      return;
    case 'bookTimeOff':
      await bookTimeOff(trx, command.engineerId, command.input, metadata, expected, command.timeOffId);
      return;
    case 'cancelTimeOff':
      await cancelTimeOff(trx, command.engineerId, command.timeOffId, metadata, expected);
      return;
    default:
      assertNoCommand(command);
  }
}
