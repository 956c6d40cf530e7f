import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { authMessages, loginInput, userSchema } from '../../domain/index.ts';
import { findAccountByEmail, loadProfile } from '../auth/accounts.ts';
import { dummyPasswordHash, verifyPassword } from '../auth/password.ts';
import { HttpError } from '../http-error.ts';
import { errorResponses } from './schemas.ts';

export default async function authRoutes(app: FastifyInstance, options: { loginRateLimit: number }) {
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.post('/api/auth/login', {
    config: {
      rateLimit: {
        max: options.loginRateLimit,
        timeWindow: '1 minute',
        errorResponseBuilder: (_request, context) =>
          new HttpError(429, `Too many login attempts. Try again in ${Math.ceil(context.ttl / 1000)} seconds.`, 'RATE_LIMITED'),
      },
    },
    schema: {
      tags: ['auth'],
      security: [],
      body: loginInput,
      response: { 200: z.object({ token: z.string(), user: userSchema }), 401: errorResponses[401] },
    },
    handler: async (request) => {
      const account = await findAccountByEmail(app.db, request.body.email);
      const valid = await verifyPassword(request.body.password, account?.password_hash ?? (await dummyPasswordHash()));
      if (!account || !valid) throw new HttpError(401, authMessages.invalidCredentials, 'INVALID_CREDENTIALS');
      const user = await loadProfile(app.db, account.id);
      if (!user) throw new HttpError(401, authMessages.invalidCredentials, 'INVALID_CREDENTIALS');
      const token = app.jwt.sign({ sub: user._id, role: user.role, name: user.name });
      return { token, user };
    },
  });

  api.get('/api/auth/profile', {
    onRequest: app.authenticate,
    schema: { tags: ['auth'], response: { 200: userSchema, ...errorResponses } },
    handler: async (request) => {
      const user = await loadProfile(app.db, request.user.sub);
      if (!user) throw new HttpError(401, 'Your account no longer exists', 'UNAUTHORIZED');
      return user;
    },
  });
}
