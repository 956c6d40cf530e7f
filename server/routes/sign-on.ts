import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { accountMessages as M, signOnExchangeInput, userSchema } from '../../domain/index.ts';
import { parseCookie } from 'cookie';
import { useLinkToken } from '../auth/link-tokens.ts';
import { createOidcClient } from '../auth/oidc.ts';
import { clearedSignOnCookie, SIGN_ON_COOKIE, signOnCookie, signOnSealer } from '../auth/oidc-state.ts';
import { signOnAccount } from '../commands/sign-on.ts';
import { teamDirectory } from '../commands/engineer-teams.ts';
import type { OidcSettings } from '../config.ts';
import { HttpError } from '../http-error.ts';
import { errorResponses } from './schemas.ts';

export type SignOnRoutesOptions = {
  /** The organisation's OpenID provider; without one the OIDC routes answer 404. */
  oidc: OidcSettings | null;
  /** The address people open: the redirect URI and the page the browser lands on start with it. */
  publicUrl: string;
  /** The app's JWT secret, from which the pending sign-on's cookie key is derived. */
  jwtSecret: string;
};

const signedIn = z.object({ token: z.string(), user: userSchema });
const notConfiguredMessage = 'Single sign-on is not set up on this server';
const redirect = z.null().describe('A redirect (Location)');
/** What a provider sends back to the redirect URI: a code and the state, or an error, and its issuer; openid-client checks the whole query. */
const providerText = z.string().max(4096).optional();
const callbackQuery = z.object({
  code: providerText, state: providerText, iss: providerText, session_state: providerText,
  error: providerText, error_description: providerText, error_uri: providerText,
});
/** A sealed pending sign-on is base64url; anything else in the cookie is not one. */
const sealedValue = /^[A-Za-z0-9_-]{1,2000}$/;
const sealedOf = (value: string | undefined) => (value && sealedValue.test(value) ? value : undefined);

/**
 * Single sign-on through OpenID Connect (docs/architecture.md). The browser goes to the provider from
 * /start, comes back to /callback, which matches the verified e-mail to an account and hands the page
 * a one-time code in the address's fragment; the page exchanges it for its token by POST. No token
 * ever appears in a URL, and the code alone is worth nothing after one use or 60 s.
 */
