import * as oidc from 'openid-client';
import type { IdentityProfile, IdentityProvider } from './identity-provider.ts';

export type OpenIdConnectOptions = {
  /** The provider's issuer identifier, e.g. 'https://accounts.google.com'. */
  issuer: string;
  clientId: string;
  /** Confidential clients (Google) authenticate with it; without it the client is public. */
  clientSecret?: string;
  /** Plain-http issuers, for a local test provider only; never in production configuration. */
  allowInsecureRequests?: boolean;
};

const scope = 'openid email profile';

type Claims = Record<string, unknown>;

const text = (value: unknown): string | null =>
  typeof value === 'string' && value !== '' ? value : null;

/** An `IdentityProvider` for any OpenID Connect provider: authorization code + PKCE (S256). */
export function createOpenIdConnectProvider({
  issuer,
  clientId,
  clientSecret,
  allowInsecureRequests = false,
}: OpenIdConnectOptions): IdentityProvider {
  let configuration: Promise<oidc.Configuration> | undefined;

  // Discovered on first use, so the server starts while the provider is unreachable; a failed
  // discovery is forgotten so that the next sign-in tries again.
  const discover = (): Promise<oidc.Configuration> => {
    configuration ??= oidc
      .discovery(
        new URL(issuer),
        clientId,
        clientSecret ?? { token_endpoint_auth_method: 'none' },
        clientSecret ? oidc.ClientSecretPost(clientSecret) : oidc.None(),
        allowInsecureRequests ? { execute: [oidc.allowInsecureRequests] } : undefined,
      )
      .catch((error: unknown) => {
        configuration = undefined;
        throw error;
      });
    return configuration;
  };

  return {
    async start(redirectUri) {
      const config = await discover();
      const codeVerifier = oidc.randomPKCECodeVerifier();
      const state = oidc.randomState();
      const nonce = oidc.randomNonce();
      const url = oidc.buildAuthorizationUrl(config, {
        redirect_uri: redirectUri,
        response_type: 'code',
        scope,
        state,
        nonce,
        code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: 'S256',
      });
      return { url: url.href, state, nonce, codeVerifier };
    },

    async finish(callbackUrl, expected) {
      const config = await discover();
      // The token request must carry the exact redirect_uri of the authorization request, which
      // openid-client takes from the URL it is given: rebuild it from the one we sent.
      const current = new URL(expected.redirectUri);
      current.search = callbackUrl.search;
      const tokens = await oidc.authorizationCodeGrant(config, current, {
        expectedState: expected.state,
        expectedNonce: expected.nonce,
        pkceCodeVerifier: expected.codeVerifier,
        idTokenExpected: true,
      });
      const idToken = tokens.claims();
      if (!idToken) throw new Error('The identity provider returned no ID token');
      if (text(idToken.email) !== null && text(idToken.name) !== null) {
        return profileOf(idToken.sub, idToken, idToken);
      }
      // Some providers keep profile claims out of the ID token; userinfo is asked for the same
      // subject. An address and its verification always come from the same source.
      const userinfo = await oidc.fetchUserInfo(config, tokens.access_token, idToken.sub);
      const emailSource = text(idToken.email) !== null ? idToken : userinfo;
      return profileOf(idToken.sub, emailSource, {
        name: text(idToken.name) ?? userinfo.name,
        picture: text(idToken.picture) ?? userinfo.picture,
      });
    },
  };
}

function profileOf(subject: string, emailSource: Claims, profile: Claims): IdentityProfile {
  const email = text(emailSource.email);
  return {
    subject,
    email,
    // Only the provider's explicit `true` lets the shop link this identity to an existing account.
    emailVerified: email !== null && emailSource.email_verified === true,
    name: text(profile.name),
    picture: text(profile.picture),
  };
}
