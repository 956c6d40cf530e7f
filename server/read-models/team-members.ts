import { sql } from 'kysely';
import { membersOfTeam, type TeamMembership } from '../../domain/index.ts';
import type { DbOrTrx } from '../db/connect.ts';

/**
 * The ids of the engineers in a team on `day` (YYYY-MM-DD), the teams inside it included: the one team
 * filter the read side applies (the Report's, the capacity grid's), through `membersOfTeam`.
 */
export async function teamMemberIds(db: DbOrTrx, teamId: string, day: string): Promise<Set<string>> {
  const teams = await db.selectFrom('teams').select(['id', 'name', 'parent_id']).execute();
  const people = await db.selectFrom('engineers').select(['id', sql<TeamMembership[] | null>`doc->'teams'`.as('teams')]).where(sql<boolean>`doc ? 'teams'`).execute();
  return membersOfTeam(teamId, people.map((p) => ({ _id: p.id, teams: p.teams ?? [] })), new Map(teams.map((t) => [t.id, { name: t.name, parentId: t.parent_id }])), day);
}
