import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { errorBody, errorResponses } from '../routes/schemas.ts';

/**
 * The tags operations are grouped by, each described once here: a route names one of these (a test
 * checks that every operation's tags are defined).
 */
export const apiTags = [
  { name: 'health', description: 'Whether the app and its database answer; no sign-in.' },
  { name: 'auth', description: 'Signing in and out, the signed-in profile, passwords and single sign-on.' },
  { name: 'accounts', description: 'First setup, accounts, roles and invitations (admins).' },
  { name: 'engineers', description: 'People: their details, work week, calendar, employment dates, load and who suits a need.' },
  { name: 'projects', description: 'Projects, their status and their plan.' },
  { name: 'assignments', description: 'Who works on what, when and how much; one at a time or in bulk.' },
  { name: 'capacity', description: 'Capacity over time, time off, holidays, calendars, open roles (placeholders) and undo.' },
  { name: 'actuals', description: 'Hours worked per week beside the plan, and locked weeks.' },
  { name: 'history', description: 'The event log: events after a cursor, the plan as it was at a moment, what changed, who did it.' },
  { name: 'scenarios', description: 'Drafts of plan changes to compare, share and publish at once.' },
  { name: 'import', description: 'Spreadsheet import (preview, then run as a job) and CSV export.' },
  { name: 'webhooks', description: 'Outbound webhooks (admins): endpoints, deliveries, replay and test events.' },
  { name: 'calendar feeds', description: 'iCalendar feeds of one\'s own work and of the holidays, opened by a secret link.' },
  { name: 'notifications', description: 'E-mail preferences, unsubscribe links and Slack channels.' },
  { name: 'reports', description: 'Utilisation over any range, grouped by team, role, skill, seniority or person; JSON or CSV.' },
  { name: 'teams', description: 'Teams, nested; who is in which team from a date.' },
  { name: 'staffing', description: 'Staffing requests across teams: ask, approve, propose someone else, decline, withdraw.' },
  { name: 'views', description: 'Saved views: a screen\'s address under a name, private or shared.' },
];

/**
 * Every operation's id, derived from its method and path so a generated client gets a stable name for
 * each method without routes spelling one out: the method, then each path word in turn (the `/api`
 * prefix dropped), a path parameter as `By<Name>`. `GET /api/engineers/:id/capacity` is
 * `getEngineersByIdCapacity`. A route may declare `schema.operationId` to name itself otherwise.
 */
export function operationIdFor(method: string, url: string): string {
  const pascal = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);
  const words = url
    .replace(/\((?:[^()]|\([^()]*\))*\)/g, '') // a parameter's pattern, as in `:token(^[a-z]{8}).ics`
    .split('/')
    .filter((segment) => segment !== '' && segment !== 'api')
    .flatMap((segment) => segment.split(/(?=[:{])|[.\-_]/))
    .filter((part) => part !== '')
    .map((part) => (/^[:{]/.test(part) ? `By${pascal(part.replace(/[:{}]/g, ''))}` : pascal(part.toLowerCase())));
  return `${method.toLowerCase()}${words.join('')}`;
}

type TransformInput = Parameters<typeof jsonSchemaTransform>[0];
type RouteSchema = { security?: unknown[]; response?: Record<string, unknown>; operationId?: string; hide?: boolean };

/**
 * The error answers an operation gives besides its own, documented on every operation that does not
 * already: any can fail on our side (500) or lose its database for a moment (503); one that needs a
 * token answers 401 without a good one and 403 to a role that may not; one with a rate limit answers 429.
 */
export function commonAnswers(options: { needsToken: boolean; rateLimited: boolean }): Record<string, unknown> {
  return {
    ...(options.needsToken ? { 401: errorResponses[401], 403: errorResponses[403] } : {}),
    ...(options.rateLimited ? { 429: errorBody.describe('RATE_LIMITED: too many calls from this client to this route; the message says when to try again') } : {}),
    500: errorBody.describe('INTERNAL: something failed on our side; the body carries no internals'),
    503: errorResponses[503],
  };
}

/** The zod transform, after giving each operation its id and its common answers. */
function transform(document: TransformInput) {
  const schema = document.schema as RouteSchema | undefined;
  if (!schema || schema.hide) return jsonSchemaTransform(document);
  const route = (document as { route?: { method: string | string[]; config?: { rateLimit?: unknown } } }).route;
  const method = [route?.method ?? 'get'].flat()[0]!;
  const own = schema.response ?? {};
  const common = commonAnswers({
    needsToken: !(Array.isArray(schema.security) && schema.security.length === 0),
    rateLimited: Boolean(route?.config?.rateLimit),
  });
  const missing = Object.fromEntries(Object.entries(common).filter(([status]) => !(status in own)));
  return jsonSchemaTransform({
    ...document,
    schema: { ...schema, operationId: schema.operationId ?? operationIdFor(method, document.url), response: { ...own, ...missing } },
  } as TransformInput);
}

/** OpenAPI generated from the same zod schemas the routes validate with, served at /docs. */
export default fp(async function openapi(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      info: { title: 'Capacity Planner API', version: '1.0.0', description: 'Event-sourced resource and capacity planning.' },
      tags: apiTags,
      components: {
        securitySchemes: { token: { type: 'apiKey', in: 'header', name: 'Authorization' } },
      },
      security: [{ token: [] }],
    },
    transform,
  });
  await app.register(swaggerUi, { routePrefix: '/docs' });
});
