import * as client from 'openid-client';
import type { OidcSettings } from '../config.ts';
import { isLoopback } from '../runtime/first-run.ts';

/**
 * Single sign-on through the organisation's OpenID provider (authorization code + PKCE, `state` and
 * `nonce`), with `openid-client`. The provider's metadata is discovered on first use, not at start: a
 * provider that is down when the server starts stops nothing, and a failed discovery is tried again
 * on the next sign-in. An issuer with a private CA is trusted through NODE_EXTRA_CA_CERTS: TLS checks
 * stay on.
 */

/** What the browser keeps between leaving for the provider and coming back (see oidc-state.ts). */
export type PendingSignOn = { state: string; nonce: string; codeVerifier: string };

/** Who the provider says signed in. `email` is lower-cased; `emailVerified` is the provider's word on it. */
export type SignOnIdentity = {
  subject: string; email: string | undefined; emailVerified: boolean; name: string | undefined;
  /** The groups claim (OIDC_GROUPS_CLAIM), when the provider sent one: a list, or one group as text. */
  groups?: string[];
};

export type OidcClient = {
  /** Where to send the browser, and what to keep until it comes back. */
  begin: (redirectUri: string) => Promise<{ url: URL; pending: PendingSignOn }>;
  /**
   * Checks the provider's answer (`callbackUrl`: the redirect URI with the query the provider sent)
   * against what was kept: state, the code exchanged with the PKCE verifier, the id_token's
   * signature, issuer, audience, expiry and nonce. Throws on any failure.
   */
  finish: (callbackUrl: URL, pending: PendingSignOn) => Promise<SignOnIdentity>;
};

const DISCOVERY_TIMEOUT_S = 10;

/** A groups claim read: a list of names, or one name; anything else is no claim. */
const groupsOf = (value: unknown): { groups?: string[] } =>
  Array.isArray(value) ? { groups: value.filter((g): g is string => typeof g === 'string') } : typeof value === 'string' ? { groups: [value] } : {};

/**
 * openid-client only talks https. The tests' provider runs on http://127.0.0.1, so plain http is
 * allowed for a loopback issuer only (nothing crosses a network there); any other http issuer is
 * refused by openid-client and sign-on fails with a logged reason.
 */
const allowsPlainHttp = (issuer: URL) => issuer.protocol === 'http:' && isLoopback(issuer.hostname);

export function createOidcClient(settings: OidcSettings): OidcClient {
  const issuer = new URL(settings.issuer);
  // A confidential client authenticates with client_secret_basic, the method every provider must
  // support (and the registration default); without a secret it is a public client, PKCE alone.
  const authentication = settings.clientSecret ? client.ClientSecretBasic(settings.clientSecret) : client.None();
  const execute = allowsPlainHttp(issuer) ? [client.allowInsecureRequests] : [];

  let discovered: Promise<client.Configuration> | undefined;
  const configuration = () => {
    discovered ??= client.discovery(issuer, settings.clientId, undefined, authentication, { execute, timeout: DISCOVERY_TIMEOUT_S })
      .catch((error: unknown) => {
        discovered = undefined; // the next sign-in asks again
        throw error;
      });
    return discovered;
  };

  return {
    async begin(redirectUri) {
      const config = await configuration();
      const pending: PendingSignOn = { state: client.randomState(), nonce: client.randomNonce(), codeVerifier: client.randomPKCECodeVerifier() };
      const url = client.buildAuthorizationUrl(config, {
        redirect_uri: redirectUri,
        scope: 'openid email profile',
        code_challenge: await client.calculatePKCECodeChallenge(pending.codeVerifier),
        code_challenge_method: 'S256',
        state: pending.state,
        nonce: pending.nonce,
      });
      return { url, pending };
    },

    async finish(callbackUrl, pending) {
      const config = await configuration();
      const tokens = await client.authorizationCodeGrant(config, callbackUrl, {
        pkceCodeVerifier: pending.codeVerifier,
        expectedState: pending.state,
        expectedNonce: pending.nonce,
        idTokenExpected: true,
      });
      const idToken = tokens.claims()!;
      let claims: Record<string, unknown> = idToken;
      // A provider that keeps to the letter of OpenID Connect puts email and name at the userinfo endpoint
      // for a code flow, not in the id_token; its answer must be about the same subject.
      if (idToken.email === undefined && tokens.access_token && config.serverMetadata().userinfo_endpoint) {
        claims = { ...(await client.fetchUserInfo(config, tokens.access_token, idToken.sub)), ...idToken };
      }
      return {
        subject: idToken.sub,
        email: typeof claims.email === 'string' ? claims.email.trim().toLowerCase() : undefined,
        // Some providers send the boolean as a string.
        emailVerified: claims.email_verified === true || claims.email_verified === 'true',
        name: typeof claims.name === 'string' ? claims.name : undefined,
        ...groupsOf(claims[settings.groupsClaim ?? 'groups']),
      };
    },
  };
}
