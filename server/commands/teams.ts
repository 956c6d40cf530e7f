import { v7 as uuidv7 } from 'uuid';
import {
  decideCreateTeam, decideEngineerTeam, decideRemoveTeam, decideUpdateTeam, type CreateTeamInput, type EngineerTeamInput, type EventMetadata, type Team,
  type UpdateTeamInput,
} from '../../domain/index.ts';
import type { DbOrTrx } from '../db/connect.ts';
import { sql } from 'kysely';
import { executeCommand } from './execute.ts';
import { engineerStream, teamStream } from './streams.ts';

/** Every team as its read model holds it (few: an organisation has tens, not thousands). */
export async function teamList(trx: DbOrTrx): Promise<Team[]> {
  return (await trx.selectFrom('teams').select('doc').orderBy('name').execute()).map((r) => r.doc);
}

// Teams are changed one at a time: names stay unique and no team ends up inside itself.
const lockTeams = (trx: DbOrTrx) => sql`select pg_advisory_xact_lock(hashtext('teams'))`.execute(trx);

export async function createTeam(trx: DbOrTrx, input: CreateTeamInput, metadata: EventMetadata, teamId = uuidv7()) {
  await lockTeams(trx);
  const others = await teamList(trx);
  const { state } = await executeCommand(trx, teamStream, teamId, {
    expectedVersion: 0, metadata, decide: (s) => decideCreateTeam(s, { teamId, name: input.name, parentId: input.parentId ?? null }, others),
  });
  return state!;
}

export async function updateTeam(trx: DbOrTrx, teamId: string, input: UpdateTeamInput, metadata: EventMetadata, expectedVersion?: number) {
  await lockTeams(trx);
  const others = await teamList(trx);
  const { state } = await executeCommand(trx, teamStream, teamId, { expectedVersion, metadata, decide: (s) => decideUpdateTeam(s, input, others) });
  return state!;
}

export async function removeTeam(trx: DbOrTrx, teamId: string, metadata: EventMetadata, expectedVersion?: number) {
  await lockTeams(trx);
  const members = await trx.selectFrom('engineers').select((eb) => eb.fn.countAll<string>().as('n'))
    .where(sql<boolean>`doc->'teams' @> ${JSON.stringify([{ teamId }])}::jsonb`).executeTakeFirstOrThrow();
  const children = await trx.selectFrom('teams').select((eb) => eb.fn.countAll<string>().as('n')).where('parent_id', '=', teamId).executeTakeFirstOrThrow();
  const result = await executeCommand(trx, teamStream, teamId, {
    expectedVersion, metadata, decide: (s) => decideRemoveTeam(s, { members: Number(members.n), children: Number(children.n) }),
  });
  return result.version;
}

/** The date someone joins their department's team from: their first day on record, whatever it was. */
export const DEPARTMENT_TEAM_FROM = '0001-01-01';

/**
 * The team of each name, made where none of that name exists yet (names compare case-insensitively,
 * as the team decisions do): how departments become teams. Keyed by the lower-cased name.
 */
export async function teamsNamed(trx: DbOrTrx, names: Iterable<string>, metadata: EventMetadata): Promise<Map<string, Team>> {
  const teams = new Map((await teamList(trx)).map((t) => [t.name.toLowerCase(), t]));
  for (const name of names) if (!teams.has(name.toLowerCase())) teams.set(name.toLowerCase(), await createTeam(trx, { name }, metadata));
  return teams;
}

/** Someone joins a team from a date; the scope rule (in the runner) asks whether the actor may change them. */
export async function setEngineerTeam(trx: DbOrTrx, engineerId: string, input: EngineerTeamInput, metadata: EventMetadata) {
  const team = (await trx.selectFrom('teams').select('doc').where('id', '=', input.teamId).executeTakeFirst())?.doc ?? null;
  const { state } = await executeCommand(trx, engineerStream, engineerId, {
    expectedVersion: input.version, metadata, decide: (record) => decideEngineerTeam(record?.engineer ?? null, { teamId: input.teamId, from: input.from, team }),
  });
  return state!.engineer;
}
