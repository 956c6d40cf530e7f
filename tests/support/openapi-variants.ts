/**
 * Requests built from the OpenAPI document the app serves at /docs/json (generated from the routes'
 * zod schemas): for each operation one request filled from its schemas, and variants of it that each
 * break one thing: a field's type, size, encoding or date, a missing required field, the whole body,
 * a path id, a query value. Pure: the test that sends them (tests/faults/hostile-input.test.ts)
 * supplies the ids that exist and does the I/O.
 */
import { randomUUID } from 'node:crypto';

/** The part of JSON Schema (as @fastify/swagger writes it for OpenAPI 3.0) that the fill reads. */
export type JsonSchema = {
  type?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  oneOf?: JsonSchema[];
  anyOf?: JsonSchema[];
  allOf?: JsonSchema[];
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number | boolean;
  exclusiveMaximum?: number | boolean;
  minItems?: number;
  maxItems?: number;
  pattern?: string;
  format?: string;
  description?: string;
  nullable?: boolean;
};

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type Parameter = { in: string; name: string; required?: boolean; schema?: JsonSchema };

export type Operation = {
  method: Method;
  /** The path as the document writes it: /api/engineers/{id}. */
  path: string;
  parameters: Parameter[];
  body?: { schema: JsonSchema; required: boolean };
  /** Whether it asks for a token (an operation with `security: []` does not). */
  secured: boolean;
};

type OpenApiOperation = { parameters?: Parameter[]; requestBody?: { required?: boolean; content?: Record<string, { schema?: JsonSchema }> }; security?: unknown[] };
export type OpenApiDocument = { paths: Record<string, Record<string, OpenApiOperation>>; security?: unknown[] };

const methods = new Set<string>(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']);

/** Every operation of the document, in its order. */
export function operationsOf(doc: OpenApiDocument): Operation[] {
  return Object.entries(doc.paths).flatMap(([path, byMethod]) =>
    Object.entries(byMethod)
      .filter(([method]) => methods.has(method.toUpperCase()))
      .map(([method, op]): Operation => {
        const content = op.requestBody?.content ?? {};
        const schema = (content['application/json'] ?? Object.values(content)[0])?.schema;
        return {
          method: method.toUpperCase() as Method,
          path,
          parameters: op.parameters ?? [],
          body: schema ? { schema, required: op.requestBody?.required ?? false } : undefined,
          secured: (op.security ?? doc.security ?? []).length > 0,
        };
      }),
  );
}

/** Where ids come from: an id of the kind a field or path segment names ('engineer', 'timeOff'), if one exists. */
export type Ids = {
  of: (kind: string) => string | undefined;
  /** An existing id of a different kind: a real id in the wrong place. */
  otherThan: (kind: string) => string | undefined;
};

/** 'time-off' -> 'timeOff', 'engineers' -> 'engineer': the kind a collection's path segment names. */
export const kindOfSegment = (segment: string) => camelOf(segment).replace(/s$/, '');

/** 'time-off' -> 'timeOff': a path segment as the name of a property. */
export const camelOf = (segment: string) => segment.replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase());

/** The kind of id a field or parameter holds ('engineerId' -> 'engineer'), or null when it is no id. */
export const idKindOf = (name: string): string | null => (/^[a-z][A-Za-z]*Id$/.test(name) ? name.slice(0, -2) : null);

const isDateField = (name: string, schema: JsonSchema) =>
  /\bdate\b|YYYY-MM-DD|ISO 8601/i.test(schema.description ?? '') || /^(from|to|at|date|since|until)$|(Date|From|To)$/.test(name);
const isEndDate = (name: string) => /^(to|until)$|^end|End|To$/.test(name);

const DAY_MS = 86_400_000;
const today = Math.floor(Date.now() / DAY_MS) * DAY_MS;
const dateIn = (days: number) => new Date(today + days * DAY_MS).toISOString().slice(0, 10);

