import type { Plan } from '../../domain/index.ts';
import type { DbOrTrx } from '../db/connect.ts';
import type { ReplayBound } from '../event-store/replay.ts';
import { foldHistory } from './fold-history.ts';

export type PlanAt = { asOf: string; cursor: string; plan: Plan };

/**
 * The plan as it was: every event up to the moment (by recorded time) or up to a cursor (in commit
 * order), folded through the same reducers as the projections. Only committed, visible history counts.
 */
export async function planAt(db: DbOrTrx, bound: ReplayBound): Promise<PlanAt> {
  const history = await foldHistory(db, { visibleOnly: true, until: bound });
  const asOf = 'at' in bound ? bound.at.toISOString() : (history.lastRecordedAt ?? new Date(0)).toISOString();
  return { asOf, cursor: history.cursor, plan: history.fold.plan() };
}
