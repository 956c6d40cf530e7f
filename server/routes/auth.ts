import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  accountMessages as M, ANONYMOUS_ACTOR, authMessages, changePasswordInput, forgotPasswordInput, linkCheckInput, loginInput, resetPasswordInput,
  userSchema,
} from '../../domain/index.ts';
import { accountMail } from '../auth/account-mail.ts';
import { findAccountByEmail, loadProfile } from '../auth/accounts.ts';
import { peekLinkToken, useLinkToken } from '../auth/link-tokens.ts';
import { linkUrl } from '../auth/links.ts';
import { dummyPasswordHash, verifyPassword } from '../auth/password.ts';
import { endSession, endSessionsOf } from '../auth/sessions.ts';
import { changePassword, issuePasswordReset } from '../commands/accounts.ts';
import { HttpError } from '../http-error.ts';
import type { Mailer } from '../mail/mailer.ts';
import { credentialRateLimit } from './rate-limits.ts';
import { errorResponses } from './schemas.ts';

export type AuthRoutesOptions = { loginRateLimit: number; publicUrl: string; mailer: Mailer | null };

const signedIn = z.object({ token: z.string(), user: userSchema });
const invalidCredentials = () => new HttpError(401, authMessages.invalidCredentials, 'INVALID_CREDENTIALS');

export default async function authRoutes(app: FastifyInstance, options: AuthRoutesOptions) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  /** Each credential route's own limit per client, its refusal naming what was tried. */
  const limited = (what: string) => credentialRateLimit(options.loginRateLimit, what);
  const rateLimit = limited('attempts');

  api.post('/api/auth/login', {
    config: { rateLimit: limited('login attempts') },
    schema: {
      tags: ['auth'],
      security: [],
      body: loginInput,
      response: { 200: signedIn, 401: errorResponses[401] },
    },
    handler: async (request) => {
      const account = await findAccountByEmail(app.db, request.body.email);
      const valid = await verifyPassword(request.body.password, account?.password_hash ?? (await dummyPasswordHash()));
      // A deactivated account gets the same answer as a wrong password: nothing is said of who exists.
      if (!account || !valid || account.status !== 'active') throw invalidCredentials();
      return app.signIn(app.db, account.id);
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

  api.post('/api/auth/password', {
    onRequest: app.authenticate,
    config: { rateLimit },
    schema: {
      tags: ['auth'],
      description: 'Changes your own password (PasswordChanged); your other sessions end, this one stays.',
      body: changePasswordInput,
      response: { 204: z.null(), ...errorResponses },
    },
    handler: async (request, reply) => {
      const account = await app.db.selectFrom('users').select('password_hash').where('id', '=', request.user.sub).executeTakeFirst();
      const valid = await verifyPassword(request.body.currentPassword, account?.password_hash ?? (await dummyPasswordHash()));
      if (!valid) throw new HttpError(400, M.currentPasswordWrong, 'VALIDATION_FAILED', { issues: [{ path: 'currentPassword', message: M.currentPasswordWrong }] });
      await app.db.transaction().execute((trx) => changePassword(trx, request.user.sub, request.body.newPassword, 'change', request.user.sid));
      app.sessions.forgetAll();
      return reply.code(204).send(null);
    },
  });

  api.post('/api/auth/forgot', {
    config: { rateLimit },
    schema: {
      tags: ['auth'],
      security: [],
      description: 'Sends a one-time reset link (1 hour) to an active account with this e-mail. Answers 202 alike whether or not it exists.',
      body: forgotPasswordInput,
      response: { 202: z.null(), 400: errorResponses[400] },
    },
    handler: async (request, reply) => {
      // The answer leaves before any lookup, so neither its content nor its timing tells who has an account.
      const email = request.body.email;
      setImmediate(() => {
        void sendResetLink(email).catch((error: unknown) => app.log.warn({ err: error }, 'forgot password: could not issue a reset link'));
      });
      return reply.code(202).send(null);
    },
  });

  async function sendResetLink(email: string) {
    const account = await findAccountByEmail(app.db, email);
    if (!account || account.status !== 'active') return;
    // Whoever typed the e-mail is not known (anyone may): the history must not name the account's owner.
    const metadata = { actorId: ANONYMOUS_ACTOR.actorId, actorRole: ANONYMOUS_ACTOR.actorRole };
    const token = await app.db.transaction().execute((trx) => issuePasswordReset(trx, account.id, metadata, 'forgot'));
    const url = linkUrl(options.publicUrl, 'reset', token);
    if (options.mailer) await options.mailer.send(accountMail.reset(account.email, url));
    else app.log.warn('forgot password: SMTP_URL is not set, so no reset link could be mailed; an admin can issue one on People & access');
  }

  api.post('/api/auth/reset/check', {
    config: { rateLimit },
    schema: {
      tags: ['auth'],
      security: [],
      description: 'Whether a reset link\'s token can still set a password, asked when its page opens so a used link is said at once: 204 it can; 404 unknown, 410 used or expired, 409 the account is no longer active. Uses nothing up and answers nothing about the account.',
      body: linkCheckInput,
      response: { 204: z.null(), 400: errorResponses[400], 404: errorResponses[400], 409: errorResponses[400], 410: errorResponses[400] },
    },
    handler: async (request, reply) => {
      const link = await peekLinkToken(app.db, 'reset', request.body.token);
      if (link.state === 'unknown') throw new HttpError(404, M.resetGone, 'NOT_FOUND');
      if (link.state === 'gone' || !link.userId) throw new HttpError(410, M.resetGone, 'GONE');
      // The reset itself would be refused (PasswordChanged needs an active account): say so now.
      const account = await app.db.selectFrom('users').select('status').where('id', '=', link.userId).executeTakeFirst();
      if (account?.status !== 'active') throw new HttpError(409, M.notActive, 'CONFLICT');
      return reply.code(204).send(null);
    },
  });

  api.post('/api/auth/reset', {
    config: { rateLimit },
    schema: {
      tags: ['auth'],
      security: [],
      description: 'Sets a new password with a reset link\'s token (PasswordChanged); every session of the account ends, and a new one starts.',
      body: resetPasswordInput,
      response: { 200: signedIn, 400: errorResponses[400], 404: errorResponses[400], 410: errorResponses[400] },
    },
    handler: async (request) => app.db.transaction().execute(async (trx) => {
      const link = await useLinkToken(trx, 'reset', request.body.token);
      if (link.state === 'unknown') throw new HttpError(404, M.resetGone, 'NOT_FOUND');
      if (link.state === 'gone' || !link.userId) throw new HttpError(410, M.resetGone, 'GONE');
      await changePassword(trx, link.userId, request.body.password, 'reset');
      return app.signIn(trx, link.userId);
    }).finally(() => app.sessions.forgetAll()),
  });

  api.post('/api/auth/logout', {
    onRequest: app.authenticate,
    schema: { tags: ['auth'], description: 'Ends this session: its token is refused from now on.', response: { 204: z.null(), ...errorResponses } },
    handler: async (request, reply) => {
      await endSession(app.db, request.user.sid);
      app.sessions.forget(request.user.sid);
      return reply.code(204).send(null);
    },
  });

  api.post('/api/auth/logout-all', {
    onRequest: app.authenticate,
    schema: { tags: ['auth'], description: 'Ends every session of your account, on every device.', response: { 204: z.null(), ...errorResponses } },
    handler: async (request, reply) => {
      await endSessionsOf(app.db, request.user.sub);
      app.sessions.forgetAll();
      return reply.code(204).send(null);
    },
  });
}
