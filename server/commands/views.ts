import { v7 as uuidv7 } from 'uuid';
import { decideRemoveView, decideSaveView, type EventMetadata, type SaveViewInput, type SavedView } from '../../domain/index.ts';
import type { DbOrTrx } from '../db/connect.ts';
import { executeCommand } from './execute.ts';
import { viewStream } from './streams.ts';

/** Saves a view under a new id, its owner the one who asks. */
export async function saveView(trx: DbOrTrx, input: SaveViewInput, metadata: EventMetadata): Promise<SavedView> {
  const viewId = uuidv7();
  const result = await executeCommand(trx, viewStream, viewId, { metadata, decide: (state) => decideSaveView(state, viewId, input, metadata.actorId) });
  return result.state!;
}

export async function removeView(trx: DbOrTrx, viewId: string, metadata: EventMetadata): Promise<number> {
  const result = await executeCommand(trx, viewStream, viewId, { metadata, decide: (state) => decideRemoveView(state, metadata.actorId) });
  return result.version;
}