const firstOption = (schema: JsonSchema): JsonSchema => {
  const options = schema.oneOf ?? schema.anyOf;
  if (!options) return schema;
  return firstOption(options.find((option) => option.type !== 'null') ?? options[0]!);
};

const lowest = (schema: JsonSchema) =>
  schema.minimum ?? (typeof schema.exclusiveMinimum === 'number' ? schema.exclusiveMinimum + 1 : undefined);
const highest = (schema: JsonSchema) =>
  schema.maximum ?? (typeof schema.exclusiveMaximum === 'number' ? schema.exclusiveMaximum - 1 : undefined);

/** A value the schema accepts, with only the required properties of objects; `name` is the field's. */
export function validValue(schema: JsonSchema, name: string, ids: Ids, index = 0): unknown {
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return schema.enum.find((value) => value !== null) ?? schema.enum[0];
  if (schema.oneOf || schema.anyOf) return validValue(firstOption(schema), name, ids, index);
  if (schema.allOf) return validValue(Object.assign({}, ...schema.allOf) as JsonSchema, name, ids, index);
  switch (schema.type) {
    case 'string': {
      const kind = idKindOf(name);
      if (kind) return ids.of(kind) ?? randomUUID();
      if (isDateField(name, schema)) return isEndDate(name) ? dateIn(60) : dateIn(0);
      if (/email/i.test(name) || schema.format === 'email') return `hostile.${randomUUID().slice(0, 8)}@example.com`;
      const text = `Hostile input ${index + 1}`.padEnd(schema.minLength ?? 0, ' filler');
      return text.slice(0, schema.maxLength ?? text.length);
    }
    case 'integer':
    case 'number': {
      const preferred = Math.max(50, lowest(schema) ?? 0);
      return Math.min(preferred, highest(schema) ?? preferred);
    }
    case 'boolean':
      return true;
    case 'null':
      return null;
    case 'array': {
      const count = Math.max(1, schema.minItems ?? 0);
      return Array.from({ length: count }, (_, i) => validValue(schema.items ?? { type: 'string' }, name, ids, i));
    }
    default: {
      // 'object', or no type at all with properties.
      const object: Record<string, unknown> = {};
      for (const key of schema.required ?? []) {
        const property = schema.properties?.[key];
        if (property) object[key] = validValue(property, key, ids);
      }
      return object;
    }
  }
}

/** A body or query value that JSON.stringify cannot write (1e400 reads back as Infinity): spliced in as it is. */
class RawJson {
  constructor(readonly text: string) {}
}

const rawMarker = (index: number) => `\u0001raw${index}\u0001`;

/** JSON text of `value`, with each RawJson written as its own text. */
function jsonText(value: unknown): string {
  const raws: string[] = [];
  const text = JSON.stringify(value, (_key, inner: unknown) => {
    if (inner instanceof RawJson) {
      raws.push(inner.text);
      return rawMarker(raws.length - 1);
    }
    return inner;
  });
  return raws.reduce((all, raw, index) => all.replace(JSON.stringify(rawMarker(index)), raw), text ?? '');
}

/** One hostile value for a field, and what it is, for the report. */
type Hostile = { value: unknown; what: string };

const hugeText = (length: number) => 'x'.repeat(length);

/** Dates no calendar or database should take, and edges that they should. */
const hostileDates = [
  '0000-01-01', '0001-01-01', '1900-01-01', '9999-12-31', '10000-01-01', '-000001-01-01', '+002026-01-01', '2026-02-30', '2025-02-29',
  '2026-13-01', '2026-00-10', '2026-1-1', '26-01-01', '2026-01-01T25:00:00Z', '2026-01-01T00:00:00+99:00', '9999-12-31T23:59:59-14:00',
  '0001-01-01T00:00:00+14:00', '2026-01-01T00:00:00.1234567890Z', '1e400', 'today', 'NaN',
];

/** Names every plain JavaScript object answers to: an id looked up in an object keyed by ids must not find them. */
const prototypeKeys = ['__proto__', 'constructor', 'hasOwnProperty'];

