import { z } from 'zod';
import { draftedCommand } from '../commands/planning-commands.ts';

export { draftedCommand, type DraftedCommand, type DraftedCommandKind } from '../commands/planning-commands.ts';

/**
 * One drafted change: its command (a planning command a scenario may draft, `commands/`) and, per
 * stream it writes, the version that stream had in the live plan when it was drafted. Publishing
 * checks exactly those versions.
 */
export const scenarioChange = z.object({
  changeId: z.string().min(1),
  command: draftedCommand,
  base: z.record(z.string(), z.number().int().min(0)),
  /** Why a proposal (resolving overloads) drafted it, in one line; changes a manager drafts by hand have none. */
  reason: z.string().max(500).optional(),
  /** The proposal's move it belongs to: a move from today on of work that started is two changes, accepted or rejected together. */
  moveId: z.string().max(300).optional(),
});
export type ScenarioChange = z.output<typeof scenarioChange>;
