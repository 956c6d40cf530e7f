import fastifyJwt from '@fastify/jwt';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Role } from '../../domain/index.ts';
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
  }
}

/** The spec's client sends the raw token; integrations may send `Bearer <token>` (design.md §6). */
export function tokenFromHeader(header: string | undefined): string | undefined {
  if (!header) return undefined;
  const value = header.trim();
  const raw = value.toLowerCase().startsWith('bearer ') ? value.slice(7).trim() : value;
  // The spec's client stores the token as JSON and some callers send it still quoted.
  return raw.replace(/^"(.*)"$/, '$1') || undefined;
}

export default fp(async function auth(app: FastifyInstance, options: { secret: string; expiresIn: string }) {
  await app.register(fastifyJwt, {
    secret: options.secret,
    sign: { expiresIn: options.expiresIn },
    verify: { extractToken: (request) => tokenFromHeader(request.headers.authorization) },
  });

  app.decorate('authenticate', async (request: FastifyRequest) => {
    try {
      await request.jwtVerify();
    } catch {
      throw new HttpError(401, 'Authentication required', 'UNAUTHORIZED');
    }
  });

  app.decorate('requireRole', (...roles: Role[]) => async (request: FastifyRequest, reply: FastifyReply) => {
    await app.authenticate(request, reply);
    if (!roles.includes(request.user.role)) {
      throw new HttpError(403, 'You do not have permission to do this', 'FORBIDDEN');
    }
  });
});
