import { sql } from 'kysely';
import type { Cursor, Plan } from '../../domain/index.ts';
import type { DbOrTrx } from '../db/connect.ts';
import { foldHistory } from './fold-history.ts';

export type PlanAt = { asOf: string; cursor: string; plan: Plan };

/**
 * The plan as it was: every event up to the moment (by recorded time) or up to a cursor (in commit
 * order), folded through the same reducers as the projections. Only committed, visible history counts.
 */
export async function planAt(db: DbOrTrx, bound: { at: Date } | { cursor: Cursor }): Promise<PlanAt> {
  const until =
    'at' in bound
      ? sql`recorded_at <= ${bound.at}`
      : sql`(transaction_id, global_position) <= (${bound.cursor.transactionId}::xid8, ${bound.cursor.globalPosition}::bigint)`;
  const history = await foldHistory(db, { visibleOnly: true, until });
  const asOf = 'at' in bound ? bound.at.toISOString() : (history.lastRecordedAt ?? new Date(0)).toISOString();
  return { asOf, cursor: history.cursor, plan: history.fold.plan() };
}
