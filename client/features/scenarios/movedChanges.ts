import { streamEntity } from '../../../domain/events.ts';
import type { DescribedChange } from './scenariosApi.ts';

type Versioned = { _id: string; version: number };
export type LiveLists = { projects: readonly Versioned[]; assignments: readonly Versioned[]; engineers: readonly Versioned[] };

/**
 * The changes whose streams moved in the live plan since they were drafted, worked out from the live
 * collections this client keeps: publishing would meet them as conflicts, so the screen says so first.
 * A thing that is not live (yet) is at version 0, as the server counts it. The holiday calendar is not
 * among the collections and is left to the publish check.
 */
export function movedChanges(changes: readonly DescribedChange[], live: LiveLists): Set<string> {
  const versions = new Map<string, number>();
  for (const [kind, list] of [['project', live.projects], ['assignment', live.assignments], ['engineer', live.engineers]] as const) {
    for (const item of list) versions.set(`${kind}-${item._id}`, item.version);
  }
  const moved = new Set<string>();
  for (const change of changes) {
    for (const [streamId, drafted] of Object.entries(change.base)) {
      const entity = streamEntity(streamId);
      if (!entity || entity.kind === 'calendar') continue;
      if ((versions.get(streamId) ?? 0) !== drafted) moved.add(change.changeId);
    }
  }
  return moved;
}
