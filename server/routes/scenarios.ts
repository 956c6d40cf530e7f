import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  answerCapacityQuery, capacityFactsOf, capacityQueryInput, capacityRangeInput, capacityResponseSchema, compareScenario, inShape, packedCapacityResponseSchema,
  createScenarioInput, draftedCommand, resolveOverloadsInput, scenarioMessages, scenarioStatuses, type LeftOverload, type Scenario,
} from '../../domain/index.ts';
import { draftResolution, proposeResolution } from '../levelling/resolve.ts';
import { runCommand } from '../commands/transaction.ts';
import { ConcurrencyError } from '../event-store/errors.ts';
import {
  conflictsNow, createScenario, discardScenario, draftScenarioChange, publishScenario, rebaseScenarioChanges, ScenarioConflictError,
  shareScenario, undoScenarioChange,
} from '../scenarios/scenario-commands.ts';
import { readScenario } from '../scenarios/scenario-store.ts';
import { describeConflicts, listScenarios, ScenarioViews } from '../scenarios/scenario-views.ts';
import { expectedVersionOf, idempotencyOf, metadataOf, withCommandId } from './request-context.ts';
import { errorBody, errorResponses, idParams } from './schemas.ts';

const summary = z.object({
  _id: z.string(),
  name: z.string(),
  ownerId: z.string(),
  ownerName: z.string(),
  shared: z.boolean(),
  status: z.enum(scenarioStatuses),
  version: z.number(),
  changeCount: z.number(),
});
const describedChange = z.object({
  changeId: z.string(),
  command: z.record(z.string(), z.unknown()),
  base: z.record(z.string(), z.number()),
  applied: z.boolean(),
  error: z.string().optional(),
  sentences: z.array(z.string()),
  reason: z.string().optional(),
  moveId: z.string().optional(),
});
const detail = summary.extend({ changes: z.array(describedChange) });
const conflictBody = errorBody.extend({
  conflicts: z.array(z.object({
    changeId: z.string(), streamId: z.string(), drafted: z.number(), current: z.number(), theirs: z.array(z.string()), ours: z.array(z.string()),
  })).optional(),
});
const writeErrors = { ...errorResponses, 404: errorBody, 409: conflictBody };
const versionBody = z.object({ version: z.number().int().min(0).optional() });
const viewer = (request: FastifyRequest) => ({ id: request.user.sub, role: request.user.role });

/**
 * Scenarios: a manager's private draft of planning changes, folded on the live plan for every view and
 * published as one transaction. Reads are for managers and auditors (their own, and shared ones).
 */
