import type { UndoAnswer } from '../../../domain/undo.ts';
import { request } from '../../lib/http.ts';

/**
 * Undo of a live planning write, by the command id its answer carried (`commandIdOf(answer)` in api.ts):
 * the server reverses it with compensating writes and answers the undo's own command id (itself
 * undoable: an undo of the undo does it again) and how many events it appended. Refusals:
 * 409 VERSION_CONFLICT when something changed since ("The assignment changed since…"), 409
 * ALREADY_UNDONE, 409 NOT_UNDOABLE (a new project or engineer), 404 for an unknown id.
 */
export const undoCommand = (commandId: string): Promise<UndoAnswer> =>
  request<UndoAnswer>('POST', `/api/undo/${encodeURIComponent(commandId)}`, { body: {} });
