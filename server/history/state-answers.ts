import { formatCursor, START } from '../../domain/index.ts';
import type { DbOrTrx } from '../db/connect.ts';
import { compress, keptZstd, zstdPrefixed } from '../http-encodings.ts';
import { findFoldEnd, type FoldEnd } from '../event-store/fold-end.ts';
import { findFoldStart, type FoldStart } from '../event-store/plan-snapshots.ts';
import type { ReplayBound } from '../event-store/replay.ts';
import { asOfText, foldAt } from './plan-at.ts';
import { PlanJson } from './plan-json.ts';
import { STORED_SNAPSHOT_FORMAT } from './plan-snapshot-codec.ts';
import type { RestoredSnapshots } from './restored-snapshots.ts';

/**
 * An answer without its first field (asOf, the one thing two requests for the same fold may differ in),
 * and that part in zstd once asked for (keptZstd), for each request's first field to go in front of.
 */
type Answer = { lastRecordedAt?: Date; rest: Buffer; zstdRest?: Promise<Buffer> };

const keyOf = (end: FoldEnd) => `${formatCursor(end.last?.cursor ?? START)}/${end.events}`;

/**
 * GET /api/history/state's answers as JSON, the last few by the fold they come from (see FoldEnd):
 * moments between the same two events, and every moment after the newest event, fold the same events,
 * and folding thousands of events, building the plan and writing megabytes of JSON costs many times
 * what finding where the fold would end does. The same events always fold the same way, so an answer
 * never goes stale.
 */
export class StateAnswers {
  private readonly answers = new Map<string, Answer>();
  private readonly planJson = new PlanJson();
  /** How many answers were given from those kept. */
  recalled = 0;

  constructor(
    private readonly restored: RestoredSnapshots,
    private readonly capacity = 4,
  ) {}

  /** The answer's JSON text, as JSON.stringify({ asOf, cursor, ...plan }) writes it. */
  async json(db: DbOrTrx, bound: ReplayBound): Promise<Buffer> {
    const { head, answer } = await this.answer(db, bound);
    return Buffer.concat([head, answer.rest]);
  }

  /** The same JSON in zstd: the kept part compressed once, however often and at whatever moment it is asked for. */
  async zstd(db: DbOrTrx, bound: ReplayBound): Promise<Buffer> {
    const { head, answer } = await this.answer(db, bound);
    if (!answer.zstdRest) {
      answer.zstdRest = keptZstd(answer.rest);
      answer.zstdRest.catch(() => (answer.zstdRest = undefined));
    }
    return zstdPrefixed(head, await answer.zstdRest) ?? compress(Buffer.concat([head, answer.rest]), 'zstd');
  }

  private async answer(db: DbOrTrx, bound: ReplayBound): Promise<{ head: Buffer; answer: Answer }> {
    const start = await findFoldStart(db, STORED_SNAPSHOT_FORMAT, bound);
    const known = this.recall(keyOf(await findFoldEnd(db, start, bound)));
    const answer = known ?? (await this.fold(db, bound, start));
    return { head: Buffer.from(`{"asOf":${JSON.stringify(asOfText(bound, answer))},`), answer };
  }

  private async fold(db: DbOrTrx, bound: ReplayBound, start: FoldStart): Promise<Answer> {
    const { history } = await foldAt(db, bound, this.restored, start);
    const json = this.planJson.object(`"cursor":${JSON.stringify(history.cursor)},`, history.fold);
    const answer = { lastRecordedAt: history.lastRecordedAt, rest: json.subarray(1) };
    // Keyed by what was folded, not by what findFoldEnd saw before: events may have become visible between.
    this.remember(`${history.cursor}/${history.events}`, answer);
    return answer;
  }

  private recall(key: string): Answer | undefined {
    const answer = this.answers.get(key);
    // Most recently used last: the first key is the one to let go.
    if (answer) {
      this.recalled += 1;
      this.answers.delete(key);
      this.answers.set(key, answer);
    }
    return answer;
  }

  private remember(key: string, answer: Answer): void {
    this.answers.set(key, answer);
    while (this.answers.size > this.capacity) this.answers.delete(this.answers.keys().next().value!);
  }
}
