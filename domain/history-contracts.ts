import { z } from 'zod';
import { assignmentSchema, isoDateTime, projectSchema } from './entities.ts';
import { utilizationStatuses } from './figures.ts';

/**
 * The answers of the event log and history endpoints: the server declares them as its response
 * schemas (so OpenAPI documents them and nothing undeclared leaves), the client reads them with the
 * same types.
 */

/** An event as stored and sent to readers: the envelope /api/events and the live channel carry. */
export const recordedEventSchema = z.object({
  cursor: z.string(),
  streamId: z.string(),
  streamPosition: z.number(),
  type: z.string(),
  data: z.record(z.string(), z.unknown()),
  metadata: z.record(z.string(), z.unknown()),
  recordedAt: isoDateTime,
});

export const entityKinds = ['project', 'engineer', 'assignment', 'calendar'] as const;
export type EntityKind = (typeof entityKinds)[number];

/** One event of the history log: who made it, what it is about and a sentence saying what it did. */
export const historyEventSchema = recordedEventSchema.extend({
  actor: z.object({ id: z.string(), name: z.string() }),
  entity: z.object({ kind: z.enum(entityKinds), id: z.string(), name: z.string() }),
  summary: z.string(),
});
export type HistoryEvent = z.infer<typeof historyEventSchema>;

/** A page of the log, newest first; `next` pages further back, null at the oldest event. */
export const historyPageSchema = z.object({ events: z.array(historyEventSchema), next: z.string().nullable() });
export type HistoryPage = z.infer<typeof historyPageSchema>;

export const historyActorSchema = z.object({ id: z.string(), name: z.string(), role: z.string() });
export type HistoryActor = z.infer<typeof historyActorSchema>;

const entityDiff = <T extends z.ZodType>(entity: T) =>
  z.object({ created: z.array(entity), changed: z.array(z.object({ before: entity, after: entity })), removed: z.array(entity) });

export const allocationFigureSchema = z.object({ allocation: z.number(), status: z.enum(utilizationStatuses) });
export type AllocationFigure = z.infer<typeof allocationFigureSchema>;

/** An engineer whose allocation or status moved; a side is null where the engineer did not exist. */
export const engineerDiffSchema = z.object({
  engineerId: z.string(),
  name: z.string(),
  before: allocationFigureSchema.nullable(),
  after: allocationFigureSchema.nullable(),
});
export type EngineerDiff = z.infer<typeof engineerDiffSchema>;

/** What differs between two plans: entities created, changed (by version) and removed, and engineers' figures. */
export const planChangesSchema = z.object({
  projects: entityDiff(projectSchema),
  assignments: entityDiff(assignmentSchema),
  engineers: z.array(engineerDiffSchema),
});
export type PlanChanges = z.infer<typeof planChangesSchema>;

export const diffChangeSchema = historyEventSchema.pick({ cursor: true, recordedAt: true, type: true, streamId: true, actor: true, entity: true, summary: true });
export type DiffChange = z.infer<typeof diffChangeSchema>;

/** What changed between two moments, with every event recorded in between (oldest first). */
export const planDiffSchema = planChangesSchema.extend({ from: isoDateTime, to: isoDateTime, changes: z.array(diffChangeSchema) });
export type PlanDiff = z.infer<typeof planDiffSchema>;

export const alteredEventSchema = z.object({
  eventId: z.string(),
  streamId: z.string(),
  streamPosition: z.number(),
  type: z.string(),
  recordedAt: isoDateTime,
});
export type AlteredEvent = z.infer<typeof alteredEventSchema>;

/** A stream whose stored events do not run 1..version without a hole (an event deleted with the guard lifted). */
export const streamGapSchema = z.object({ streamId: z.string(), expectedVersion: z.number(), positions: z.number() });
export type StreamGap = z.infer<typeof streamGapSchema>;

/** The check of every stream's hash chain: each altered event by name, and every stream missing events. */
export const verificationSchema = z.object({
  events: z.number(),
  streams: z.number(),
  altered: z.array(alteredEventSchema),
  gaps: z.array(streamGapSchema),
  ok: z.boolean(),
});
export type Verification = z.infer<typeof verificationSchema>;
