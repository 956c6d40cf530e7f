import { changeWindow, overloadsOfChanges, refId, type AssignmentChange, type Overload } from '../../domain/index.ts';
import type { DbOrTrx } from '../db/connect.ts';
import { loadCapacityFacts } from './capacity-facts.ts';

/**
 * The overloads an assignment write made or worsened (domain/capacity/overloads.ts), read in the
 * write's own transaction once it has been projected, so the answer (and an Idempotency-Key's stored
 * copy of it) says what this write did, whatever commits next.
 */
export async function overloadsOfWrite(trx: DbOrTrx, changes: readonly AssignmentChange[], timeZone: string): Promise<Overload[]> {
  const window = changeWindow(changes, timeZone);
  if (!window) return [];
  const engineers = new Set(changes.flatMap((c) => [c.before, c.after]).flatMap((a) => (a ? [refId(a.engineerId)] : [])));
  const only = engineers.size === 1 ? [...engineers][0] : undefined;
  const facts = await loadCapacityFacts(trx, { ...window, engineerId: only });
  return overloadsOfChanges({ ...facts, timeZone }, changes);
}
