/**
 * A generated barrage of malformed requests on every write endpoint: lone surrogates, huge and odd
 * dates, wrong types, nulls, deep objects, oversized values, broken JSON, odd ids and headers. Every
 * request carries at least one invalid part, so each must be refused with a 4xx (never a 5xx, never a
 * 2xx) and append nothing. Reproducible: FUZZ_SEED picks the sequence, FUZZ_REQUESTS the count per
 * endpoint (default 1,000).
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { random } from '../../server/seed/generate.ts';
import { validAssignmentPayload, validEngineerPayload, validProjectPayload } from '../support/api-helpers.ts';
import { demo, startTestApp, type TestApp } from '../support/app.ts';
import { signInAll, type Who } from '../support/planning-helpers.ts';

const SEED = Number(process.env.FUZZ_SEED ?? 20_261_122);
const PER_ENDPOINT = Number(process.env.FUZZ_REQUESTS ?? 1_000);

type Method = 'POST' | 'PUT' | 'PATCH' | 'DELETE';
type Kind = 'text' | 'optionalText' | 'date' | 'int' | 'version' | 'number' | 'textList' | 'enum' | 'email' | 'url' | 'password';
/** What one generated request is made of: the valid request it starts from, and the fields it may break. */
type Endpoint = {
  name: string;
  method: Method;
  url: () => string;
  /** A URL for an id that is itself malformed or unknown, when the route has one. */
  badIdUrl?: (id: string) => string;
  valid: () => Record<string, unknown>;
  fields: Record<string, Kind>;
  /** Sent with every request unless the generator breaks it: the version an edit was made against. */
  ifMatch?: () => string;
  token: () => string;
};

let t: TestApp;
let tokens: Record<Who, string>;
let ids: { engineer: string; project: string; assignment: string; versions: Record<string, number> };

beforeAll(async () => {
  t = await startTestApp({ loginRateLimit: 1_000_000 });
  ({ tokens } = await signInAll(t));
  const get = async (url: string) => (await t.request({ method: 'GET', url, token: tokens.manager })).json();
  const engineer = (await get('/api/engineers'))[0];
  const project = (await get('/api/projects')).find((p: { status: string }) => p.status !== 'completed');
  const assignment = (await get('/api/assignments'))[0];
  ids = {
    engineer: engineer._id, project: project._id, assignment: assignment._id,
    versions: { engineer: engineer.version, project: project.version, assignment: assignment.version },
  };
});

afterAll(async () => {
  await t?.close();
});

type Random = ReturnType<typeof random>;

const pad = (value: number, width: number) => String(Math.abs(value)).padStart(width, '0');

/** A string with one half of a UTF-16 pair alone somewhere in it. */
function loneSurrogate(r: Random): string {
  const text = r.pick(['', 'Atlas', 'Backend Engineer', 'TypeScript', 'a'.repeat(r.int(1, 80)), '\ud83d\ude80 launch']);
  const lone = String.fromCharCode(r.int(0xd800, 0xdfff));
  const at = r.int(0, text.length);
  // Never right after a high or before a low surrogate of the text: that would make a valid pair.
  const safe = /[\ud800-\udbff]$/.test(text.slice(0, at)) || /^[\udc00-\udfff]/.test(text.slice(at)) ? text.length : at;
  return `${text.slice(0, safe)}${lone}${text.slice(safe)}`;
}

/** A date that is out of years 1-9999, does not exist, or is not written as ISO 8601. */
function oddDate(r: Random): string {
  const time = r.pick(['', 'T00:00:00Z', 'T12:30:00.000Z', 'T23:59:59.999+05:30']);
  switch (r.int(0, 5)) {
    case 0: // beyond four digits or negative: what Date.parse takes and PostgreSQL refuses
      return `${r.pick(['+', '-'])}${pad(r.int(10_000, 275_760), 6)}-${pad(r.int(1, 12), 2)}-${pad(r.int(1, 28), 2)}${time || 'T00:00:00Z'}`;
    case 1:
      return `0000-${pad(r.int(1, 12), 2)}-${pad(r.int(1, 28), 2)}${time}`;
    case 2: // a day the month does not have
      return `${pad(r.int(1, 9999), 4)}-${r.pick(['02-30', '02-31', '04-31', '06-31', '09-31', '11-31', '01-32', '13-01', '00-10', '05-00'])}${time}`;
    case 3: // a time that does not exist, or no zone
      return `2026-01-${pad(r.int(1, 28), 2)}T${r.pick(['24:00:00Z', '10:60:00Z', '10:00:61Z', '10:00:00', '10:00:00+25:00', '10:00:00.Z', '10Z'])}`;
    case 4:
      return r.pick(['x 1', '', ' ', 'yesterday', '1/6/2026', 'Tue, 06 Jan 2026 10:00:00 GMT', '1767693600000', '2026', '2026-1-5', '2026-01-06 10:00:00Z', ' 2026-01-06', 'NaN', 'Infinity']);
    default:
      return `${pad(r.int(1, 9999), 4)}-${pad(r.int(1, 12), 2)}-${pad(r.int(1, 28), 2)}${time}${loneSurrogate(r)}`;
  }
}

