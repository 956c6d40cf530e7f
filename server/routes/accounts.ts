import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  accountChangeInput, accountMessages as M, accountSchema, bulkAccountsInput, acceptInviteInput, bulkInviteInput, invitationSchema, inviteInput, inviteJobSchema, setupCheckInput,
  setupInput, userSchema,
} from '../../domain/index.ts';
import { accountMail } from '../auth/account-mail.ts';
import { listAccounts, findAccountView } from '../auth/account-list.ts';
import { anyAccount, lockAccounts } from '../auth/accounts.ts';
import { peekLinkToken, useLinkToken } from '../auth/link-tokens.ts';
import { activateInvited, changeAccount, changeAccountsActive, createActiveAccount, inviteAccount, issuePasswordReset, withdrawInvite } from '../commands/accounts.ts';
import { HttpError } from '../http-error.ts';
import type { Mailer } from '../mail/mailer.ts';
import { credentialRateLimit } from './rate-limits.ts';
import { errorBody, errorResponses, idParams } from './schemas.ts';
import { etag, metadataOf, requiredVersionOf } from './request-context.ts';
import { linkUrl } from '../auth/links.ts';
import { findInviteJob, startBulkInvites, type MadeInvitation } from '../commands/bulk-invites.ts';

/** Mails sent at once by a bulk invitation: enough to keep a mail server busy, not enough to be refused by it. */
const MAILS_AT_ONCE = 4;

export type AccountRoutesOptions = { publicUrl: string; mailer: Mailer | null; loginRateLimit: number };

const signedIn = z.object({ token: z.string(), user: userSchema });
const tokenParams = z.object({ token: z.string().min(1).max(200) });
const conflict = errorResponses[400].describe('409: the e-mail has an account, the last admin, a stale version');
const gone = (message: string) => new HttpError(410, message, 'GONE');

/**
 * Who may sign in, and with what: the first administrator, invitations, roles, admin rights,
 * deactivation and reset links (admins), and accepting an invitation (anyone holding its link).
 */