/** Text that is no plain word: control characters, broken UTF-16, direction overrides, look-alikes, markup, SQL. */
const hostileTexts = [
  'a\u0000b', '\ud800', 'b\udc00a', 'a\u202Eb', '\uFEFF', '\u200B', '\u0007\u001b[31m', '\r\n', '   ', '🙂', 'e\u0301',
  "'; drop table events; --", '<script>alert(1)</script>', '${7*7}', '%00', '../../etc/passwd',
];

function hostileValues(schema: JsonSchema, name: string, ids: Ids): Hostile[] {
  const s = firstOption(schema);
  const wrongTypes: Hostile[] = [
    { value: null, what: 'null' },
    { value: s.type === 'string' ? 42 : 'text', what: 'wrong type' },
    { value: s.type === 'array' ? {} : [], what: 'wrong type (array)' },
    { value: s.type === 'object' ? 'text' : {}, what: 'wrong type (object)' },
  ];
  if (s.enum) {
    return [...wrongTypes, { value: 'bogus', what: 'not one of the values' }, { value: String(s.enum[0]).toUpperCase(), what: 'upper-cased value' }, { value: '', what: 'empty' }];
  }
  switch (s.type) {
    case 'string': {
      const out: Hostile[] = [
        ...wrongTypes,
        { value: true, what: 'boolean' },
        { value: '', what: 'empty' },
        { value: hugeText((s.maxLength ?? 100_000) + 1), what: `longer than ${s.maxLength ?? 'any limit'}` },
        { value: '🙂'.repeat(s.maxLength ?? 1000), what: 'astral characters up to the limit' },
        ...hostileTexts.map((value) => ({ value, what: `text ${JSON.stringify(value)}` })),
      ];
      const kind = idKindOf(name);
      if (kind) {
        out.push({ value: randomUUID(), what: 'an id that does not exist' }, ...prototypeKeys.map((value) => ({ value, what: `the id ${value}` })));
        const other = ids.otherThan(kind);
        if (other) out.push({ value: other, what: 'an id of another kind' });
      }
      if (isDateField(name, s)) out.push(...hostileDates.map((value) => ({ value, what: `date ${value}` })));
      return out;
    }
    case 'integer':
    case 'number':
      return [
        ...wrongTypes,
        { value: '12', what: 'number as text' },
        { value: true, what: 'boolean' },
        { value: (highest(s) ?? 2 ** 31) + 1, what: 'above the maximum' },
        { value: (lowest(s) ?? 0) - 1, what: 'below the minimum' },
        { value: 1.5, what: 'fraction' },
        { value: -0, what: 'minus zero' },
        { value: 2 ** 31, what: '2^31' },
        { value: 2 ** 53 + 2, what: 'beyond 2^53' },
        { value: 1e308, what: '1e308' },
        { value: new RawJson('1e400'), what: '1e400 (Infinity)' },
        { value: new RawJson('-1e400'), what: '-1e400 (-Infinity)' },
        { value: new RawJson('1e-400'), what: '1e-400' },
      ];
    case 'boolean':
      return [...wrongTypes, { value: 'true', what: 'boolean as text' }, { value: 1, what: 'number' }];
    case 'array':
      return [
        ...wrongTypes,
        { value: [], what: 'empty array' },
        { value: [null], what: 'array of null' },
        { value: [[]], what: 'nested array' },
        { value: Array.from({ length: (s.maxItems ?? 10_000) + 1 }, (_, i) => `item ${i}`), what: `more than ${s.maxItems ?? 10_000} items` },
        { value: Array.from({ length: 3 }, () => validValue(s.items ?? {}, name, ids)), what: 'the same item three times' },
      ];
    default:
      return [...wrongTypes, { value: {}, what: 'empty object' }];
  }
}