/** An object or array nested thousands deep. */
function deep(r: Random, asArray = r.next() < 0.5): unknown {
  let value: unknown = r.pick(['x', 1, null, loneSurrogate(r)]);
  for (let depth = r.int(20, 3_000); depth > 0; depth -= 1) value = asArray ? [value] : { a: value };
  return value;
}

// No empty array here: it is a valid skill list.
const wrongTypes = (r: Random): unknown[] => [null, true, false, {}, { $gt: '' }, deep(r), [[['nested']]]];

/** A value that `kind` never accepts. */
function badValue(kind: Kind, r: Random): unknown {
  const typeless = () => r.pick(wrongTypes(r));
  switch (kind) {
    case 'text': // required text with a length limit
      return r.pick([loneSurrogate(r), loneSurrogate(r), 42, typeless(), [], 'x'.repeat(r.int(501, 20_000)), '   ']);
    case 'optionalText': // text any length of which is valid
      return r.pick([loneSurrogate(r), loneSurrogate(r), 42, typeless(), []]);
    case 'date':
      return r.pick([oddDate(r), oddDate(r), oddDate(r), 1767693600000, typeless()]);
    case 'int': // a count between 1 and 20 or 100
      return r.pick([0, -1, 0.5, 1.5, 101, 1_000_000, 1e308, -1e308, 2 ** 53 + 2, '5', '', 'NaN', typeless(), loneSurrogate(r)]);
    case 'version': // any whole number from 0 is a version
      return r.pick([-1, 0.5, -0.0001, 1e308, 2 ** 53 + 2, '1', '', typeless(), loneSurrogate(r)]);
    case 'number':
      return r.pick([0, -5, 100.5, 1e308, '50', typeless(), loneSurrogate(r)]);
    case 'textList':
      return r.pick([[loneSurrogate(r)], ['Go', loneSurrogate(r)], [1, 2], [null], [['TypeScript']], 'TypeScript', [{}], typeless()]);
    case 'enum':
      return r.pick(['PLANNING', 'archived', '', loneSurrogate(r), 3, typeless(), []]);
    case 'email':
      return r.pick(['not-an-email', '@demo.test', `${loneSurrogate(r)}@demo.test`, 'a@b', 7, typeless()]);
    case 'url':
      return r.pick(['javascript:alert(1)', 'data:text/html,<script>alert(1)</script>', 'ftp://example.com/a.png', '//example.com/a', `https://example.com/${loneSurrogate(r)}`, 'x'.repeat(3_000), 5, typeless()]);
    case 'password':
      return r.pick(['short', `${loneSurrogate(r)}-long-enough`, 12345678, typeless()]);
  }
}

const versionOf = (entity: string) => () => `"${ids.versions[entity]}"`;

