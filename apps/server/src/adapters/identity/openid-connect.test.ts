import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startTestOidcProvider,
  type TestAccount,
  type TestOidcProvider,
} from '../../../test/oidc-test-provider.ts';
import type { IdentityProvider } from './identity-provider.ts';
import { createOpenIdConnectProvider } from './openid-connect.ts';

const redirectUri = 'http://127.0.0.1:9/api/auth/google/callback';
const ada: TestAccount = {
  sub: 'google-ada',
  email: 'ada@example.com',
  email_verified: true,
  name: 'Ada Lovelace',
  picture: 'https://example.com/ada.png',
};
const bob: TestAccount = {
  sub: 'google-bob',
  email: 'bob@example.com',
  email_verified: false,
  name: 'Bob Brake',
};
const intruder = {
  clientId: 'intruder',
  clientSecret: 'intruder-secret',
  redirectUris: [redirectUri],
};

let google: TestOidcProvider;
let identity: IdentityProvider;

beforeAll(async () => {
  google = await startTestOidcProvider({
    redirectUris: [redirectUri],
    accounts: [ada, bob],
    otherClients: [intruder],
  });
  identity = clientOf(google);
});

afterAll(async () => {
  await google?.stop();
});

function clientOf(
  provider: TestOidcProvider,
  clientId = provider.clientId,
  secret = provider.clientSecret,
) {
  return createOpenIdConnectProvider({
    issuer: provider.issuer,
    clientId,
    clientSecret: secret,
    allowInsecureRequests: true,
  });
}

async function signIn(client: IdentityProvider, provider: TestOidcProvider, accountId: string) {
  const request = await client.start(redirectUri);
  const callback = await provider.completeLogin(request.url, accountId);
  return { request, callback, expected: { ...request, redirectUri } };
}

describe('signing in with an OpenID Connect provider', () => {
  it('asks for an authorization code with PKCE, a fresh state and a fresh nonce', async () => {
    const first = await identity.start(redirectUri);
    const second = await identity.start(redirectUri);
    const url = new URL(first.url);
    expect(url.origin).toBe(google.issuer);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      client_id: google.clientId,
      redirect_uri: redirectUri,
      response_type: 'code',
      scope: 'openid email profile',
      state: first.state,
      nonce: first.nonce,
      code_challenge_method: 'S256',
    });
    expect(url.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(second.state).not.toBe(first.state);
    expect(second.nonce).not.toBe(first.nonce);
    expect(second.codeVerifier).not.toBe(first.codeVerifier);
  });

  it('gives the profile of a customer whose address the provider has verified', async () => {
    const { callback, expected } = await signIn(identity, google, ada.sub);
    expect(`${callback.origin}${callback.pathname}`).toBe(redirectUri);
    await expect(identity.finish(callback, expected)).resolves.toEqual({
      subject: ada.sub,
      email: ada.email,
      emailVerified: true,
      name: ada.name,
      picture: ada.picture,
    });
  });

  it('says so when the address is not verified', async () => {
    const { callback, expected } = await signIn(identity, google, bob.sub);
    await expect(identity.finish(callback, expected)).resolves.toEqual({
      subject: bob.sub,
      email: bob.email,
      emailVerified: false,
      name: bob.name,
      picture: null,
    });
  });

  it('asks userinfo for the profile when the ID token does not carry it', async () => {
    const plain = await startTestOidcProvider({
      redirectUris: [redirectUri],
      accounts: [ada],
      claimsInIdToken: false,
    });
    try {
      const client = clientOf(plain);
      const { callback, expected } = await signIn(client, plain, ada.sub);
      await expect(client.finish(callback, expected)).resolves.toEqual({
        subject: ada.sub,
        email: ada.email,
        emailVerified: true,
        name: ada.name,
        picture: ada.picture,
      });
    } finally {
      await plain.stop();
    }
  });

  it('serves accounts added after the provider started', async () => {
    google.accounts.set('google-cleo', { sub: 'google-cleo', email: 'cleo@example.com' });
    const { callback, expected } = await signIn(identity, google, 'google-cleo');
    await expect(identity.finish(callback, expected)).resolves.toMatchObject({
      subject: 'google-cleo',
      email: 'cleo@example.com',
      emailVerified: false,
      name: null,
    });
  });
});

