import { diffPlans, listPage, pageDiff, type DiffOffsets, type PlanDiff } from '../../domain/index.ts';
import type { Db } from '../db/connect.ts';
import { countRecordedBetween, readRecordedBetween } from '../event-store/read.ts';
import { describeEvents } from './describe-events.ts';
import { entityActors, type EntityRef } from './entity-actors.ts';
import { planAt } from './plan-at.ts';

export type DiffPageRequest = { from: Date; to: Date; offsets: DiffOffsets; limit: number };

/**
 * One page of each section of what changed between two moments, with the totals of the whole diff.
 * Everything is read in one snapshot, so the totals and every page agree even while others write.
 */
export async function planDiffPage(db: Db, { from, to, offsets, limit }: DiffPageRequest): Promise<PlanDiff> {
  return db
    .transaction()
    .setIsolationLevel('repeatable read')
    .setAccessMode('read only')
    .execute(async (trx) => {
      const before = await planAt(trx, { at: from });
      const after = await planAt(trx, { at: to });
      const paged = pageDiff(diffPlans(before.plan, from, after.plan, to), offsets, limit);
      const total = await countRecordedBetween(trx, from, to);
      const recorded = await readRecordedBetween(trx, from, to, { offset: offsets.changes, limit });
      const changes = await describeEvents(trx, recorded);
      const { projects, assignments } = paged.changes;
      const listed = (kind: EntityRef['kind'], c: typeof projects | typeof assignments): EntityRef[] =>
        [...c.created, ...c.changed.map((x) => x.after), ...c.removed].map((x) => ({ kind, id: x._id }));
      const actors = await entityActors(trx, [...listed('project', projects), ...listed('assignment', assignments)], from, to);
      return {
        from: from.toISOString(),
        to: to.toISOString(),
        ...paged.changes,
        changes: changes.map((e) => ({
          cursor: e.cursor, recordedAt: e.recordedAt, type: e.type, streamId: e.streamId, actor: e.actor, entity: e.entity, summary: e.summary,
        })),
        totals: { ...paged.totals, changes: total },
        pages: { ...paged.pages, changes: listPage(offsets.changes, limit, changes.length, total) },
        actors,
      };
    });
}
