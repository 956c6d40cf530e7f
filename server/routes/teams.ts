import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { createTeamInput, engineerSchema, engineerTeamInput, teamOn, updateTeamInput } from '../../domain/index.ts';
import { runCommand } from '../commands/transaction.ts';
import { scopeActorOf, scopeToday } from '../commands/scope.ts';
import { createTeam, removeTeam, setEngineerTeam, teamList, updateTeam } from '../commands/teams.ts';
import { HttpError } from '../http-error.ts';
import { sql } from 'kysely';
import { idempotencyOf, metadataOf, requiredVersionOf, sendWriteOutcome } from './request-context.ts';
import { errorBody, errorResponses, idParams, removedBody } from './schemas.ts';

const writeErrors = { ...errorResponses, 404: errorBody, 409: errorBody, 428: errorBody };
const person = z.object({ _id: z.string(), name: z.string() });
const teamSchema = z.object({ _id: z.string(), name: z.string(), parentId: z.string().nullable(), version: z.number() });
const teamWithPeople = teamSchema.extend({ members: z.array(person), managers: z.array(person) });

/** Teams and who is in them: read by everyone signed in, changed by admins and org-wide managers. */
export default async function teamRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['teams'];

  /** Teams are the organisation's shape: an admin or a manager of every team changes them. */
  const requireOrgWide = async (request: FastifyRequest) => {
    if (request.user.admin) return;
    const actor = await scopeActorOf(app.db, { actorId: request.user.sub, actorRole: request.user.role });
    if (request.user.role !== 'manager' || actor.scope !== 'all') throw new HttpError(403, 'Only admins and org-wide managers change teams', 'FORBIDDEN');
  };

  api.get('/api/teams', {
    onRequest: app.authenticate,
    schema: {
      tags,
      description: 'Every team by name, with the people in it today (`members`) and the managers whose scope names it (`managers`).',
      response: { 200: z.array(teamWithPeople), ...errorResponses },
    },
    handler: async () => {
      const teams = await teamList(app.db);
      const today = scopeToday();
      const people = await app.db.selectFrom('engineers').select(['id', 'name', sql<{ from: string; teamId: string }[] | null>`doc->'teams'`.as('teams')])
        .where(sql<boolean>`doc ? 'teams'`).orderBy('name').execute();
      const managers = await app.db.selectFrom('users').select(['id', 'name', 'scope']).where('role', '=', 'manager').where('status', '=', 'active').orderBy('name').execute();
      return teams.map((team) => ({
        ...team,
        members: people.filter((p) => teamOn({ teams: p.teams ?? [] }, today) === team._id).map((p) => ({ _id: p.id, name: p.name })),
        managers: managers.filter((m) => Array.isArray(m.scope) && m.scope.includes(team._id)).map((m) => ({ _id: m.id, name: m.name })),
      }));
    },
  });

  api.post('/api/teams', {
    onRequest: [app.authenticate, requireOrgWide],
    schema: { tags, description: 'Creates a team (TeamCreated on `team-<id>`), optionally inside another. Names are unique (409).', body: createTeamInput, response: { 201: teamSchema, ...writeErrors } },
    handler: async (request, reply) => {
      const outcome = await runCommand(app.db, idempotencyOf(request), async (trx) => ({ status: 201, body: await createTeam(trx, request.body, metadataOf(request)) }));
      return sendWriteOutcome(reply, outcome);
    },
  });

  api.patch('/api/teams/:id', {
    onRequest: [app.authenticate, requireOrgWide],
    schema: {
      tags, description: "Renames a team (TeamRenamed) or moves it inside another (`parentId`, null: the top level; TeamMoved). Send the team's version (If-Match or `version`).",
      params: idParams, body: updateTeamInput, response: { 200: teamSchema, ...writeErrors },
    },
    handler: async (request, reply) => {
      const expected = requiredVersionOf(request, request.body.version);
      const outcome = await runCommand(app.db, idempotencyOf(request), async (trx) => ({ status: 200, body: await updateTeam(trx, request.params.id, request.body, metadataOf(request), expected) }));
      return sendWriteOutcome(reply, outcome);
    },
  });

  api.delete('/api/teams/:id', {
    onRequest: [app.authenticate, requireOrgWide],
    schema: { tags, description: 'Removes a team (TeamRemoved); 409 while anyone is or was in it, or teams sit inside it.', params: idParams, response: { 200: removedBody, ...writeErrors } },
    handler: async (request, reply) => {
      const outcome = await runCommand(app.db, idempotencyOf(request), async (trx) => {
        const version = await removeTeam(trx, request.params.id, metadataOf(request));
        return { status: 200, body: { message: 'Team removed', version } };
      });
      return sendWriteOutcome(reply, outcome);
    },
  });

  api.put('/api/engineers/:id/team', {
    onRequest: app.requireRole('manager'),
    schema: {
      tags, description: "Puts the engineer in a team from a date (EngineerTeamChanged); their department reads as the team's name. Managers whose scope holds the engineer today (403 otherwise).",
      params: idParams, body: engineerTeamInput, response: { 200: engineerSchema, ...writeErrors },
    },
    handler: async (request, reply) => {
      const outcome = await runCommand(app.db, idempotencyOf(request), async (trx) => ({ status: 200, body: await setEngineerTeam(trx, request.params.id, request.body, metadataOf(request)) }));
      return sendWriteOutcome(reply, outcome);
    },
  });
}