describe('a forged or replayed callback is refused', () => {
  it('with another state', async () => {
    const { callback, expected } = await signIn(identity, google, ada.sub);
    const other = await identity.start(redirectUri);
    expect(await refusal(identity.finish(callback, { ...expected, state: other.state }))).toMatch(
      /"state"/,
    );
  });

  it('with another nonce', async () => {
    const { callback, expected } = await signIn(identity, google, ada.sub);
    const other = await identity.start(redirectUri);
    expect(await refusal(identity.finish(callback, { ...expected, nonce: other.nonce }))).toMatch(
      /"nonce"/,
    );
  });

  it('with a code obtained for another PKCE verifier', async () => {
    const { callback, expected } = await signIn(identity, google, ada.sub);
    const other = await identity.start(redirectUri);
    expect(
      await refusal(identity.finish(callback, { ...expected, codeVerifier: other.codeVerifier })),
    ).toMatch(/invalid_grant/);
  });

  it('when the code was already used', async () => {
    const { callback, expected } = await signIn(identity, google, ada.sub);
    await identity.finish(callback, expected);
    expect(await refusal(identity.finish(callback, expected))).toMatch(/invalid_grant/);
  });

  it('when the code was issued to another client', async () => {
    const other = clientOf(google, intruder.clientId, intruder.clientSecret);
    const { callback, expected } = await signIn(other, google, ada.sub);
    expect(await refusal(identity.finish(callback, expected))).toMatch(/invalid_grant/);
  });

  it('when the ID token is meant for another client', async () => {
    const { callback, expected } = await signIn(identity, google, ada.sub);
    google.tamperNextIdToken((claims) => ({ ...claims, aud: intruder.clientId }));
    expect(await refusal(identity.finish(callback, expected))).toMatch(/"aud"/);
  });

  it('when the ID token comes from another issuer', async () => {
    const { callback, expected } = await signIn(identity, google, ada.sub);
    google.tamperNextIdToken((claims) => ({ ...claims, iss: 'https://accounts.example.com' }));
    expect(await refusal(identity.finish(callback, expected))).toMatch(/"iss"/);
  });

  it('when the ID token has expired', async () => {
    const { callback, expected } = await signIn(identity, google, ada.sub);
    const anHourAgo = Math.floor(Date.now() / 1000) - 3600;
    google.tamperNextIdToken((claims) => ({ ...claims, iat: anHourAgo - 60, exp: anHourAgo }));
    expect(await refusal(identity.finish(callback, expected))).toMatch(/"exp"/);
  });
});

describe('discovery', () => {
  it('fails while the provider is down and succeeds once it is back', async () => {
    const port = await freePort();
    const client = createOpenIdConnectProvider({
      issuer: `http://127.0.0.1:${port}`,
      clientId: 'axle-test',
      clientSecret: 'secret',
      allowInsecureRequests: true,
    });
    await expect(client.start(redirectUri)).rejects.toThrow();
    const late = await startTestOidcProvider({
      redirectUris: [redirectUri],
      clientId: 'axle-test',
      clientSecret: 'secret',
      accounts: [ada],
      port,
    });
    try {
      const { callback, expected } = await signIn(client, late, ada.sub);
      await expect(client.finish(callback, expected)).resolves.toMatchObject({ subject: ada.sub });
    } finally {
      await late.stop();
    }
  });
});

/** The reasons for a refusal, from openid-client's error and its causes, on one line. */
async function refusal(attempt: Promise<unknown>): Promise<string> {
  const error = await attempt.then(
    () => expect.unreachable('the callback was accepted'),
    (reason: unknown) => reason,
  );
  const reasons: string[] = [];
  for (let cause = error; cause instanceof Error; cause = cause.cause) {
    const { error: code, error_description: description } = cause as {
      error?: string;
      error_description?: string;
    };
    reasons.push(cause.message, code ?? '', description ?? '');
  }
  return reasons.filter(Boolean).join(' | ');
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(),
      );
    });
  });
}
