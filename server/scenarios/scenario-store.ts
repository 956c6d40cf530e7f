import { evolveScenario, type EventMetadata, type Scenario, type ScenarioEvent } from '../../domain/index.ts';
import type { DbOrTrx } from '../db/connect.ts';
import { ConcurrencyError } from '../event-store/errors.ts';

const streamOf = (scenarioId: string) => `scenario-${scenarioId}`;

function fold(rows: readonly { type: string; data: unknown }[]): Scenario | null {
  return rows.reduce<Scenario | null>((state, row, i) => evolveScenario(state, { type: row.type, data: row.data } as ScenarioEvent, i + 1), null);
}

/** One scenario folded from its stream; null when there is none. */
export async function readScenario(db: DbOrTrx, scenarioId: string): Promise<Scenario | null> {
  const rows = await db.selectFrom('scenario_events').select(['type', 'data']).where('scenario_id', '=', scenarioId).orderBy('position').execute();
  return fold(rows);
}

/** Every scenario, newest first (a handful per manager: folding them all is cheaper than a read model to keep). */
export async function readScenarios(db: DbOrTrx): Promise<Scenario[]> {
  const rows = await db.selectFrom('scenario_events').select(['scenario_id', 'type', 'data']).orderBy('scenario_id').orderBy('position').execute();
  const streams = new Map<string, typeof rows>();
  for (const row of rows) {
    const stream = streams.get(row.scenario_id);
    if (stream) stream.push(row);
    else streams.set(row.scenario_id, [row]);
  }
  return [...streams.values()].map((stream) => fold(stream)!).filter(Boolean).reverse();
}

/**
 * Appends to a scenario's stream at the version its decision was made on. The primary key refuses a
 * second writer that read the same version (ConcurrencyError, answered 409).
 */
export async function appendScenarioEvents(
  trx: DbOrTrx,
  scenarioId: string,
  expectedVersion: number,
  events: readonly ScenarioEvent[],
  metadata: EventMetadata,
): Promise<void> {
  if (events.length === 0) return;
  try {
    await trx
      .insertInto('scenario_events')
      .values(events.map((event, i) => ({
        scenario_id: scenarioId,
        position: expectedVersion + i + 1,
        type: event.type,
        data: JSON.stringify(event.data),
        metadata: JSON.stringify(metadata),
      })))
      .execute();
  } catch (error) {
    if ((error as { code?: string }).code === '23505') throw new ConcurrencyError(streamOf(scenarioId), expectedVersion, expectedVersion + 1);
    throw error;
  }
}
