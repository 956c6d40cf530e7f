import { z } from 'zod';
import { isCalendarDate } from '../capacity/calendar-days.ts';
import { wellFormedText } from '../text.ts';
import { teamMessages as M } from './messages.ts';

const teamName = wellFormedText('Team name', M.nameRequired).trim().min(1, M.nameRequired).max(100, 'Team name must be at most 100 characters');
const teamId = z.string({ error: 'teamId is required' }).min(1, 'teamId is required').max(100);
const day = z.string({ error: 'from must be a date (YYYY-MM-DD)' }).refine(isCalendarDate, 'from must be a date (YYYY-MM-DD)');
const version = z.number({ error: 'version must be a whole number' }).int('version must be a whole number').min(0).optional();

export const createTeamInput = z.object({ name: teamName, parentId: teamId.nullable().optional() });
export const updateTeamInput = z
  .object({ name: teamName.optional(), parentId: teamId.nullable().optional(), version })
  .refine((v) => v.name !== undefined || v.parentId !== undefined, { message: M.nothingToChange });
export const engineerTeamInput = z.object({ teamId, from: day, version });
/** 'all': org-wide; a list: the teams (and the teams inside them) a manager may change. */
export const managerScopeInput = z.union([z.literal('all'), z.array(teamId).max(500)]);

export type CreateTeamInput = z.output<typeof createTeamInput>;
export type UpdateTeamInput = z.output<typeof updateTeamInput>;
export type EngineerTeamInput = z.output<typeof engineerTeamInput>;
export type ManagerScope = z.output<typeof managerScopeInput>;
