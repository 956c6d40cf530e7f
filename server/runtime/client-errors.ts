import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';

/**
 * How long a connection the server gives up on keeps reading (and dropping) what its client still
 * sends, after the answer went out and the server's side was closed. Closing a socket with unread
 * bytes makes the kernel send a reset instead of a normal close, and a client still writing its
 * request then sees ECONNRESET: the answer is lost, or the next request on the connection is.
 */
export const LINGER_MS = 2_000;

const answered = new WeakSet<Socket>();

const refusal = (code: string | undefined): { status: number; message: string } => {
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') return { status: 408, message: 'The request took too long to arrive: send it again' };
  if (code === 'HPE_HEADER_OVERFLOW') return { status: 431, message: 'The request line and headers are over 16 kB: send a shorter address or fewer headers' };
  return { status: 400, message: 'The request is not valid HTTP' };
};

/**
 * What the server does with a connection whose request it cannot read as HTTP (Node's 'clientError':
 * headers over the size limit, a broken request line, headers or a request not in within their time).
 * Fastify's own handler writes its answer without `Connection: close` and destroys the socket at
 * once: the client is not told the connection ends, so it may send its next request on it, and any
 * bytes of the request still unread turn the close into a reset. This one answers the status with a
 * {message} and `Connection: close`, closes the server's side once the answer is out, and reads and
 * drops the rest of the request until the client closes too or LINGER_MS pass.
 */
export function answerClientError(error: NodeJS.ErrnoException, socket: Socket): void {
  // The client reset the connection itself (nothing can be sent), or this socket was answered already:
  // after a parse error Node hands each further chunk to the same parser, which reports it again.
  if (error.code === 'ECONNRESET' || socket.destroyed || answered.has(socket)) return;
  answered.add(socket);
  const inFlight = (socket as Socket & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
  // An answer already on its way on this connection (a request behind it timed out): another status
  // line would corrupt it, so the connection is only closed.
  if (socket.writable && !inFlight?.headersSent) {
    const { status, message } = refusal(error.code);
    const body = JSON.stringify({ statusCode: status, error: STATUS_CODES[status], message });
    socket.end(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  } else {
    socket.end();
  }
  const linger = setTimeout(() => socket.destroy(), LINGER_MS);
  linger.unref();
  socket.once('close', () => clearTimeout(linger));
  socket.on('error', () => undefined);
  socket.resume();
}