const endpoints: Endpoint[] = [
  {
    name: 'POST /api/projects', method: 'POST', url: () => '/api/projects', valid: () => validProjectPayload(), token: () => tokens.manager,
    fields: { name: 'text', description: 'text', startDate: 'date', endDate: 'date', teamSize: 'int', requiredSkills: 'textList', status: 'enum', managerId: 'optionalText' },
  },
  {
    name: 'PATCH /api/projects/:id', method: 'PATCH', url: () => `/api/projects/${ids.project}`, badIdUrl: (id) => `/api/projects/${id}`,
    valid: () => ({ name: 'Renamed' }), ifMatch: versionOf('project'), token: () => tokens.manager,
    fields: { name: 'text', description: 'text', startDate: 'date', endDate: 'date', teamSize: 'int', requiredSkills: 'textList', status: 'enum', version: 'version' },
  },
  {
    name: 'POST /api/assignments', method: 'POST', url: () => '/api/assignments', valid: () => validAssignmentPayload(ids.engineer, ids.project), token: () => tokens.manager,
    fields: { engineerId: 'text', projectId: 'text', role: 'text', allocationPercentage: 'number', startDate: 'date', endDate: 'date' },
  },
  {
    name: 'PUT /api/assignments/:id', method: 'PUT', url: () => `/api/assignments/${ids.assignment}`, badIdUrl: (id) => `/api/assignments/${id}`,
    valid: () => ({ role: 'Dev', allocationPercentage: 10, startDate: '2026-01-01', endDate: '2026-02-01' }), ifMatch: versionOf('assignment'), token: () => tokens.manager,
    fields: { role: 'text', allocationPercentage: 'number', startDate: 'date', endDate: 'date', version: 'version' },
  },
  {
    name: 'PATCH /api/assignments/:id', method: 'PATCH', url: () => `/api/assignments/${ids.assignment}`, badIdUrl: (id) => `/api/assignments/${id}`,
    valid: () => ({ allocationPercentage: 20 }), ifMatch: versionOf('assignment'), token: () => tokens.manager,
    fields: { role: 'text', allocationPercentage: 'number', startDate: 'date', endDate: 'date', version: 'version' },
  },
  {
    name: 'DELETE /api/assignments/:id', method: 'DELETE', url: () => `/api/assignments/${ids.assignment}`, badIdUrl: (id) => `/api/assignments/${id}`,
    valid: () => ({}), token: () => tokens.manager,
    fields: { version: 'version' },
  },
  {
    name: 'POST /api/engineers', method: 'POST', url: () => '/api/engineers', valid: () => validEngineerPayload(), token: () => tokens.manager,
    fields: { name: 'text', email: 'email', department: 'optionalText', avatar: 'url', skills: 'textList', seniority: 'enum', maxCapacity: 'int', password: 'password' },
  },
  {
    name: 'PATCH /api/engineers/:id', method: 'PATCH', url: () => `/api/engineers/${ids.engineer}`, badIdUrl: (id) => `/api/engineers/${id}`,
    valid: () => ({ skills: ['Go'] }), ifMatch: versionOf('engineer'), token: () => tokens.manager,
    fields: { name: 'text', department: 'optionalText', avatar: 'url', skills: 'textList', seniority: 'enum', maxCapacity: 'int', version: 'version' },
  },
  {
    name: 'POST /api/auth/login', method: 'POST', url: () => '/api/auth/login', valid: () => ({ email: demo.manager, password: 'demo1234' }), token: () => '',
    fields: { email: 'optionalText', password: 'optionalText' },
  },
];

type Generated = { url: string; headers: Record<string, string>; payload?: string; what: string };

