import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { chooseLogFormat, loggerOptions, OneRecordPerRequest, readableLine } from './log-format.ts';

describe('chooseLogFormat', () => {
  it.each([
    [undefined, true, 'pretty'],
    [undefined, false, 'json'],
    [undefined, undefined, 'json'],
    ['json', true, 'json'],
    ['pretty', false, 'pretty'],
  ] as const)('LOG_FORMAT %s, stdout a terminal: %s -> %s', (requested, terminal, format) => {
    expect(chooseLogFormat(requested, terminal)).toBe(format);
  });

  it('LOG_FORMAT is read from the environment, and anything but json or pretty refused with its name', () => {
    expect(loadConfig({}).logFormat).toBeUndefined();
    expect(loadConfig({ LOG_FORMAT: 'json' }).logFormat).toBe('json');
    expect(loadConfig({ LOG_FORMAT: 'pretty' }).logFormat).toBe('pretty');
    expect(() => loadConfig({ LOG_FORMAT: 'yaml' })).toThrow(/LOG_FORMAT: LOG_FORMAT must be json or pretty/);
  });
});

describe('readableLine', () => {
  const at = new Date(2026, 11, 7, 9, 5, 3, 42).getTime();

  it('writes a request as its method, path, status and time', () => {
    const line = readableLine({ level: 30, time: at, msg: 'request completed', reqId: 'req-1', req: { method: 'GET', url: '/api/engineers' }, res: { statusCode: 200 }, responseTime: 12.4 }, false);
    expect(line).toBe('09:05:03.042 INFO  GET /api/engineers 200 12 ms\n');
  });

  it('writes an event as its message, then its error and other fields', () => {
    expect(readableLine({ level: 40, time: at, msg: 'database unavailable', err: { type: 'Error', message: 'connect ECONNREFUSED' }, attempt: 2 }, false))
      .toBe('09:05:03.042 WARN  database unavailable Error: connect ECONNREFUSED attempt=2\n');
    expect(readableLine({ level: 30, time: at, msg: 'wrote 2 plan snapshot(s)', pid: 7, hostname: 'h' }, false)).toBe('09:05:03.042 INFO  wrote 2 plan snapshot(s)\n');
  });

  it('follows an error\'s line with its stack, and colours the level at a terminal', () => {
    const line = readableLine({ level: 50, time: at, msg: 'unhandled error', err: { type: 'TypeError', message: 'x is undefined', stack: 'TypeError: x is undefined\n    at f (a.ts:1:1)' } }, true);
    expect(line).toContain('\u001b[31mERROR\u001b[0m');
    expect(line.split('\n')).toHaveLength(3);
    expect(line).toMatch(/\n {4}at f \(a\.ts:1:1\)\n$/);
  });
});

describe('a server\'s log', () => {
  async function logOf(format: 'json' | 'pretty') {
    const written: string[] = [];
    const app = Fastify({ logger: loggerOptions('info', format, { write: (text: string) => written.push(text) }), logController: new OneRecordPerRequest() });
    app.get('/api/hello', async (request) => {
      request.log.warn('a thing worth saying');
      return { hello: 'world' };
    });
    await app.ready();
    expect((await app.inject({ method: 'GET', url: '/api/hello?x=1' })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/nowhere' })).statusCode).toBe(404);
    await app.close();
    return written;
  }

  it('is one readable line per request and per event at a terminal', async () => {
    const lines = await logOf('pretty');
    expect(lines).toHaveLength(3);
    expect(lines[0]).toMatch(/^\d\d:\d\d:\d\d\.\d{3} WARN  a thing worth saying\n$/);
    expect(lines[1]).toMatch(/^\d\d:\d\d:\d\d\.\d{3} INFO  GET \/api\/hello\?x=1 200 \d+ ms\n$/);
    expect(lines[2]).toMatch(/ INFO  GET \/nowhere 404 \d+ ms\n$/);
  });

  it('is one JSON record per request, with its method, path, status and time, for a collector', async () => {
    const records = (await logOf('json')).map((line) => JSON.parse(line));
    expect(records).toHaveLength(3);
    expect(records[1]).toMatchObject({ level: 30, msg: 'request completed', req: { method: 'GET', url: '/api/hello?x=1' }, res: { statusCode: 200 }, responseTime: expect.any(Number) });
    expect(records[2]).toMatchObject({ res: { statusCode: 404 } });
  });
});
