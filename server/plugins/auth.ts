import fastifyJwt from '@fastify/jwt';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { accountMessages, authMessages, type Role, type User } from '../../domain/index.ts';
import { loadProfile } from '../auth/accounts.ts';
import { SessionChecks } from '../auth/session-checks.ts';
import { newSessionId, sessionRights, startSession, type SessionRights } from '../auth/sessions.ts';
import type { DbOrTrx } from '../db/connect.ts';
import { HttpError } from '../http-error.ts';

/** What a token says: its account, the role it was signed with, and the session it belongs to. */
export type TokenClaims = { sub: string; role: Role; name: string; sid: string };
/** A request's signed-in user: the token's claims with the account's rights as they are now. */
export type Viewer = TokenClaims & { admin: boolean };

declare module '@fastify/jwt' {
  interface FastifyJWT {
    payload: TokenClaims;
    user: Viewer;
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    authenticate: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    requireRole: (...roles: Role[]) => (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    requireAdmin: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /**
     * The viewer of a valid token whose session is still open and whose account is active, with the
     * account's current rights; null for no token, a bad or expired one, or an ended session.
     * For channels outside the routes.
     */
    viewerOf: (token: string | undefined) => Promise<Viewer | null>;
    /** Opens a session for the account (inside the caller's transaction) and returns the sign-in answer. */
    signIn: (db: DbOrTrx, userId: string) => Promise<{ token: string; user: User }>;
    /** The session checks this process keeps: ending a session here forgets it at once. */
    sessions: { forget: (sessionId: string) => void; forgetAll: () => void; rightsOf: (sessionIds: readonly string[]) => Promise<Map<string, SessionRights & { userId: string }>> };
  }
}

/** The web app sends the raw token; integrations may send `Bearer <token>`. */
export function tokenFromHeader(header: string | undefined): string | undefined {
  if (!header) return undefined;
  const value = header.trim();
  const raw = value.toLowerCase().startsWith('bearer ') ? value.slice(7).trim() : value;
  // Clients that keep the token as JSON (the web app among them) may send it still quoted.
  return raw.replace(/^"(.*)"$/, '$1') || undefined;
}

const unauthorized = () => new HttpError(401, authMessages.unauthorized, 'UNAUTHORIZED');

export default fp(async function auth(app: FastifyInstance, options: { secret: string; expiresIn: string }) {
  await app.register(fastifyJwt, {
    secret: options.secret,
    sign: { expiresIn: options.expiresIn },
    verify: { extractToken: (request) => tokenFromHeader(request.headers.authorization) },
  });
  const checks = new SessionChecks(async (sessionId) => (await sessionRights(app.db, [sessionId])).get(sessionId));

  /** The token's claims with the account's rights as they are now (they may have changed since signing). */
  const current = async (claims: TokenClaims): Promise<Viewer | null> => {
    if (typeof claims.sid !== 'string') return null;
    const rights = await checks.get(claims.sid);
    return rights && rights.userId === claims.sub ? { ...claims, role: rights.role, admin: rights.admin } : null;
  };

  // Runs as each route's onRequest hook: a refused request is answered before its body is read.
  app.decorate('authenticate', async (request: FastifyRequest) => {
    let claims: TokenClaims;
    try {
      claims = await request.jwtVerify<TokenClaims>();
    } catch {
      throw unauthorized();
    }
    const user = await current(claims);
    if (!user) throw unauthorized();
    request.user = user;
  });

  app.decorate('requireRole', (...roles: Role[]) => async (request: FastifyRequest, reply: FastifyReply) => {
    await app.authenticate(request, reply);
    if (!roles.includes(request.user.role)) {
      throw new HttpError(403, authMessages.forbidden, 'FORBIDDEN');
    }
  });

  app.decorate('requireAdmin', async (request: FastifyRequest, reply: FastifyReply) => {
    await app.authenticate(request, reply);
    if (!request.user.admin) throw new HttpError(403, accountMessages.adminOnly, 'FORBIDDEN');
  });

  app.decorate('viewerOf', async (token: string | undefined) => {
    if (!token) return null;
    let claims: TokenClaims;
    try {
      claims = app.jwt.verify<TokenClaims>(token);
    } catch {
      return null;
    }
    return current(claims);
  });

  app.decorate('signIn', async (db: DbOrTrx, userId: string) => {
    const user = await loadProfile(db, userId);
    if (!user) throw new HttpError(401, authMessages.invalidCredentials, 'INVALID_CREDENTIALS');
    const sid = newSessionId();
    const token = app.jwt.sign({ sub: user._id, role: user.role, name: user.name, sid });
    const { exp } = app.jwt.decode<{ exp: number }>(token)!;
    await startSession(db, { id: sid, userId: user._id, expiresAt: new Date(exp * 1000) });
    return { token, user };
  });

  app.decorate('sessions', {
    forget: (sessionId: string) => checks.forget(sessionId),
    forgetAll: () => checks.forgetAll(),
    rightsOf: (sessionIds: readonly string[]) => sessionRights(app.db, sessionIds),
  });
});