/** A request to send: `url` is already percent-encoded, hostile encodings included. */
export type HostileRequest = {
  method: Method;
  url: string;
  body?: { text: string | Uint8Array<ArrayBuffer>; contentType?: string };
  /** What is broken in it ('valid' for the filled request), for the report. */
  what: string;
  /** Its path names an id nothing has (a new UUID, '__proto__', 'constructor'): whatever it asks, it cannot succeed. */
  madeUpId?: boolean;
};

type Fill = { path: Record<string, string>; query: [string, string][]; body: unknown; bodyIsText: boolean };

const encode = (value: unknown) => encodeURIComponent(String(value));

/** In `Fill.query`: the parameter's name alone, without `=`. */
const BARE = '\u0000bare';

function urlOf(op: Operation, fill: Fill): string {
  const path = op.path.replace(/\{([^}]+)\}/g, (_, name: string) => fill.path[name] ?? 'missing');
  const query = fill.query.map(([name, value]) => (value === BARE ? name : `${name}=${value}`)).join('&');
  return query ? `${path}?${query}` : path;
}

function requestOf(op: Operation, fill: Fill, what: string): HostileRequest {
  const body =
    fill.body === undefined
      ? undefined
      : fill.bodyIsText && typeof fill.body === 'string'
        ? { text: fill.body, contentType: 'text/plain' }
        : { text: jsonText(fill.body), contentType: 'application/json' };
  return { method: op.method, url: urlOf(op, fill), body, what };
}

/** The same object with `value` at `path` (undefined: without that property). */
function withAt(root: unknown, path: (string | number)[], value: unknown): unknown {
  if (path.length === 0) return value;
  const [head, ...rest] = path;
  const copy = (Array.isArray(root) ? [...(root as unknown[])] : { ...(root as object) }) as Record<string | number, unknown>;
  const next = withAt(copy[head!], rest, value);
  if (next === undefined) delete copy[head!];
  else copy[head!] = next;
  return copy;
}

/** Every property of a body schema to break, down to `depth`: its path, its schema, its name, whether it is required. */
function fieldsOf(schema: JsonSchema, valid: unknown, depth = 4, path: (string | number)[] = []): { path: (string | number)[]; schema: JsonSchema; name: string; required: boolean }[] {
  const s = firstOption(schema);
  if (depth === 0) return [];
  if (s.type === 'array' && s.items && Array.isArray(valid) && valid.length > 0) {
    const item = firstOption(s.items);
    return item.type === 'object' || item.properties ? fieldsOf(item, valid[0], depth - 1, [...path, 0]) : [];
  }
  if (!s.properties || typeof valid !== 'object' || valid === null) return [];
  return Object.entries(s.properties).flatMap(([name, property]) => [
    { path: [...path, name], schema: property, name, required: (s.required ?? []).includes(name) },
    ...fieldsOf(property, (valid as Record<string, unknown>)[name], depth - 1, [...path, name]),
  ]);
}

/** Alternatives of a oneOf/anyOf inside the body (a scenario's command kinds): each one filled, as valid requests. */
function alternativesOf(schema: JsonSchema, ids: Ids, depth = 4, path: (string | number)[] = [], name = ''): { path: (string | number)[]; value: unknown }[] {
  if (depth === 0) return [];
  const options = schema.oneOf ?? schema.anyOf;
  if (options && options.length > 1) return options.slice(1).map((option) => ({ path, value: validValue(option, name, ids) }));
  const s = firstOption(schema);
  return Object.entries(s.properties ?? {}).flatMap(([key, property]) => alternativesOf(property, ids, depth - 1, [...path, key], key));
}

