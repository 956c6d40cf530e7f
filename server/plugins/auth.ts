import fastifyJwt from '@fastify/jwt';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { authMessages, type Role } from '../../domain/index.ts';
import { AccountRoles } from '../auth/account-roles.ts';
import { findAccountRole } from '../auth/accounts.ts';
import { HttpError } from '../http-error.ts';

export type TokenClaims = { sub: string; role: Role; name: string };

declare module '@fastify/jwt' {
  interface FastifyJWT {
    payload: TokenClaims;
    user: TokenClaims;
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    authenticate: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    requireRole: (...roles: Role[]) => (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /**
     * The claims of a valid token whose account still exists, carrying the account's current role;
     * null for no token, a bad or expired one, or a removed account. For channels outside the routes.
     */
    viewerOf: (token: string | undefined) => Promise<TokenClaims | null>;
  }
}

/** The web app sends the raw token; integrations may send `Bearer <token>`. */
export function tokenFromHeader(header: string | undefined): string | undefined {
  if (!header) return undefined;
  const value = header.trim();
  const raw = value.toLowerCase().startsWith('bearer ') ? value.slice(7).trim() : value;
  // The spec's client stores the token as JSON and some callers send it still quoted.
  return raw.replace(/^"(.*)"$/, '$1') || undefined;
}

const unauthorized = () => new HttpError(401, authMessages.unauthorized, 'UNAUTHORIZED');

export default fp(async function auth(app: FastifyInstance, options: { secret: string; expiresIn: string }) {
  await app.register(fastifyJwt, {
    secret: options.secret,
    sign: { expiresIn: options.expiresIn },
    verify: { extractToken: (request) => tokenFromHeader(request.headers.authorization) },
  });
  const accounts = new AccountRoles((id) => findAccountRole(app.db, id));

  /** The token's claims with the account's role as it is now (it may have changed since signing). */
  const current = async (claims: TokenClaims): Promise<TokenClaims | null> => {
    const role = await accounts.roleOf(claims.sub);
    return role ? { ...claims, role } : null;
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
});
