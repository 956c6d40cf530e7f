/**
 * A real OpenID provider for the sign-on tests: `oidc-provider` (v9) over http on 127.0.0.1, with one
 * confidential client for the app (authorization code, PKCE required) and its built-in development
 * login form, which takes any login name and password. The login name picks a person from `people`,
 * whose claims the provider then vouches for (sub, email, email_verified, name).
 *
 * The app's address must be known before the provider starts (its client's redirect_uris), and the
 * provider's before the app starts (OIDC_ISSUER): start this first with the app's address chosen
 * (see `freePort`), or give the integration tests' app any address, as they never open it.
 */
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { createServer, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Provider, type ProviderContext } from 'oidc-provider';

/** `groups`: the groups claim the organisation's directory would send (with the profile). */
export type Person = { email?: string; email_verified?: boolean; name?: string; groups?: string[] };

export type TestOidcProvider = {
  /** The issuer (http://127.0.0.1:<port>), as OIDC_ISSUER. */
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Who may log in, by login name; add to it at any time. */
  people: Map<string, Person>;
  close: () => Promise<void>;
};

export type TestOidcProviderOptions = {
  /** The app's callback, `<PUBLIC_URL>/api/auth/oidc/callback`. */
  redirectUri: string;
  /**
   * Whether the id_token carries email and name itself (default), or only `sub`, with the rest at the
   * userinfo endpoint as OpenID Connect has it for a code flow (oidc-provider's `conformIdTokenClaims`).
   */
  claimsInIdToken?: boolean;
  /** A port chosen beforehand (an app already pointed at it); a free one otherwise. */
  port?: number;
};

const listen = (server: Server, port = 0) =>
  new Promise<number>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve((server.address() as AddressInfo).port));
  });

/** A port free a moment ago, for a server whose address another must know before it starts. */
export async function freePort(): Promise<number> {
  const server = createServer();
  const port = await listen(server);
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

export async function startOidcProvider(options: TestOidcProviderOptions): Promise<TestOidcProvider> {
  const people = new Map<string, Person>();
  const clientId = 'capacity-planner';
  const clientSecret = randomBytes(24).toString('base64url');

  // The port first: the issuer is the provider's own address and goes into everything it signs.
  let handle: RequestListener | undefined;
  const server = createServer((request, response) => {
    if (handle) handle(request, response);
    else response.writeHead(503).end();
  });
  const port = await listen(server, options.port);
  const issuer = `http://127.0.0.1:${port}`;

  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const signingKey = { ...privateKey.export({ format: 'jwk' }), kid: 'test-key', use: 'sig', alg: 'RS256' };

  const provider = new Provider(issuer, {
    clients: [{
      client_id: clientId,
      client_secret: clientSecret,
      redirect_uris: [options.redirectUri],
      grant_types: ['authorization_code'],
      response_types: ['code'],
      token_endpoint_auth_method: 'client_secret_basic',
    }],
    pkce: { required: () => true },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'groups'] },
    conformIdTokenClaims: options.claimsInIdToken === false,
    features: { devInteractions: { enabled: true } },
    cookies: { keys: [randomBytes(32).toString('base64url')] },
    jwks: { keys: [signingKey] },
    ttl: { AuthorizationCode: 60, Interaction: 600, Session: 600, Grant: 600, AccessToken: 600, IdToken: 600 },
    async findAccount(_context: unknown, sub: string) {
      const person = people.get(sub);
      return {
        accountId: sub,
        claims: () => ({ sub, ...person }),
      };
    },
    // The organisation's own app needs no consent screen: its grant covers what it asks for.
    async loadExistingGrant(context: ProviderContext) {
      const { client, session, params } = context.oidc;
      if (!client || !session?.accountId) return undefined;
      const grantId = context.oidc.result?.consent?.grantId ?? session.grantIdFor(client.clientId);
      if (grantId) return provider.Grant.find(grantId);
      const grant = new provider.Grant({ accountId: session.accountId, clientId: client.clientId });
      grant.addOIDCScope(String(params?.scope ?? 'openid'));
      grant.addOIDCClaims(['email', 'email_verified', 'name', 'groups']);
      await grant.save();
      return grant;
    },
  });
  provider.on('server_error', (_context, error) => console.error('test OpenID provider:', error));
  handle = provider.callback();

  return {
    issuer,
    clientId,
    clientSecret,
    people,
    close: () => new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}
