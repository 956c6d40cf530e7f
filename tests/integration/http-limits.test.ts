/**
 * What the HTTP layer refuses before any route runs: a huge body is not read when the request is
 * refused anyway (no token, or over the size limit), and a client sending its headers a byte at a time
 * does not hold a connection for long. A request it cannot read as HTTP at all is answered with a
 * {message} and `Connection: close`, and the client reads that answer whole, without a reset, even
 * while it is still sending.
 */
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demo, startTestApp, type TestApp } from '../support/app.ts';
import { listen } from '../support/live-clients.ts';

let t: TestApp;
let port: number;
let managerToken: string;

beforeAll(async () => {
  t = await startTestApp();
  port = Number(new URL(await listen(t.app)).port);
  managerToken = await t.login(demo.manager);
});

afterAll(async () => {
  await t?.close();
});

/** Raw HTTP on a real socket: what the server answers and whether it hangs up before the whole body was sent. */
function rawPost(headers: Record<string, string>, bodyBytes: number): Promise<{ status: number; sent: number; closedEarly: boolean }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const head = Object.entries({ host: 'localhost', 'content-type': 'application/json', 'content-length': String(bodyBytes), ...headers })
      .map(([key, value]) => `${key}: ${value}`).join('\r\n');
    let response = '';
    let sent = 0;
    let closed = false;
    const chunk = Buffer.alloc(64 * 1024, 0x20);
    socket.on('data', (data) => (response += data.toString('latin1')));
    socket.on('error', () => undefined); // writing to a socket the server reset
    socket.on('close', () => {
      closed = true;
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(response)?.[1] ?? 0);
      resolve({ status, sent, closedEarly: sent < bodyBytes });
    });
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`the server neither closed nor finished: ${sent} bytes sent, answer ${JSON.stringify(response.slice(0, 80))}`));
    }, 20_000);
    socket.on('close', () => clearTimeout(timer));
    socket.write(`POST /api/projects HTTP/1.1\r\n${head}\r\n\r\n`);
    const pump = () => {
      while (!closed && sent < bodyBytes) {
        const piece = chunk.subarray(0, Math.min(chunk.length, bodyBytes - sent));
        sent += piece.length;
        if (!socket.write(piece)) return void socket.once('drain', pump);
      }
      // The whole body went out: the server reads it, answers, and keeps the connection for the next request.
      if (!closed) setTimeout(() => socket.end(), 500);
    };
    pump();
  });
}

describe('the HTTP layer', () => {
  const FIFTY_MB = 50 * 1024 * 1024;

  it('refuses an anonymous 50 MB POST with 401 before reading its body', async () => {
    const result = await rawPost({}, FIFTY_MB);
    console.log(`anonymous 50 MB POST: answered ${result.status}, connection closed after ${result.sent} bytes were sent`);
    expect(result.status).toBe(401);
    expect(result.closedEarly).toBe(true);
    expect(result.sent).toBeLessThan(FIFTY_MB / 2);
  });

  it('refuses a signed-in 50 MB POST with 413 before reading its body', async () => {
    const result = await rawPost({ authorization: managerToken }, FIFTY_MB);
    expect(result.status).toBe(413);
    expect(result.closedEarly).toBe(true);
    expect(result.sent).toBeLessThan(FIFTY_MB / 2);
  });

  it('hangs up on a client that sends its headers a byte at a time', async () => {
    const started = Date.now();
    const socket = connect(port, '127.0.0.1');
    socket.on('error', () => undefined);
    const closed = new Promise<number>((resolve) => socket.on('close', () => resolve(Date.now() - started)));
    socket.write('GET /api/health HTTP/1.1\r\nHost: localhost\r\nX-Slow: ');
    const drip = setInterval(() => socket.write('a'), 200);
    const elapsed = await Promise.race([closed, new Promise<number>((resolve) => setTimeout(() => resolve(Infinity), 20_000))]);
    clearInterval(drip);
    socket.destroy();
    expect(elapsed).toBeLessThanOrEqual(15_000);
  }, 30_000);

  /**
   * Raw bytes sent at once on a fresh connection; the answer and how the connection ended: 'end' (the
   * server closed after its answer) or the socket's error (ECONNRESET: the kernel reset it, which a
   * client sees instead of, or right after, the answer).
   */
  function rawExchange(request: string | Buffer): Promise<{ answer: string; ending: string }> {
    return new Promise((resolve, reject) => {
      const socket = connect(port, '127.0.0.1');
      let answer = '';
      const timer = setTimeout(() => {
        socket.destroy();
        reject(new Error(`the server neither answered nor closed: ${JSON.stringify(answer.slice(0, 80))}`));
      }, 20_000);
      const done = (ending: string) => {
        clearTimeout(timer);
        resolve({ answer, ending });
      };
      socket.on('data', (data) => (answer += data.toString('latin1')));
      socket.on('end', () => done('end'));
      socket.on('error', (error: NodeJS.ErrnoException) => done(error.code ?? String(error)));
      socket.write(request);
    });
  }

  const headOf = (answer: string) => answer.split('\r\n\r\n')[0]!;
  const bodyOf = (answer: string) => JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4)) as { message?: unknown };

  it('answers headers over 16 kB with 431, a {message} and Connection: close, and is not reset by a client still sending', async () => {
    // A megabyte of header in one go: the server refuses after the first 16 kB while the rest is still
    // arriving. Destroyed with those bytes unread, the connection was reset under the answer.
    const { answer, ending } = await rawExchange(`GET /api/health?q=${'x'.repeat(20_000)} HTTP/1.1\r\nHost: localhost\r\nX-Big: ${'z'.repeat(1_000_000)}`);
    expect(headOf(answer)).toMatch(/^HTTP\/1\.1 431 /);
    expect(headOf(answer)).toMatch(/\r\nConnection: close(\r\n|$)/i);
    expect(typeof bodyOf(answer).message).toBe('string');
    expect(ending).toBe('end');
  });

  it('answers a request that is not HTTP with 400, a {message} and Connection: close', async () => {
    const { answer, ending } = await rawExchange('GET /api/health HTTP/1.1\r\nHost: localhost\r\nBad Header\r\n\r\n');
    expect(headOf(answer)).toMatch(/^HTTP\/1\.1 400 /);
    expect(headOf(answer)).toMatch(/\r\nConnection: close(\r\n|$)/i);
    expect(typeof bodyOf(answer).message).toBe('string');
    expect(ending).toBe('end');
  });
});
