import { ConfigError } from '../config.ts';

export interface StartupContext {
  port?: number;
  host?: string;
  databaseUrl?: string;
  /** Print the stack of errors nobody foresaw (LOG_LEVEL debug or trace). */
  verbose?: boolean;
}

export interface StartupFailure {
  /** Printed first: what helps to understand the failure (a list of bad variables, PostgreSQL's output). */
  details?: string;
  /** Printed last, one line: what went wrong and what to do. */
  sentence: string;
}

const UNREACHABLE = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ECONNRESET']);

/** Whatever stopped `npm start`, as the one sentence a user needs instead of a stack trace. */
export function explainStartupFailure(error: unknown, context: StartupContext): StartupFailure {
  const say = (text: string, details?: string): StartupFailure => ({ details, sentence: `Could not start: ${text.replace(/\s*\n\s*/g, ' ')}` });
  if (error instanceof ConfigError) return say('fix the configuration listed above and start again.', error.message);

  const code = errorCode(error);
  const address = databaseAddress(context.databaseUrl);
  if (address && code && UNREACHABLE.has(code)) {
    return say(`no PostgreSQL answers at ${address} (${code}): start that server or fix DATABASE_URL (without it the app runs a database of its own).`);
  }
  if (address && (code === '28P01' || code === '28000')) {
    return say(`PostgreSQL at ${address} refused the user or password: fix them in DATABASE_URL.`);
  }
  if (address && code === '3D000') return say(`the database named in DATABASE_URL does not exist on ${address}: create it or fix DATABASE_URL.`);
  if (code === 'EADDRINUSE') return say(`port ${context.port} is already in use on ${context.host}: stop the program using it, or set PORT to another port.`);
  if (code === 'EACCES' && syscallOf(error) === 'listen') return say(`this user may not listen on port ${context.port}: set PORT to a port above 1023.`);
  if (code === 'EADDRNOTAVAIL') return say(`HOST ${context.host} is not an address of this machine: fix HOST (127.0.0.1, or 0.0.0.0 for every interface).`);

  const [first = 'unknown error', ...rest] = (error instanceof Error ? error.message : String(error)).split('\n');
  // The embedded database's messages already end in what to do; what follows is PostgreSQL's output.
  if (first.startsWith('embedded PostgreSQL')) return say(first, rest.join('\n').trim() || undefined);
  const stack = context.verbose && error instanceof Error ? error.stack : undefined;
  return say(`${first.replace(/[.:]?\s*$/, '')}; start with LOG_LEVEL=debug to see where it failed.`, stack);
}

/** The code of the error or of what caused it: a Node system error code or a PostgreSQL SQLSTATE. */
function errorCode(error: unknown): string | undefined {
  for (let current = error, depth = 0; current && depth < 5; current = (current as { cause?: unknown }).cause, depth++) {
    const candidates = [current, ...((current as { errors?: unknown[] }).errors ?? [])];
    for (const candidate of candidates) {
      const code = (candidate as { code?: unknown }).code;
      if (typeof code === 'string') return code;
    }
  }
  return undefined;
}

function syscallOf(error: unknown): string | undefined {
  const syscall = (error as { syscall?: unknown } | undefined)?.syscall;
  return typeof syscall === 'string' ? syscall : undefined;
}

/** host:port/database of DATABASE_URL, never its password. */
function databaseAddress(url: string | undefined): string | undefined {
  if (!url) return undefined;
  try {
    const parsed = new URL(url);
    return `${parsed.hostname}:${parsed.port || 5432}${parsed.pathname}`;
  } catch {
    return 'DATABASE_URL';
  }
}
