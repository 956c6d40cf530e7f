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

export const entityKinds = ['project', 'engineer', 'assignment', 'calendar', 'account', 'team', 'staffing'] as const;
export type EntityKind = (typeof entityKinds)[number];

/** One event of the history log: who made it, what it is about and a sentence saying what it did. */
export const historyEventSchema = recordedEventSchema.extend({
  actor: z.object({ id: z.string(), name: z.string() }),
  entity: z.object({ kind: z.enum(entityKinds), id: z.string(), name: z.string() }),
  summary: z.string(),
  /** Set when the event was appended by publishing a scenario. */
  scenario: z.object({ id: z.string(), name: z.string() }).optional(),
  /** Set when the published scenario's change was drafted by a proposal (resolving overloads): its one-line reason. */
  proposed: z.object({ reason: z.string() }).optional(),
  /** Set when the event is part of an undo (metadata.undoOf): the write it reversed, and who had made it. */
  undid: z.object({ commandId: z.string(), actor: z.object({ id: z.string(), name: z.string() }) }).optional(),
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

/** Where one page of a list stands in the whole list; `truncated` whenever the page is not all of it. */
export const listPageSchema = z.object({
  offset: z.number(),
  limit: z.number(),
  total: z.number(),
  truncated: z.boolean(),
  nextOffset: z.number().nullable(),
});
export type ListPage = z.infer<typeof listPageSchema>;

export const diffSections = ['projects', 'assignments', 'engineers', 'changes'] as const;
export type DiffSection = (typeof diffSections)[number];
export type DiffOffsets = Record<DiffSection, number>;

const kindCountsSchema = z.object({ created: z.number(), changed: z.number(), removed: z.number() });

/** How many of each there are in the whole diff, whichever page is shown. */
export const diffTotalsSchema = z.object({
  projects: kindCountsSchema,
  assignments: kindCountsSchema,
  engineers: z.number(),
  changes: z.number(),
});
export type DiffTotals = z.infer<typeof diffTotalsSchema>;

export const diffActorSchema = z.object({ id: z.string(), name: z.string() });

/**
 * What changed between two moments, a page of each section at a time: projects and assignments (each
 * created, then changed, then removed, cut as one list), engineers, and the events recorded in between
 * (oldest first). `actors` names who changed each project and assignment of the page ('project:<id>'),
 * in the order they first acted, so no row depends on the events being on the same page.
 */
export const planDiffSchema = planChangesSchema.extend({
  from: isoDateTime,
  to: isoDateTime,
  changes: z.array(diffChangeSchema),
  totals: diffTotalsSchema,
  pages: z.object({ projects: listPageSchema, assignments: listPageSchema, engineers: listPageSchema, changes: listPageSchema }),
  actors: z.record(z.string(), z.array(diffActorSchema)),
});
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
