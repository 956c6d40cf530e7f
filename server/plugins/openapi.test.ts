import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import openapi, { operationIdFor } from './openapi.ts';

describe('operationIdFor', () => {
  it.each([
    ['GET', '/api/engineers', 'getEngineers'],
    ['GET', '/api/engineers/:id', 'getEngineersById'],
    ['GET', '/api/engineers/{id}', 'getEngineersById'],
    ['PUT', '/api/engineers/:id/work-week', 'putEngineersByIdWorkWeek'],
    ['DELETE', '/api/engineers/:id/time-off/:timeOffId', 'deleteEngineersByIdTimeOffByTimeOffId'],
    ['POST', '/api/auth/logout-all', 'postAuthLogoutAll'],
    ['GET', '/api/export/time-off.csv', 'getExportTimeOffCsv'],
    ['GET', '/ical/:token(^[A-Za-z0-9_-]{43}).ics', 'getIcalByTokenIcs'],
    ['GET', '/ical/holidays/:calendarId(^[a-z0-9-]{1,100}).ics', 'getIcalHolidaysByCalendarIdIcs'],
  ])('%s %s is %s', (method, url, id) => {
    expect(operationIdFor(method, url)).toBe(id);
  });
});

describe('the OpenAPI document', () => {
  async function documentOf(register: (app: ReturnType<typeof Fastify>) => void) {
    const app = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    await app.register(openapi);
    register(app);
    await app.ready();
    const doc = (await app.inject({ method: 'GET', url: '/docs/json' })).json();
    await app.close();
    return doc as { tags: { name: string; description: string }[]; paths: Record<string, Record<string, { operationId: string; responses: Record<string, { description: string }> }>> };
  }

  it('gives each operation its derived id unless the route names its own', async () => {
    const doc = await documentOf((app) => {
      app.get('/api/things/:id', { schema: { tags: ['health'], params: z.object({ id: z.string() }), response: { 200: z.object({ id: z.string() }) } } }, async () => ({ id: 'x' }));
      app.post('/api/things', { schema: { tags: ['health'], operationId: 'makeThing', response: { 201: z.null() } } }, async () => null);
    });
    expect(doc.paths['/api/things/{id}']!.get!.operationId).toBe('getThingsById');
    expect(doc.paths['/api/things']!.post!.operationId).toBe('makeThing');
  });

  it('documents 401 and 403 where a token is needed, 429 where a rate limit applies, 500 and 503 everywhere; a route\'s own answer stays', async () => {
    const doc = await documentOf((app) => {
      app.get('/api/private', { schema: { tags: ['health'], response: { 200: z.null() } } }, async () => null);
      app.get('/api/public', { schema: { tags: ['health'], security: [], response: { 200: z.null() } } }, async () => null);
      app.post('/api/limited', {
        config: { rateLimit: { max: 5, timeWindow: '1 minute' } },
        schema: { tags: ['health'], security: [], response: { 200: z.null(), 401: z.object({ message: z.string() }).describe('Wrong password') } },
      }, async () => null);
    });
    const answers = (path: string, method: string) => Object.keys(doc.paths[path]![method]!.responses).sort();
    expect(answers('/api/private', 'get')).toEqual(['200', '401', '403', '500', '503']);
    expect(answers('/api/public', 'get')).toEqual(['200', '500', '503']);
    expect(answers('/api/limited', 'post')).toEqual(['200', '401', '429', '500', '503']);
    expect(doc.paths['/api/limited']!.post!.responses['401']!.description).toBe('Wrong password');
    expect(doc.paths['/api/limited']!.post!.responses['429']!.description).toMatch(/RATE_LIMITED/);
    expect(doc.tags.map((tag) => tag.name)).toContain('health');
    expect(doc.tags.every((tag) => tag.description.length > 0)).toBe(true);
  });
});