export default async function accountRoutes(app: FastifyInstance, options: AccountRoutesOptions) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['accounts'];
  /** Mail is a courtesy: the admin always gets the link too, so a failed send loses nothing. */
  const mail = (message: Parameters<Mailer['send']>[0]) => {
    if (!options.mailer) return;
    options.mailer.send(message).catch((error: unknown) => app.log.warn({ err: error, to: message.to }, 'could not send mail'));
  };

  api.post('/api/setup', {
    schema: {
      tags, security: [],
      description: 'Creates the first account (a manager and admin) with the one-time setup token the server logged; 409 once any account exists.',
      body: setupInput,
      response: { 200: signedIn, 400: errorResponses[400], 409: conflict },
    },
    handler: async (request) => app.db.transaction().execute(async (trx) => {
      await lockAccounts(trx);
      if (await anyAccount(trx)) throw new HttpError(409, M.setupDone, 'SETUP_DONE');
      const link = await useLinkToken(trx, 'setup', request.body.token);
      if (link.state !== 'valid') throw new HttpError(403, M.setupTokenInvalid, 'FORBIDDEN');
      const { name, email, password } = request.body;
      const account = await createActiveAccount(trx, { name, email, password, role: 'manager', admin: true }, 'setup', null);
      return app.signIn(trx, account._id);
    }),
  });

  api.post('/api/setup/check', {
    config: { rateLimit: credentialRateLimit(options.loginRateLimit) },
    schema: {
      tags, security: [],
      description: 'Whether the setup screen can create the first account, asked when it opens so it says at once what is wrong: 204 the token would; 409 accounts exist already (sign in instead), with or without a token; 403 the token is missing (MISSING_LINK), unknown, used or expired. Uses nothing up.',
      body: setupCheckInput,
      response: { 204: z.null(), 400: errorResponses[400], 403: errorResponses[400], 409: conflict },
    },
    handler: async (request, reply) => {
      if (await anyAccount(app.db)) throw new HttpError(409, M.setupDone, 'SETUP_DONE');
      const { token } = request.body;
      if (!token) throw new HttpError(403, M.setupLinkIncomplete, 'MISSING_LINK');
      if ((await peekLinkToken(app.db, 'setup', token)).state !== 'valid') throw new HttpError(403, M.setupTokenInvalid, 'FORBIDDEN');
      return reply.code(204).send(null);
    },
  });

  api.get('/api/accounts', {
    onRequest: app.requireAdmin,
    schema: { tags, description: 'Every account, invited, active or deactivated (admins).', response: { 200: z.array(accountSchema), ...errorResponses } },
    handler: async () => listAccounts(app.db),
  });

  api.post('/api/accounts/invites', {
    onRequest: app.requireAdmin,
    schema: {
      tags,
      description: 'Invites someone (AccountInvited). The link is answered here always, and mailed when SMTP is set. An engineer invitation links to (or creates) the engineer record with that e-mail.',
      body: inviteInput,
      response: { 201: z.object({ account: accountSchema, inviteUrl: z.string() }), ...errorResponses, 409: conflict },
    },
    handler: async (request, reply) => {
      const { account, token } = await app.db.transaction().execute((trx) => inviteAccount(trx, request.body, metadataOf(request)));
      const inviteUrl = linkUrl(options.publicUrl, 'invite', token);
      mail(accountMail.invite(account.email, account.name, inviteUrl, request.user.name));
      const view = (await findAccountView(app.db, account._id))!;
      return reply.code(201).header('etag', etag(view.version)).send({ account: view, inviteUrl });
    },
  });

  /** A batch's invitation mails, a few at a time; `counted` hears how many the mail server took. */
  const mailBatch = (inviter: string) => (invites: MadeInvitation[], counted: (sent: number) => void) => {
    const mailer = options.mailer;
    if (!mailer) return;
    let next = 0;
    const worker = async () => {
      while (next < invites.length) {
        const invite = invites[next++]!;
        const url = linkUrl(options.publicUrl, 'invite', invite.token);
        try {
          await mailer.send(accountMail.invite(invite.email, invite.name, url, inviter));
          counted(1);
        } catch (error) {
          app.log.warn({ err: error, to: invite.email }, 'could not send mail');
        }
      }
    };
    for (let i = 0; i < MAILS_AT_ONCE; i++) void worker();
  };

  api.post('/api/accounts/invites/bulk', {
    onRequest: app.requireAdmin,
    schema: {
      tags,
      description:
        'Invites many people as one job (AccountInvited each; an engineer invitation links to or creates the engineer record with that e-mail). ' +
        '409 naming the e-mails that have an account already, and nothing is made. Otherwise 202 with the job: GET /api/accounts/invites/jobs/:id ' +
        'tells its progress (invitations made, mails sent when SMTP is set) and gives the admin who started it the links made so far.',
      body: bulkInviteInput,
      response: { 202: z.object({ job: inviteJobSchema }), ...errorResponses, 409: errorBody.extend({ emails: z.array(z.string()).optional() }) },
    },
    handler: async (request, reply) => {
      const { commandId: _perJob, ...metadata } = metadataOf(request);
      const { job, finished } = await startBulkInvites(app.db, request.body, metadata, mailBatch(request.user.name));
      finished.catch((error: unknown) => request.log.warn({ err: error, job: job.id }, 'bulk invitation stopped'));
      return reply.code(202).header('location', `/api/accounts/invites/jobs/${job.id}`).send({ job });
    },
  });

  api.get('/api/accounts/invites/jobs/:id', {
    onRequest: app.requireAdmin,
    schema: { tags, description: 'A bulk invitation\'s progress.', params: idParams, response: { 200: inviteJobSchema, ...errorResponses, 404: errorResponses[400] } },
    handler: async (request) => {
      const job = await findInviteJob(app.db, request.params.id, request.user.sub, (token) => linkUrl(options.publicUrl, 'invite', token));
      if (!job) throw new HttpError(404, 'Invitation job not found', 'NOT_FOUND');
      return job;
    },
  });

  api.delete('/api/accounts/invites/:id', {
    onRequest: app.requireAdmin,
    schema: { tags, description: 'Withdraws a pending invitation (InviteWithdrawn): its link stops working and the e-mail is free again.', params: idParams, response: { 204: z.null(), ...errorResponses, 404: errorResponses[400], 409: conflict } },
    handler: async (request, reply) => {
      await app.db.transaction().execute((trx) => withdrawInvite(trx, request.params.id, metadataOf(request)));
      return reply.code(204).send(null);
    },
  });

  api.patch('/api/accounts/:id', {
    onRequest: app.requireAdmin,
    schema: {
      tags,
      description: 'Changes role, admin or active, with If-Match (or `version`). A new role or a deactivation ends the account\'s sessions within a second. 409 on the last active admin.',
      params: idParams,
      body: accountChangeInput,
      response: { 200: accountSchema, ...errorResponses, 404: errorResponses[400], 409: conflict, 428: errorResponses[400] },
    },
    handler: async (request, reply) => {
      const version = requiredVersionOf(request, request.body.version);
      await app.db.transaction().execute((trx) => changeAccount(trx, request.params.id, { ...request.body, version }, metadataOf(request)));
      // This instance answers for the account's sessions at once; the others within their checks' time to live.
      app.sessions.forgetAll();
      const view = (await findAccountView(app.db, request.params.id))!;
      return reply.header('etag', etag(view.version)).send(view);
    },
  });

  api.post('/api/accounts/bulk', {
    onRequest: app.requireAdmin,
    schema: {
      tags,
      description:
        'Deactivates (or reactivates) many accounts in one transaction, all or none: an unknown id is a 404, the last active admin or an invitation ' +
        '(withdraw it instead) a 409 naming whose, and nothing changes. Those already so are left as they are. A deactivation ends the sessions within a second.',
      body: bulkAccountsInput,
      response: { 200: z.object({ accounts: z.array(accountSchema), changed: z.number().int() }), ...errorResponses, 404: errorResponses[400], 409: conflict },
    },
    handler: async (request) => {
      const changed = await app.db.transaction().execute(async (trx) => {
        await lockAccounts(trx);
        return changeAccountsActive(trx, request.body.ids, request.body.active, metadataOf(request));
      });
      app.sessions.forgetAll();
      const ids = new Set(request.body.ids);
      return { accounts: (await listAccounts(app.db)).filter((a) => ids.has(a._id)), changed };
    },
  });

  api.post('/api/accounts/:id/password-reset', {
    onRequest: app.requireAdmin,
    schema: { tags, description: 'A one-time reset link (1 hour) for an active account, to pass on (PasswordResetIssued).', params: idParams, response: { 200: z.object({ resetUrl: z.string() }), ...errorResponses, 404: errorResponses[400], 409: conflict } },
    handler: async (request) => {
      const token = await app.db.transaction().execute((trx) => issuePasswordReset(trx, request.params.id, metadataOf(request), 'admin'));
      const resetUrl = linkUrl(options.publicUrl, 'reset', token);
      const account = await findAccountView(app.db, request.params.id);
      if (account) mail(accountMail.reset(account.email, resetUrl));
      return { resetUrl };
    },
  });

  api.get('/api/invites/:token', {
    schema: { tags, security: [], description: 'What an invitation is for; 404 unknown, 410 used or expired.', params: tokenParams, response: { 200: invitationSchema, 404: errorResponses[400], 410: errorResponses[400] } },
    handler: async (request) => {
      const link = await peekLinkToken(app.db, 'invite', request.params.token);
      if (link.state === 'unknown') throw new HttpError(404, M.inviteUnknown, 'NOT_FOUND');
      const account = link.state === 'valid' && link.userId ? await findAccountView(app.db, link.userId) : undefined;
      if (!account || account.status !== 'invited') throw gone(M.inviteGone);
      return { email: account.email, name: account.name, role: account.role };
    },
  });

  api.post('/api/invites/:token/accept', {
    schema: { tags, security: [], description: 'Accepts an invitation with a password (AccountActivated) and signs in.', params: tokenParams, body: acceptInviteInput, response: { 200: signedIn, 400: errorResponses[400], 404: errorResponses[400], 410: errorResponses[400] } },
    handler: async (request) => app.db.transaction().execute(async (trx) => {
      const link = await useLinkToken(trx, 'invite', request.params.token);
      if (link.state === 'unknown') throw new HttpError(404, M.inviteUnknown, 'NOT_FOUND');
      if (link.state === 'gone' || !link.userId) throw gone(M.inviteGone);
      await activateInvited(trx, link.userId, 'invite', { password: request.body.password, name: request.body.name });
      return app.signIn(trx, link.userId);
    }),
  });
}