/** Hostile raw values for a query parameter or a path id, already as they go in the URL. */
const hostileUrlValues = (schema: JsonSchema | undefined, name: string, ids: Ids, where: 'query' | 'path'): { raw: string; what: string; madeUp?: boolean }[] => {
  const s = firstOption(schema ?? { type: 'string' });
  const out = [
    { raw: '%00', what: 'NUL' },
    { raw: '%ff', what: 'a byte that is not UTF-8' },
    { raw: '%C0%80', what: 'overlong UTF-8' },
    { raw: '%ED%A0%80', what: 'UTF-8 of a lone surrogate' },
    { raw: '%zz', what: 'a broken percent escape' },
    { raw: '%', what: 'a lone percent' },
    { raw: '%E2%80%AE', what: 'a right-to-left override' },
    { raw: '%F0%9F%99%82', what: 'an emoji' },
    { raw: '%20', what: 'a space' },
    { raw: hugeText((s.maxLength ?? 4000) + 1), what: `longer than ${s.maxLength ?? 4000}` },
    // Past the 16 kB of request line and headers the server reads: refused before any route runs.
    { raw: hugeText(20_000), what: 'past the 16 kB limit of a request line' },
    { raw: encode("' or 1=1 --"), what: 'SQL' },
    ...prototypeKeys.map((key) => ({ raw: key, what: key, madeUp: true })),
  ];
  if (where === 'path') {
    out.push({ raw: encode(randomUUID()), what: 'an id that does not exist', madeUp: true }, { raw: '..%2F..%2Fetc', what: 'an encoded path' }, { raw: '-1', what: '-1' });
    const kind = name === 'id' ? null : idKindOf(name);
    const other = ids.otherThan(kind ?? '');
    if (other) out.push({ raw: encode(other), what: 'an id of another kind' });
  } else {
    out.push({ raw: '', what: 'empty' }, { raw: BARE, what: 'no value at all' });
  }
  if (s.enum) out.push({ raw: 'bogus', what: 'not one of the values' });
  if (s.type === 'integer' || s.type === 'number') {
    for (const raw of ['abc', '-1', '1.5', '1e400', 'NaN', 'Infinity', '0x10', '9'.repeat(400), String((highest(s) ?? 2 ** 31) + 1)]) out.push({ raw, what: `number ${raw.slice(0, 20)}` });
  }
  if (s.type === 'boolean' || (schema?.anyOf ?? []).some((option) => option.type === 'boolean')) out.push({ raw: 'yes', what: 'yes' }, { raw: 'TRUE', what: 'TRUE' });
  if (idKindOf(name)) out.push({ raw: encode(randomUUID()), what: 'an id that does not exist' });
  if (isDateField(name, s)) out.push(...hostileDates.map((date) => ({ raw: encode(date), what: `date ${date}` })));
  return out;
};

const wholeBodies = (valid: string): { body?: HostileRequest['body']; what: string }[] => [
  { body: undefined, what: 'no body' },
  { body: { text: '', contentType: 'application/json' }, what: 'empty JSON body' },
  ...['{', '{"a":', 'null', '[]', '42', '"text"', 'true', '{}', '{"a":1}{"b":2}'].map((text) => ({ body: { text, contentType: 'application/json' }, what: `body ${text}` })),
  { body: { text: '{"__proto__":{"polluted":true}}', contentType: 'application/json' }, what: 'a __proto__ key' },
  { body: { text: '{"constructor":{"prototype":{"polluted":true}}}', contentType: 'application/json' }, what: 'a constructor.prototype key' },
  { body: { text: `${'['.repeat(100_000)}${']'.repeat(100_000)}`, contentType: 'application/json' }, what: 'arrays nested 100,000 deep' },
  { body: { text: `{"a":"${'x'.repeat(1_100_000)}"}`, contentType: 'application/json' }, what: 'over the body limit' },
  { body: { text: `\uFEFF${valid}`, contentType: 'application/json' }, what: 'a byte order mark first' },
  { body: { text: new Uint8Array([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0xc0, 0x80, 0x22, 0x7d]), contentType: 'application/json' }, what: 'bytes that are not UTF-8' },
  { body: { text: valid, contentType: 'text/plain' }, what: 'the body as text/plain' },
  { body: { text: 'a=b&c=d', contentType: 'application/x-www-form-urlencoded' }, what: 'a form' },
  { body: { text: valid, contentType: 'application/json; charset=utf-16' }, what: 'a charset it is not in' },
  { body: { text: valid, contentType: 'application/jsonx' }, what: 'a made-up content type' },
  // As bytes: fetch would label a string text/plain.
  { body: { text: new TextEncoder().encode(valid) }, what: 'no content type' },
];