export default async function signOnRoutes(app: FastifyInstance, options: SignOnRoutesOptions) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['auth'];
  const publicUrl = options.publicUrl.replace(/\/+$/, '');
  const redirectUri = `${publicUrl}/api/auth/oidc/callback`;
  const secure = publicUrl.startsWith('https:');
  const oidc = options.oidc ? createOidcClient(options.oidc) : null;
  const sealer = signOnSealer(options.jwtSecret);

  const configured = () => {
    if (!oidc || !options.oidc) throw new HttpError(404, notConfiguredMessage, 'NOT_FOUND');
    return { client: oidc, settings: options.oidc };
  };
  /** The sign-on page, with the code or the reason in the fragment: it never reaches a server or a log. */
  const toSignOnPage = (reply: FastifyReply, fragment: { code: string } | { error: string }) => {
    const hash = 'code' in fragment ? `code=${fragment.code}` : `error=${encodeURIComponent(fragment.error)}`;
    return reply.header('cache-control', 'no-store').redirect(`${publicUrl}/sign-on#${hash}`, 302);
  };

  api.get('/api/auth/options', {
    schema: {
      tags, security: [],
      description: 'How people may sign in besides a password: the single sign-on\'s name for its button, or null.',
      response: { 200: z.object({ signOn: z.object({ name: z.string() }).nullable() }) },
    },
    handler: async () => ({ signOn: options.oidc ? { name: options.oidc.name } : null }),
  });

  api.get('/api/auth/oidc/start', {
    schema: {
      tags, security: [],
      description: 'Sends the browser to the identity provider (authorization code with PKCE, state and nonce); 404 when single sign-on is not configured.',
      response: { 302: redirect, 404: errorResponses[400] },
    },
    handler: async (request, reply) => {
      const { client } = configured();
      let begun: Awaited<ReturnType<typeof client.begin>>;
      try {
        begun = await client.begin(redirectUri);
      } catch (error) {
        request.log.warn({ err: error }, 'single sign-on: the identity provider could not be reached (discovery failed)');
        return toSignOnPage(reply, { error: M.signOnFailed });
      }
      return reply.header('set-cookie', signOnCookie(sealer.seal(begun.pending), secure))
        .header('cache-control', 'no-store')
        .redirect(begun.url.href, 302);
    },
  });

  api.get('/api/auth/oidc/callback', {
    schema: {
      tags, security: [],
      description: 'Where the identity provider sends the browser back: on a verified e-mail of an active or invited account, to /sign-on#code=<one-time code>; otherwise to /sign-on#error=<reason>. 404 when single sign-on is not configured.',
      querystring: callbackQuery,
      response: { 302: redirect, 400: errorResponses[400], 404: errorResponses[400] },
    },
    handler: async (request, reply) => {
      const { client, settings } = configured();
      // A pending sign-on is used once, whatever comes of it.
      reply.header('set-cookie', clearedSignOnCookie(secure));
      if (request.query.error) {
        request.log.info({ error: request.query.error, description: request.query.error_description }, 'single sign-on: the identity provider answered with an error');
        return toSignOnPage(reply, { error: M.signOnFailed });
      }
      const pending = sealer.open(sealedOf(parseCookie(request.headers.cookie ?? '')[SIGN_ON_COOKIE]));
      if (!pending) {
        request.log.info('single sign-on: callback without a pending sign-on (expired, another browser, or not begun here)');
        return toSignOnPage(reply, { error: M.signOnFailed });
      }
      // The provider's answer is read against the registered redirect URI, whatever host the request came by.
      const query = request.url.indexOf('?');
      const callbackUrl = new URL(redirectUri + (query >= 0 ? request.url.slice(query) : ''));
      let outcome: Awaited<ReturnType<typeof signOnAccount>>;
      try {
        const identity = await client.finish(callbackUrl, pending);
        const today = new Date().toISOString().slice(0, 10);
        outcome = await app.db.transaction().execute((trx) => signOnAccount(trx, identity, settings, { teams: teamDirectory, today }));
        // A role the groups changed takes effect at once here, as an admin's change does.
        app.sessions.forgetAll();
        if (outcome.kind === 'refused') request.log.info({ sub: identity.subject, reason: outcome.message }, 'single sign-on refused');
      } catch (error) {
        request.log.warn({ err: error }, 'single sign-on did not complete');
        return toSignOnPage(reply, { error: M.signOnFailed });
      }
      return toSignOnPage(reply, outcome.kind === 'code' ? { code: outcome.code } : { error: outcome.message });
    },
  });

  api.post('/api/auth/oidc/exchange', {
    schema: {
      tags, security: [],
      description: 'Exchanges the one-time code from /sign-on#code= for a token: `{token, user}`. 400 for an unknown code, 410 for a used or expired one, 404 when single sign-on is not configured.',
      body: signOnExchangeInput,
      response: { 200: signedIn, 400: errorResponses[400], 403: errorResponses[403], 404: errorResponses[400], 410: errorResponses[400] },
    },
    handler: async (request) => {
      configured();
      return app.db.transaction().execute(async (trx) => {
        const link = await useLinkToken(trx, 'sign-on', request.body.code);
        if (link.state === 'unknown') throw new HttpError(400, M.signOnCodeInvalid, 'INVALID_CODE');
        if (link.state === 'gone' || !link.userId) throw new HttpError(410, M.signOnCodeInvalid, 'GONE');
        // Deactivated in the seconds since the callback: no session.
        const account = await trx.selectFrom('users').select('status').where('id', '=', link.userId).executeTakeFirst();
        if (account?.status !== 'active') throw new HttpError(403, M.deactivated, 'FORBIDDEN');
        return app.signIn(trx, link.userId);
      });
    },
  });
}
