import { describe, expect, it } from 'vitest';
import { isConnectionError, retryOnceIfDisconnected } from './connection-errors.ts';

const pgError = (code: string, message = 'from the server') => Object.assign(new Error(message), { code, severity: 'FATAL' });

describe('isConnectionError', () => {
  it.each([
    ['pg_terminate_backend', pgError('57P01', 'terminating connection due to administrator command')],
    ['crash of another backend', pgError('57P02')],
    ['the server starting up or shutting down', pgError('57P03', 'the database system is starting up')],
    ['idle_in_transaction_session_timeout', pgError('25P03')],
    ['idle_session_timeout', pgError('57P05')],
    ['too many connections', pgError('53300')],
    ['a connection exception class 08', pgError('08006')],
    ['a refused connection', Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' })],
    ['a reset socket', Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' })],
    ['node-postgres: the socket ended', new Error('Connection terminated unexpectedly')],
    ['node-postgres: a client already broken', new Error('Client has encountered a connection error and is not queryable')],
    ['pg-pool: no connection in time', new Error('timeout exceeded when trying to connect')],
    ['every address of a host refused', new AggregateError([Object.assign(new Error('refused'), { code: 'ECONNREFUSED' })], 'connect failed')],
    ['wrapped as a cause', new Error('query failed', { cause: pgError('57P01') })],
  ])('%s: yes', (_what, error) => {
    expect(isConnectionError(error)).toBe(true);
  });

  it.each([
    ['a unique violation', pgError('23505')],
    ['a syntax error', pgError('42601')],
    ['a statement timeout (the query, not the session)', pgError('57014')],
    ['an application error', Object.assign(new Error('Project not found'), { code: 'NOT_FOUND' })],
    ['not an error at all', 'Connection terminated'],
    ['nothing', undefined],
  ])('%s: no', (_what, error) => {
    expect(isConnectionError(error)).toBe(false);
  });
});

describe('retryOnceIfDisconnected', () => {
  const lost = () => pgError('57P01');

  it('runs the work again once when the session was lost', async () => {
    let runs = 0;
    await expect(retryOnceIfDisconnected(async () => (++runs === 1 ? Promise.reject(lost()) : 'second'))).resolves.toBe('second');
    expect(runs).toBe(2);
  });

  it('gives up after the second loss, with its error', async () => {
    let runs = 0;
    await expect(retryOnceIfDisconnected(async () => Promise.reject(Object.assign(lost(), { run: ++runs })))).rejects.toMatchObject({ run: 2 });
    expect(runs).toBe(2);
  });

  it('never repeats work that failed for any other reason, or that may not be repeated', async () => {
    let runs = 0;
    await expect(retryOnceIfDisconnected(async () => Promise.reject(pgError('23505', `run ${++runs}`)))).rejects.toThrow('run 1');
    await expect(retryOnceIfDisconnected(async () => Promise.reject(Object.assign(lost(), { run: ++runs })), () => false)).rejects.toMatchObject({ run: 2 });
    expect(runs).toBe(2);
  });
});
