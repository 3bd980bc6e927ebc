/** What the shop needs from an OpenID Connect provider (Google by default). */

/** The parameters of one sign-in attempt; kept by the server until the provider calls back. */
export type AuthorizationRequest = {
  /** Where to send the browser. */
  url: string;
  state: string;
  nonce: string;
  codeVerifier: string;
};

/** The checked identity from the provider's ID token (and userinfo when needed). */
export type IdentityProfile = {
  subject: string;
  email: string | null;
  emailVerified: boolean;
  name: string | null;
  picture: string | null;
};

export interface IdentityProvider {
  /** Builds an authorization-code + PKCE request with fresh state and nonce. */
  start(redirectUri: string): Promise<AuthorizationRequest>;
  /**
   * Exchanges the code in `callbackUrl`, checking state, nonce, PKCE and the ID token (issuer,
   * audience, signature, expiry). Throws on any mismatch.
   */
  finish(
    callbackUrl: URL,
    expected: { state: string; nonce: string; codeVerifier: string; redirectUri: string },
  ): Promise<IdentityProfile>;
}
