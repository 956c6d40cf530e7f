import { type FastifyReply, type FastifyRequest, LogController } from 'fastify';

/**
 * How the server's log reads: JSON lines for a log collector, or one readable line per request and per
 * logged event for a person at a terminal. Pino writes the same records either way; for a terminal they
 * go through `readableLines` on their way to stdout (in this process: no transport thread).
 */
export type LogFormat = 'pretty' | 'json';

/** LOG_FORMAT wins; without it, readable lines at a terminal, JSON lines into a file, a pipe or a collector. */
export function chooseLogFormat(requested: LogFormat | undefined, stdoutIsTerminal: boolean | undefined): LogFormat {
  return requested ?? (stdoutIsTerminal ? 'pretty' : 'json');
}

const levels: Record<number, { name: string; colour: number }> = {
  10: { name: 'TRACE', colour: 90 },
  20: { name: 'DEBUG', colour: 36 },
  30: { name: 'INFO ', colour: 32 },
  40: { name: 'WARN ', colour: 33 },
  50: { name: 'ERROR', colour: 31 },
  60: { name: 'FATAL', colour: 35 },
};

/** What pino puts on every record, or what the line shows in its own place. */
const shownElsewhere = new Set(['level', 'time', 'pid', 'hostname', 'msg', 'reqId', 'req', 'res', 'responseTime', 'err', 'error']);

type LogRecord = Record<string, unknown> & {
  level?: number; time?: number; msg?: string;
  req?: { method?: string; url?: string }; res?: { statusCode?: number }; responseTime?: number;
  err?: { type?: string; message?: string; stack?: string };
};

const two = (n: number) => String(n).padStart(2, '0');
const clock = (time: number) => {
  const at = new Date(time);
  return `${two(at.getHours())}:${two(at.getMinutes())}:${two(at.getSeconds())}.${String(at.getMilliseconds()).padStart(3, '0')}`;
};
const shown = (value: unknown) => (typeof value === 'string' && !/\s/.test(value) && value !== '' ? value : JSON.stringify(value));

/**
 * One record as one line: its time, level and message, a request as "GET /api/engineers 200 12 ms",
 * then its other fields as key=value. An error's stack follows on indented lines, for the person to read.
 */
export function readableLine(record: LogRecord, colours: boolean): string {
  const paint = (code: number, text: string) => (colours ? `\u001b[${code}m${text}\u001b[0m` : text);
  const level = levels[record.level ?? 30] ?? { name: String(record.level), colour: 0 };
  const parts = [paint(90, clock(record.time ?? Date.now())), paint(level.colour, level.name)];
  if (record.req?.method && record.res?.statusCode !== undefined) {
    const status = record.res.statusCode;
    parts.push(`${record.req.method} ${record.req.url ?? ''}`, paint(status >= 500 ? 31 : status >= 400 ? 33 : 32, String(status)));
    if (record.responseTime !== undefined) parts.push(`${Math.round(record.responseTime)} ms`);
  } else if (record.msg !== undefined) {
    parts.push(record.msg);
  }
  const error = record.err ?? (record.error as LogRecord['err']);
  if (error?.message) parts.push(paint(level.colour, `${error.type ? `${error.type}: ` : ''}${error.message}`));
  for (const [key, value] of Object.entries(record)) {
    if (!shownElsewhere.has(key) && value !== undefined) parts.push(paint(90, `${key}=${shown(value)}`));
  }
  const stack = (record.level ?? 30) >= 50 && error?.stack ? `\n${error.stack.split('\n').slice(1).map((line) => `    ${line.trim()}`).join('\n')}` : '';
  return `${parts.join(' ')}${stack}\n`;
}

/** A pino destination that writes each JSON record to `out` as a readable line. */
export function readableLines(out: { write(text: string): unknown }, colours: boolean): { write(json: string): void } {
  return {
    write(json) {
      let record: LogRecord;
      try {
        record = JSON.parse(json) as LogRecord;
      } catch {
        out.write(json);
        return;
      }
      out.write(readableLine(record, colours));
    },
  };
}

type Output = { write(text: string): unknown; isTTY?: boolean };

/** Fastify's logger options for a level and a format, writing to `out` (coloured at a terminal unless NO_COLOR is set). */
export function loggerOptions(level: string, format: LogFormat, out: Output = process.stdout) {
  if (format === 'json') return out === process.stdout ? { level } : { level, stream: out };
  const colours = Boolean(out.isTTY) && !process.env.NO_COLOR;
  return { level, stream: readableLines(out, colours) };
}

/**
 * One record per request, once it is answered: method, path, status and time together. Fastify's own
 * writes one as it comes and one as it is answered, and a third for an unknown route.
 */
export class OneRecordPerRequest extends LogController {
  override incomingRequest(request: FastifyRequest) {
    request.log.debug({ req: request }, 'incoming request');
  }

  override requestCompleted(error: Error | null, request: FastifyRequest, reply: FastifyReply) {
    if (error) reply.log.error({ req: request, res: reply, err: error, responseTime: reply.elapsedTime }, 'request errored');
    else reply.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
  }

  override routeNotFound() {}
}
