import { sql } from 'kysely';
import { dateOfDay, decideEngineerTeam, teamOn, todayOf, type EventMetadata, type TeamMembership } from '../../domain/index.ts';
import type { DbOrTrx } from '../db/connect.ts';
import { orgTimeZone } from '../runtime/org-time-zone.ts';
import { executeCommands } from './execute.ts';
import { engineerStream } from './streams.ts';
import { teamList } from './teams.ts';

/**
 * Where engineers' teams are read and changed for the writes that take a team beside others: the
 * engineers CSV's `team` column, the Engineers screen's bulk "set team" and sign-on's team groups.
 * Teams are their own model (their streams, decisions and read model); this is the one door these
 * callers go through, so each of them is written once whatever teams become.
 */
export type TeamDirectory = {
  /** Every team, by id and name. */
  list: (db: DbOrTrx) => Promise<{ _id: string; name: string }[]>;
  /** Each engineer's team today, by engineer id (those in none left out). */
  current: (db: DbOrTrx) => Promise<Record<string, string>>;
  /**
   * Each engineer belongs to the team from the date, in the caller's transaction, under its command
   * id (so one undo reverses a bulk change with the rest). Throws a DomainError to refuse.
   */
  assign: (trx: DbOrTrx, moves: readonly { engineerId: string; teamId: string; from: string }[], metadata: EventMetadata) => Promise<void>;
};

/**
 * The organisation's teams, read from the teams read model and changed through each engineer's one
 * team decision. Null would refuse every write that names a team with `teamsMissingMessage` (400);
 * the type keeps that door for an install without teams.
 */
export const teamDirectory: TeamDirectory | null = {
  list: async (db) => (await teamList(db)).map((t) => ({ _id: t._id, name: t.name })),
  current: async (db) => {
    const today = dateOfDay(todayOf(new Date(), orgTimeZone()));
    const people = await db.selectFrom('engineers').select(['id', sql<TeamMembership[] | null>`doc->'teams'`.as('teams')]).where(sql<boolean>`doc ? 'teams'`).execute();
    const current: Record<string, string> = {};
    for (const p of people) {
      const teamId = teamOn({ teams: p.teams ?? [] }, today);
      if (teamId) current[p.id] = teamId;
    }
    return current;
  },
  assign: async (trx, moves, metadata) => {
    const teams = new Map((await teamList(trx)).map((t) => [t._id, t]));
    await executeCommands(trx, engineerStream, moves.map(({ engineerId, teamId, from }) => ({
      id: engineerId,
      decide: (record) => decideEngineerTeam(record?.engineer ?? null, { teamId, from, team: teams.get(teamId) ?? null }),
    })), metadata);
  },
};

export const teamsMissingMessage = 'There are no teams to name yet';
