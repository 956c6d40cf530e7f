import { z } from 'zod';
import { calendarDate, MAX_RANGE_DAYS } from '../capacity/inputs.ts';
import { dayOfDate } from '../capacity/calendar-days.ts';

export const levellingMessages = {
  rangeBackwards: 'The window must end on or after its first day',
  rangeTooLong: (days: number) => `The window may span at most ${days} days`,
  windowPast: 'The window ends before today: days before today stay as they are',
  scopeInvalid: "scope must be 'all', {teamIds: [...]} or {engineerIds: [...]}",
  scopeEmpty: 'The scope holds no engineers',
  unknownEngineers: (ids: string[]) => `Unknown engineers in scope: ${ids.slice(0, 5).join(', ')}`,
  unknownTeams: (ids: readonly string[]) => `No such team: ${ids.join(', ')}`,
  shiftDaysRange: 'shiftDays must be a whole number of days from 0 to 60',
  floorRange: 'The allocation floor must be between 1 and 100 %',
  nothingAllowed: 'Allow at least one kind of change: shift dates, reassign or lower allocations',
  tooManyPins: 'At most 5,000 pinned assignments',
  nothingToResolve: 'No one in the scope is overloaded in this window',
} as const;
const M = levellingMessages;

/** What may change: shifts of up to `shiftDays` calendar days, reassignments, lowering to no less than `reduce` %. */
export const levelAllowInput = z.object({
  shiftDays: z.number({ error: M.shiftDaysRange }).int(M.shiftDaysRange).min(0, M.shiftDaysRange).max(60, M.shiftDaysRange).default(0),
  reassign: z.boolean().default(false),
  /** Confirmed work keeps its person unless this is set: only pipeline (tentative) work is handed over otherwise. */
  reassignConfirmed: z.boolean().default(false),
  /** The floor, in percent, an allocation may be lowered to; null: allocations stay. */
  reduce: z.number({ error: M.floorRange }).min(1, M.floorRange).max(100, M.floorRange).nullable().default(null),
});
export type LevelAllow = z.output<typeof levelAllowInput>;

const ids = z.array(z.string().min(1).max(100)).min(1, M.scopeEmpty).max(5000);
export const levelScopeInput = z.union([z.literal('all'), z.object({ teamIds: ids }).strict(), z.object({ engineerIds: ids }).strict()], { error: M.scopeInvalid });
export type LevelScope = z.output<typeof levelScopeInput>;

/** POST /api/scenarios/resolve's body. */
export const resolveOverloadsInput = z
  .object({
    from: calendarDate('from'),
    to: calendarDate('to'),
    scope: levelScopeInput.default('all'),
    allow: levelAllowInput,
    pins: z.array(z.string().min(1).max(100)).max(5000, M.tooManyPins).default([]),
    /** Work on projects not won yet counts as booked (as an assignment write's overload check counts it). */
    includeTentative: z.boolean().default(true),
    name: z.string().trim().min(1).max(100).optional(),
  })
  .refine((r) => dayOfDate(r.to) >= dayOfDate(r.from), { path: ['to'], message: M.rangeBackwards })
  .refine((r) => dayOfDate(r.to) - dayOfDate(r.from) < MAX_RANGE_DAYS, { path: ['to'], message: M.rangeTooLong(MAX_RANGE_DAYS) })
  .refine((r) => r.allow.shiftDays > 0 || r.allow.reassign || r.allow.reduce !== null, { path: ['allow'], message: M.nothingAllowed });
export type ResolveOverloadsInput = z.output<typeof resolveOverloadsInput>;
