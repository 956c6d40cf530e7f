/**
 * Saved views: a screen's address (its path and query, which hold its whole state) kept under a name,
 * for its owner alone or shared with everyone who plans. They share the log with the plan (history,
 * live, hash chain) but never touch it. One stream per view.
 */
export type ViewFields = { name: string; path: string; shared: boolean; ownerId: string };
export type ViewSaved = { type: 'ViewSaved'; data: { viewId: string } & ViewFields };
/** Keeps what the view was, so the history and the live channel read it without a replay. */
export type ViewRemoved = { type: 'ViewRemoved'; data: { viewId: string } & ViewFields };
export type ViewEvent = ViewSaved | ViewRemoved;

/** A view as the read model and the API hold it. */
export type SavedView = { _id: string; version: number } & ViewFields;

export const viewStreamId = (id: string) => `view-${id}`;

const viewTypes: ReadonlySet<string> = new Set<ViewEvent['type']>(['ViewSaved', 'ViewRemoved']);
/** Saved views among the log's events: they leave the plan as it is. */
export const isViewEvent = <E extends { type: string }>(event: E): event is Extract<E, ViewEvent> => viewTypes.has(event.type);

/** The view after one event; a removed one is gone. */
export function evolveView(state: SavedView | null, event: ViewEvent, version: number): SavedView | null {
  switch (event.type) {
    case 'ViewSaved': {
      const { viewId, ...fields } = event.data;
      return { _id: viewId, version, ...fields };
    }
    case 'ViewRemoved':
      return null;
    default: {
      const unhandled: never = event;
      throw new Error(`Unhandled view event: ${JSON.stringify(unhandled)}`);
    }
  }
}

/**
 * Who sees a view (its list, its events live): its owner always, everyone else only a shared one. A
 * private view is nobody else's business, not even an auditor's.
 */
export const mayReadView = (view: Pick<ViewFields, 'ownerId' | 'shared'>, viewerId: string): boolean => view.shared || view.ownerId === viewerId;
