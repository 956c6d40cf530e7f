import { useSnapshot } from 'valtio/react';
import type { SavedView } from '../../domain/views/events.ts';
import { callsOf, type ViewValues } from './calls.ts';
import { createCollection } from './collection.ts';
import { onLiveChange } from './live.ts';

export type { ViewValues };

/** The saved views one may open (GET /api/views), kept live: the server sends a view only to those who may list it. */
const views = createCollection<SavedView[]>(() => [], () => callsOf('savedViews').list());

const byName = (a: SavedView, b: SavedView) => a.name.localeCompare(b.name) || (a._id < b._id ? -1 : 1);

export const savedViewsStore = views.state;
export const loadSavedViews = views.load;
export const resetSavedViews = views.reset;
export const useSavedViews = () => useSnapshot(savedViewsStore);

/** Folds a view in (one saved here, or by someone else live); saving twice leaves one. */
function put(view: SavedView) {
  views.set([...views.state.data.filter((v) => v._id !== view._id), view].sort(byName));
}
const drop = (id: string) => views.set(views.state.data.filter((v) => v._id !== id));

export async function saveView(values: ViewValues): Promise<SavedView> {
  const saved = await callsOf('savedViews').save(values);
  put(saved);
  return saved;
}

export async function removeSavedView(id: string): Promise<void> {
  await callsOf('savedViews').remove(id);
  drop(id);
}

onLiveChange((event) => {
  if (!views.state.loaded) return;
  if (event === null) {
    void views.load();
  } else if (event.type === 'ViewSaved') {
    const { viewId, ...fields } = event.data;
    put({ _id: viewId, version: event.streamPosition, ...fields });
  } else if (event.type === 'ViewRemoved') {
    drop(event.data.viewId);
  }
});
