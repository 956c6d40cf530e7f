import type { SavedView, ViewEvent } from '../../domain/index.ts';
import type { Writer } from '../db/connect.ts';

/** The view's row as its stream says; a removed view leaves none. */
export async function projectView(trx: Writer, id: string, state: SavedView | null, _events: readonly ViewEvent[]): Promise<void> {
  if (!state) {
    await trx.deleteFrom('saved_views').where('id', '=', id).execute();
    return;
  }
  const row = { owner_id: state.ownerId, shared: state.shared, name: state.name, version: state.version, doc: JSON.stringify(state) };
  await trx.insertInto('saved_views').values({ id, ...row }).onConflict((c) => c.column('id').doUpdateSet(row)).execute();
}
