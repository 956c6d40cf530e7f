/**
 * What the HTTP layer refuses before any route runs: a huge body is not read when the request is
 * refused anyway (no token, or over the size limit), and a client sending its headers a byte at a time
 * does not hold a connection for long.
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
});