/** One request with at least one broken part. */
function generate(endpoint: Endpoint, r: Random): Generated {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  const token = endpoint.token();
  if (token) headers.authorization = token;
  if (endpoint.ifMatch) headers['if-match'] = endpoint.ifMatch();
  let url = endpoint.url();
  const body = endpoint.valid();
  const broken: string[] = [];

  const breakField = () => {
    const field = r.pick(Object.keys(endpoint.fields));
    body[field] = badValue(endpoint.fields[field]!, r);
    broken.push(field);
  };
  const roll = r.next();
  if (endpoint.method === 'DELETE') {
    // Nothing in a DELETE may be valid at once: either the version is broken or missing, or the id or header is.
    const choice = r.int(0, 3);
    if (choice === 0) breakField();
    else if (choice === 1) headers['if-match'] = r.pick(['abc', '"-1"', 'W/"x"', '"1.5"', '', '9'.repeat(400)]);
    else if (choice === 2) url = endpoint.badIdUrl!(r.pick(['%ED%A0%80', 'x'.repeat(101), '00000000-0000-7000-8000-000000000000', '..%2F..%2Fetc', '%00']));
    broken.push(['version', 'if-match', 'id', 'no version'][choice]!);
  } else if (roll < 0.7) {
    for (let n = r.int(1, 3); n > 0; n -= 1) breakField();
    if (r.next() < 0.2) body[loneSurrogate(r)] = deep(r); // unknown keys are dropped, never the cause
  } else if (roll < 0.8) {
    // (Not a deep object: its unknown keys would be dropped, leaving an empty edit, which is valid.)
    const whole = r.pick<unknown>([null, [], [body], 'a string', 42, true, deep(r, true), loneSurrogate(r)]);
    return { url, headers, payload: JSON.stringify(whole), what: 'body is not an object' };
  } else if (roll < 0.9) {
    const text = JSON.stringify(body);
    const payload = r.pick([
      text.slice(0, r.int(0, text.length - 1)), `${text}}`, text.replace(/"/, "'"), `{"__proto__":{"role":"manager"},${text.slice(1)}`,
      `{"constructor":{"prototype":{"x":1}},${text.slice(1)}`, text.replace(/^\{/, '{"x": NaN, '), `${text.slice(0, -1)},"${r.pick(Object.keys(endpoint.fields))}":1e400}`, '',
    ]);
    return { url, headers, payload, what: 'broken JSON' };
  } else if (roll < 0.95 && endpoint.badIdUrl) {
    url = endpoint.badIdUrl(r.pick(['%ED%A0%80', 'x'.repeat(101), '%F0%28%8C%28', '00000000-0000-7000-8000-000000000000']));
    breakField();
    broken.push('id');
  } else {
    breakField();
    const header = r.pick(['content-type', 'if-match', 'idempotency-key', 'size']);
    if (header === 'content-type') headers['content-type'] = r.pick(['text/plain', 'application/x-www-form-urlencoded', 'application/json; charset=utf-16']);
    else if (header === 'if-match' && endpoint.ifMatch) headers['if-match'] = r.pick(['abc', '"-1"', '']);
    else if (header === 'idempotency-key') headers['idempotency-key'] = 'k'.repeat(r.int(201, 2_000));
    else return { url, headers, payload: JSON.stringify({ ...body, pad: 'x'.repeat(1_100_000) }), what: 'over 1 MB' };
    broken.push(header);
  }
  return { url, headers, payload: JSON.stringify(body), what: broken.join(', ') };
}

const eventCount = async () => Number((await sql<{ n: number }>`select count(*)::int as n from events`.execute(t.app.db)).rows[0]!.n);

describe(`malformed requests, ${PER_ENDPOINT} per write endpoint (seed ${SEED})`, () => {
  const table: Record<string, { requests: number; '2xx': number; '4xx': number; '5xx': number; ms: number }> = {};

  afterAll(() => {
    console.log(`malformed-input run, seed ${SEED}:`);
    console.table(table);
    const total = Object.values(table).reduce((sum, row) => ({ requests: sum.requests + row.requests, '4xx': sum['4xx'] + row['4xx'], '5xx': sum['5xx'] + row['5xx'] }), { requests: 0, '4xx': 0, '5xx': 0 });
    console.log(`total: ${total.requests} requests, ${total['4xx']} answered 4xx, ${total['5xx']} answered 5xx`);
  });

  it.each(endpoints.map((endpoint, index) => [endpoint.name, endpoint, index] as const))('%s: every one a 4xx, nothing written', async (_name, endpoint, index) => {
    const r = random(SEED + index);
    const row = { requests: 0, '2xx': 0, '4xx': 0, '5xx': 0, ms: 0 };
    table[endpoint.name] = row;
    const started = Date.now();
    const failures: string[] = [];
    const before = await eventCount();
    for (let i = 0; i < PER_ENDPOINT; i += 1) {
      const request = generate(endpoint, r);
      const response = await t.app.inject({ method: endpoint.method, url: request.url, headers: request.headers, payload: request.payload });
      row.requests += 1;
      const status = response.statusCode;
      const bucket = status >= 500 ? '5xx' : status >= 400 ? '4xx' : '2xx';
      row[bucket] += 1;
      const describeIt = () => `#${i} ${status} (${request.what}) ${request.url} ${(request.payload ?? '').slice(0, 200)} -> ${response.body.slice(0, 200)}`;
      if (bucket !== '4xx') failures.push(describeIt());
      else if (!response.headers['content-type']?.toString().startsWith('application/json')) failures.push(`not JSON: ${describeIt()}`);
      // Counting after every request would double the run's time; every 100 still says where to look.
      if (i % 100 === 99 && (await eventCount()) !== before) failures.push(`appended events by request #${i} or the 99 before it`);
      if (failures.length > 5) break;
    }
    row.ms = Date.now() - started;
    expect(failures).toEqual([]);
    expect(row.requests).toBe(PER_ENDPOINT);
    expect(await eventCount()).toBe(before);
  });
});
