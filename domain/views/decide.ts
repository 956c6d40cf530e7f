import { DomainError } from '../errors.ts';
import type { SavedView, ViewEvent } from './events.ts';
import type { SaveViewInput } from './inputs.ts';
import { viewMessages as M } from './messages.ts';

/** A new view, its owner the one saving it. Its id is new, so there is nothing before it. */
export function decideSaveView(state: SavedView | null, viewId: string, input: SaveViewInput, ownerId: string): ViewEvent[] {
  if (state) throw new DomainError('conflict', 'This view exists already');
  return [{ type: 'ViewSaved', data: { viewId, name: input.name, path: input.path, shared: input.shared, ownerId } }];
}

/**
 * Only the owner removes a view. A view the remover may not even see (someone else's private one) is
 * not found, so its existence is not told.
 */
export function decideRemoveView(state: SavedView | null, removerId: string): ViewEvent[] {
  if (!state || (!state.shared && state.ownerId !== removerId)) throw new DomainError('not-found', M.notFound);
  if (state.ownerId !== removerId) throw new DomainError('forbidden', M.ownerOnly);
  const { _id, version: _version, ...fields } = state;
  return [{ type: 'ViewRemoved', data: { viewId: _id, ...fields } }];
}