export default async function scenarioRoutes(app: FastifyInstance, options: { timeZone: string }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const readers = app.requireRole('manager', 'auditor');
  const writers = app.requireRole('manager');
  const views = new ScenarioViews(app.db);

  /** After a write: the scenario as its owner now sees it, changes in sentences. */
  const detailOf = async (request: FastifyRequest, scenario: Scenario) => (await views.onLivePlan(scenario._id, viewer(request))).detail;

  api.get('/api/scenarios', {
    onRequest: readers,
    schema: { tags: ['scenarios'], description: 'The scenarios this user may read: their own, and the ones other managers shared. Newest first.', response: { 200: z.array(summary), ...errorResponses } },
    handler: async (request) => listScenarios(app.db, viewer(request)),
  });

  api.post('/api/scenarios', {
    onRequest: writers,
    schema: { tags: ['scenarios'], description: 'Starts an empty scenario (private unless `shared`).', body: createScenarioInput, response: { 201: detail, ...writeErrors } },
    handler: async (request, reply) => {
      const outcome = await runCommand(app.db, idempotencyOf(request), async (trx) => {
        const scenario = await createScenario(trx, randomUUID(), request.body, metadataOf(request));
        return { status: 201, body: scenario };
      });
      return reply.code(outcome.status).send(await detailOf(request, outcome.body as Scenario));
    },
  });

  api.post('/api/scenarios/resolve', {
    onRequest: writers,
    schema: {
      tags: ['scenarios'],
      description:
        'Proposes how to clear the overloads of a window and scope, as a new draft scenario: the fewest changes (shift dates by up to `allow.shiftDays`, ' +
        'reassign to people in scope whose skills cover the project and who fit, lower an allocation to no less than `allow.reduce` %), each change with ' +
        'its one-line `reason`. Pinned assignments, locked weeks, days before today and (unless `allow.reassignConfirmed`) confirmed work\'s person stay. ' +
        '`left` names every overload the proposal leaves, with what blocks it. Accept a change by keeping it, reject it with DELETE .../changes/:changeId, ' +
        'then compare and publish as any scenario.',
      body: resolveOverloadsInput,
      response: {
        201: detail.extend({ left: z.array(z.object({ engineerId: z.string(), days: z.array(z.string()), peak: z.number(), blockedBy: z.string() })) }),
        ...writeErrors,
      },
    },
    handler: async (request, reply) => {
      const proposed = await proposeResolution(app.db, request.body, { timeZone: options.timeZone, now: new Date() });
      const left: LeftOverload[] = proposed.left;
      const outcome = await runCommand(app.db, idempotencyOf(request), async (trx) => {
        const scenario = await draftResolution(trx, proposed, metadataOf(request));
        return { status: 201, body: { scenario, left } };
      });
      const body = outcome.body as { scenario: Scenario; left: LeftOverload[] };
      return reply.code(outcome.status).send({ ...(await detailOf(request, body.scenario)), left: body.left ?? left });
    },
  });

  api.get('/api/scenarios/:id', {
    onRequest: readers,
    schema: { tags: ['scenarios'], description: 'A scenario and its drafted changes in order, each with whether it still applies on the live plan and what it does, in sentences.', params: idParams, response: { 200: detail, 404: errorBody, ...errorResponses } },
    handler: async (request) => (await views.onLivePlan(request.params.id, viewer(request))).detail,
  });

  api.get('/api/scenarios/:id/plan', {
    onRequest: readers,
    schema: {
      tags: ['scenarios'],
      description: 'The live plan with the scenario applied (same shape as /api/history/state plan). X-Cursor says which live events it reflects: on a newer event, ask again.',
      params: idParams,
      response: { 200: z.object({ plan: z.record(z.string(), z.unknown()), scenario: detail }), 404: errorBody, ...errorResponses },
    },
    handler: async (request, reply) => {
      const { detail: scenario, plan, cursor } = await views.onLivePlan(request.params.id, viewer(request));
      return reply.header('x-cursor', cursor).serializer(JSON.stringify).send({ plan, scenario });
    },
  });

  api.get('/api/scenarios/:id/capacity', {
    onRequest: readers,
    schema: {
      tags: ['scenarios'],
      description: 'GET /api/capacity, answered on the live plan with the scenario applied.',
      params: idParams,
      querystring: capacityQueryInput,
      response: { 200: z.union([capacityResponseSchema, packedCapacityResponseSchema]), 404: errorBody, ...errorResponses },
    },
    handler: async (request, reply) => {
      const { plan, cursor } = await views.fold(request.params.id, viewer(request));
      const answer = answerCapacityQuery(capacityFactsOf(plan), request.query, options.timeZone);
      return reply.header('x-cursor', cursor).header('x-total-count', String(answer.total)).serializer(JSON.stringify).send(inShape(answer, request.query.shape));
    },
  });

  api.get('/api/scenarios/:id/compare', {
    onRequest: readers,
    schema: {
      tags: ['scenarios'],
      description: 'Per period, the totals and utilisation of the live plan beside the scenario, and each person whose status changes ("Priya: optimal -> overloaded in weeks 3-5"), with the drafted changes in sentences.',
      params: idParams,
      querystring: capacityRangeInput,
      response: { 200: z.object({ periods: z.array(z.record(z.string(), z.unknown())), statusChanges: z.array(z.record(z.string(), z.unknown())), scenario: detail }), 404: errorBody, ...errorResponses },
    },
    handler: async (request, reply) => {
      const { detail: scenario, live, plan, cursor } = await views.onLivePlan(request.params.id, viewer(request));
      const comparison = compareScenario(live, plan, request.query, options.timeZone);
      return reply.header('x-cursor', cursor).serializer(JSON.stringify).send({ ...comparison, scenario });
    },
  });

  api.patch('/api/scenarios/:id', {
    onRequest: writers,
    schema: { tags: ['scenarios'], description: 'Shares the scenario with other managers and auditors (read-only), or stops sharing it.', params: idParams, body: versionBody.extend({ shared: z.boolean() }), response: { 200: detail, ...writeErrors } },
    handler: async (request) => {
      const expected = expectedVersionOf(request, request.body.version);
      const outcome = await runCommand(app.db, idempotencyOf(request), async (trx) => ({ status: 200, body: await shareScenario(trx, request.params.id, request.body.shared, metadataOf(request), expected) }));
      return detailOf(request, outcome.body as Scenario);
    },
  });

  api.delete('/api/scenarios/:id', {
    onRequest: writers,
    schema: { tags: ['scenarios'], description: 'Discards the scenario: it stays readable, and can no longer change or be published.', params: idParams, body: versionBody.nullish(), response: { 200: detail, ...writeErrors } },
    handler: async (request) => {
      const expected = expectedVersionOf(request, request.body?.version);
      const outcome = await runCommand(app.db, idempotencyOf(request), async (trx) => ({ status: 200, body: await discardScenario(trx, request.params.id, metadataOf(request), expected) }));
      return detailOf(request, outcome.body as Scenario);
    },
  });

  api.post('/api/scenarios/:id/changes', {
    onRequest: writers,
    schema: {
      tags: ['scenarios'],
      description:
        'Drafts a planning write in the scenario instead of applying it: `command` is the live route\'s input with its `kind` and ids ' +
        '(new entities\' ids are chosen by the client, so later changes can refer to them). Refused with the live rule\'s message when it ' +
        'does not apply on the scenario, or changes nothing. The live plan is not touched.',
      params: idParams,
      body: versionBody.extend({ changeId: z.string().min(1).max(100).optional(), command: draftedCommand }),
      response: { 201: detail, ...writeErrors },
    },
    handler: async (request, reply) => {
      const { command, changeId = randomUUID(), version } = request.body;
      const expected = expectedVersionOf(request, version);
      const outcome = await runCommand(app.db, idempotencyOf(request), async (trx) => {
        const drafted = await draftScenarioChange(trx, request.params.id, { changeId, command }, metadataOf(request), expected);
        return { status: 201, body: drafted.scenario };
      });
      return reply.code(outcome.status).send(await detailOf(request, outcome.body as Scenario));
    },
  });

  api.delete('/api/scenarios/:id/changes/:changeId', {
    onRequest: writers,
    schema: { tags: ['scenarios'], description: 'Takes one drafted change back.', params: idParams.extend({ changeId: z.string().min(1).max(100) }), body: versionBody.nullish(), response: { 200: detail, ...writeErrors } },
    handler: async (request) => {
      const expected = expectedVersionOf(request, request.body?.version);
      const outcome = await runCommand(app.db, idempotencyOf(request), async (trx) => ({
        status: 200,
        body: await undoScenarioChange(trx, request.params.id, request.params.changeId, metadataOf(request), expected),
      }));
      return detailOf(request, outcome.body as Scenario);
    },
  });

  api.post('/api/scenarios/:id/rebase', {
    onRequest: writers,
    schema: {
      tags: ['scenarios'],
      description: 'Drafts every change again on the live plan as it is now (current versions); changes that no longer apply or now change nothing are dropped and listed.',
      params: idParams,
      body: versionBody.nullish(),
      response: { 200: detail.extend({ dropped: z.array(z.object({ changeId: z.string(), message: z.string() })) }), ...writeErrors },
    },
    handler: async (request) => {
      const expected = expectedVersionOf(request, request.body?.version);
      let dropped: { changeId: string; message: string }[] = [];
      const outcome = await runCommand(app.db, idempotencyOf(request), async (trx) => {
        const rebased = await rebaseScenarioChanges(trx, request.params.id, metadataOf(request), expected);
        dropped = rebased.dropped;
        return { status: 200, body: rebased.scenario };
      });
      return { ...(await detailOf(request, outcome.body as Scenario)), dropped };
    },
  });

  api.post('/api/scenarios/:id/publish', {
    onRequest: writers,
    schema: {
      tags: ['scenarios'],
      description:
        'Publishes every drafted change in one transaction, each as its live command, its events carrying the scenario id. Where a stream moved since ' +
        'its change was drafted nothing is published: 409 SCENARIO_CONFLICT lists each conflict, what changed it since (theirs) beside the drafted change (ours); ' +
        'rebase, then publish again. A change the live rules now refuse refuses the whole publish with its message.',
      params: idParams,
      body: versionBody.nullish(),
      response: { 200: detail, ...writeErrors },
    },
    handler: async (request, reply) => {
      const expected = expectedVersionOf(request, request.body?.version);
      try {
        const outcome = await runCommand(app.db, idempotencyOf(request), async (trx) => ({
          status: 200,
          body: await publishScenario(trx, request.params.id, metadataOf(request), expected),
        }));
        // The publish is one command: its id undoes every change it made (POST /api/undo/:commandId).
        withCommandId(reply);
        return await detailOf(request, outcome.body as Scenario);
      } catch (error) {
        const conflict = await asScenarioConflict(error, request.params.id);
        if (!conflict) throw error;
        const conflicts = await describeConflicts(app.db, views, conflict.scenario, conflict.conflicts, viewer(request));
        return reply.code(409).send({ message: scenarioMessages.conflicts(new Set(conflicts.map((c) => c.changeId)).size), code: 'SCENARIO_CONFLICT', conflicts });
      }
    },
  });

  /**
   * A publish that met a moved stream: found before writing (ScenarioConflictError), or by the guarded
   * append when another writer committed in between (ConcurrencyError on a planning stream).
   */
  async function asScenarioConflict(error: unknown, scenarioId: string): Promise<ScenarioConflictError | null> {
    if (error instanceof ScenarioConflictError) return error;
    if (!(error instanceof ConcurrencyError) || error.streamId.startsWith('scenario-')) return null;
    const scenario = await readScenario(app.db, scenarioId);
    const conflicts = scenario ? await conflictsNow(app.db, scenario) : [];
    return scenario && conflicts.length > 0 ? new ScenarioConflictError(scenario, conflicts) : null;
  }
}
