import { describe, expect, it } from 'vitest';
import { ConfigError } from '../config.ts';
import { explainStartupFailure } from './startup-failure.ts';

const context = { port: 3000, host: '127.0.0.1', databaseUrl: 'postgres://planner:s3cret@db.internal:6543/planner' };

function systemError(code: string, extra: Record<string, unknown> = {}): Error {
  return Object.assign(new Error(`${code} something`), { code, ...extra });
}

describe('explainStartupFailure', () => {
  it('a bad configuration: the list as details, then what to do', () => {
    const failure = explainStartupFailure(new ConfigError('Invalid configuration:\n  PORT: too big'), {});
    expect(failure).toEqual({
      details: 'Invalid configuration:\n  PORT: too big',
      sentence: 'Could not start: fix the configuration listed above and start again.',
    });
  });

  it('no server at DATABASE_URL, found in the cause of a failed migration: its address, never its password', () => {
    const error = new Error('Migration  failed: connect ECONNREFUSED', { cause: systemError('ECONNREFUSED') });
    const { sentence, details } = explainStartupFailure(error, context);
    expect(sentence).toBe(
      'Could not start: no PostgreSQL answers at db.internal:6543/planner (ECONNREFUSED): start that server or fix DATABASE_URL (without it the app runs a database of its own).',
    );
    expect(sentence).not.toContain('s3cret');
    expect(details).toBeUndefined();
  });

  it('an unreachable host inside an AggregateError (IPv4 and IPv6 both tried)', () => {
    const error = new AggregateError([systemError('EHOSTUNREACH')], 'connect failed');
    expect(explainStartupFailure(error, context).sentence).toMatch(/^Could not start: no PostgreSQL answers at db\.internal:6543\/planner \(EHOSTUNREACH\)/);
  });

  it('a refused password and a missing database, by their SQLSTATE', () => {
    expect(explainStartupFailure(systemError('28P01'), context).sentence).toBe(
      'Could not start: PostgreSQL at db.internal:6543/planner refused the user or password: fix them in DATABASE_URL.',
    );
    expect(explainStartupFailure(systemError('3D000'), context).sentence).toBe(
      'Could not start: the database named in DATABASE_URL does not exist on db.internal:6543/planner: create it or fix DATABASE_URL.',
    );
  });

  it('the HTTP port taken or forbidden, or a HOST that is not ours', () => {
    expect(explainStartupFailure(systemError('EADDRINUSE', { syscall: 'listen' }), context).sentence).toBe(
      'Could not start: port 3000 is already in use on 127.0.0.1: stop the program using it, or set PORT to another port.',
    );
    expect(explainStartupFailure(systemError('EACCES', { syscall: 'listen' }), { ...context, port: 80 }).sentence).toBe(
      'Could not start: this user may not listen on port 80: set PORT to a port above 1023.',
    );
    expect(explainStartupFailure(systemError('EADDRNOTAVAIL'), { ...context, host: '10.9.9.9' }).sentence).toMatch(/HOST 10\.9\.9\.9 .*fix HOST/);
  });

  it("the embedded database's first line is the sentence; PostgreSQL's output goes into the details", () => {
    const error = new Error('embedded PostgreSQL in /x exited during start-up: see the output.\n--- last PostgreSQL output ---\nFATAL: bad');
    expect(explainStartupFailure(error, {})).toEqual({
      details: '--- last PostgreSQL output ---\nFATAL: bad',
      sentence: 'Could not start: embedded PostgreSQL in /x exited during start-up: see the output.',
    });
  });

  it('anything else: its first line and how to see more; the stack only when asked for', () => {
    const error = new Error('Migration 2026-x failed: relation "users" already exists.\nmore');
    const quiet = explainStartupFailure(error, {});
    expect(quiet).toEqual({
      details: undefined,
      sentence: 'Could not start: Migration 2026-x failed: relation "users" already exists; start with LOG_LEVEL=debug to see where it failed.',
    });
    expect(explainStartupFailure(error, { verbose: true }).details).toContain('startup-failure.test.ts');
    expect(explainStartupFailure('a string', {}).sentence).toBe('Could not start: a string; start with LOG_LEVEL=debug to see where it failed.');
  });
});