/**
 * The filled request and every variant of it. Optional properties and query parameters are left out
 * of the filled request, and `version` fields with them (a wrong version only makes a write a 409
 * before its input is looked at); each is then sent alone, broken.
 */
export function requestsFor(op: Operation, ids: Ids, pathValues: Record<string, string>): HostileRequest[] {
  const queryParameters = op.parameters.filter((p) => p.in === 'query');
  const pathParameters = op.parameters.filter((p) => p.in === 'path');
  const body = op.body ? validValue(op.body.schema, 'body', ids) : undefined;
  const base: Fill = {
    path: Object.fromEntries(Object.entries(pathValues).map(([name, value]) => [name, encode(value)])),
    query: queryParameters.filter((p) => p.required).map((p) => [p.name, encode(validValue(p.schema ?? { type: 'string' }, p.name, ids))]),
    body,
    bodyIsText: op.body !== undefined && firstOption(op.body.schema).type === 'string',
  };
  const requests: HostileRequest[] = [requestOf(op, base, 'valid')];
  const add = (fill: Partial<Fill>, what: string) => requests.push(requestOf(op, { ...base, ...fill }, what));

  for (const p of pathParameters) {
    for (const { raw, what, madeUp } of hostileUrlValues(p.schema, p.name, ids, 'path')) {
      const request = requestOf(op, { ...base, path: { ...base.path, [p.name]: raw } }, `path ${p.name}: ${what}`);
      requests.push(madeUp ? { ...request, madeUpId: true } : request);
    }
  }
  for (const p of queryParameters) {
    const others = base.query.filter(([name]) => name !== p.name);
    for (const { raw, what } of hostileUrlValues(p.schema, p.name, ids, 'query')) add({ query: [...others, [p.name, raw]] }, `query ${p.name}: ${what}`);
    const valid = encode(validValue(p.schema ?? { type: 'string' }, p.name, ids));
    add({ query: [...others, [p.name, valid], [p.name, valid]] }, `query ${p.name}: twice`);
    if (p.required) add({ query: others }, `query ${p.name}: missing`);
  }
  if (queryParameters.length > 0 || op.method === 'GET') {
    add({ query: [...base.query, ['__proto__[polluted]', 'x'], ['constructor[prototype][polluted]', 'x'], ['unknown', 'x']] }, 'query: unknown and prototype keys');
  }

  if (op.body) {
    const valid = base.bodyIsText ? String(body) : jsonText(body);
    for (const whole of wholeBodies(valid)) requests.push({ method: op.method, url: urlOf(op, base), body: whole.body, what: `whole body: ${whole.what}` });
    if (base.bodyIsText) {
      for (const text of ['', '\u0000', hugeText(100_000), '\ud800', 'a,b\n"unclosed', '\uFEFFa,b\n1,2', ',,,,\n,,,,', `${'x,'.repeat(5000)}\n`]) {
        requests.push({ method: op.method, url: urlOf(op, base), body: { text, contentType: 'text/plain' }, what: `text body ${JSON.stringify(text.slice(0, 20))}` });
      }
    }
    for (const field of fieldsOf(op.body.schema, body)) {
      const label = field.path.join('.');
      if (field.required) add({ body: withAt(body, field.path, undefined) }, `body ${label}: missing`);
      for (const { value, what } of hostileValues(field.schema, field.name, ids)) add({ body: withAt(body, field.path, value) }, `body ${label}: ${what}`);
    }
    for (const alternative of alternativesOf(op.body.schema, ids)) add({ body: withAt(body, alternative.path, alternative.value) }, `body ${alternative.path.join('.')}: another alternative`);
    if (typeof body === 'object' && body !== null && !Array.isArray(body)) add({ body: { ...body, unexpected: 'x' } }, 'body: an unknown property');
  }
  return requests;
}
