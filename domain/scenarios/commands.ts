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
});
export type ScenarioChange = z.output<typeof scenarioChange>;
