import type { PlanningEvent } from '../../domain/index.ts';

type Upcaster = (data: Record<string, unknown>) => Record<string, unknown>;

/**
 * Old event versions are upcast on read by pure functions; history is never rewritten.
 * Key: `<type>@<schema_version>` -> function to the next version. None are needed yet.
 */
const upcasters: Record<string, Upcaster> = {};

export const CURRENT_SCHEMA_VERSION = 1;

export function upcast(type: string, schemaVersion: number, data: unknown): PlanningEvent {
  let version = schemaVersion;
  let value = data as Record<string, unknown>;
  while (version < CURRENT_SCHEMA_VERSION) {
    const step = upcasters[`${type}@${version}`];
    if (step) value = step(value);
    version += 1;
  }
  return { type, data: value } as PlanningEvent;
}
