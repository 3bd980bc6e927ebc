// Google sign-in end to end: our routes → a real local OpenID Connect provider → our callback.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestOidcProvider, type TestOidcProvider } from '../../../test/oidc-test-provider.ts';
import { createTestApp, TEST_PUBLIC_URL } from '../../../test/test-app.ts';
import { createOpenIdConnectProvider } from '../../adapters/identity/openid-connect.ts';
import { credentials, identities, users } from './accounts.table.ts';

let google: TestOidcProvider;
let t: Awaited<ReturnType<typeof createTestApp>>;

beforeAll(async () => {
  google = await startTestOidcProvider({
    redirectUris: [`${TEST_PUBLIC_URL}/api/auth/google/callback`],
    accounts: [
      {
        sub: 'g-ada',
        email: 'ada@fleet.com',
        email_verified: true,
        name: 'Ada Lovelace',
        picture: 'https://example.com/ada.png',
      },
      {
        sub: 'g-unverified',
        email: 'owner@fleet.com',
        email_verified: false,
        name: 'Not Really Owner',
      },
      { sub: 'g-owner', email: 'owner@fleet.com', email_verified: true, name: 'Real Owner' },
      { sub: 'g-claim', email: 'claimed@fleet.com', email_verified: false, name: 'Claimant' },
    ],
  });
  t = await createTestApp({
    identityProvider: createOpenIdConnectProvider({
      issuer: google.issuer,
      clientId: google.clientId,
      clientSecret: google.clientSecret,
      allowInsecureRequests: true,
    }),
  });
});
afterAll(async () => {
  await t?.close();
  await google?.stop();
});

/** Runs the whole flow as a browser would and returns the final redirect and cookies. */
async function signInWithGoogle(account: string, from = '/dashboard') {
  const start = await t.app.inject({
    method: 'GET',
    url: `/api/auth/google?from=${encodeURIComponent(from)}`,
  });
  expect(start.statusCode).toBe(302);
  const flowCookie = start.cookies.find((c) => c.name === 'axle_sign_in');
  expect(flowCookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/api/auth/google' });
  const back = await google.completeLogin(String(start.headers.location), account);
  const done = await t.app.inject({
    method: 'GET',
    url: back.pathname + back.search,
    cookies: { axle_sign_in: flowCookie?.value ?? '' },
  });
  return { done, refresh: done.cookies.find((c) => c.name === 'axle_refresh')?.value };
}

describe('Google sign-in', () => {
  it('tells the web it is configured', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/providers' })).json()).toEqual({
      google: true,
    });
  });

  it('creates an account for a new verified address, signs it in and returns to `from`', async () => {
    const { done, refresh } = await signInWithGoogle('g-ada', '/purchase/123?x=1');
    expect(done.statusCode).toBe(302);
    expect(done.headers.location).toBe(
      `/auth/complete?from=${encodeURIComponent('/purchase/123?x=1')}`,
    );
    expect(refresh).toBeTruthy();
    const token = (
      await t.app.inject({
        method: 'POST',
        url: '/api/auth/refresh',
        cookies: { axle_refresh: refresh ?? '' },
      })
    ).json().token;
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(me.json().user).toMatchObject({
      email: 'ada@fleet.com',
      name: 'Ada Lovelace',
      providerId: 'google.com',
      emailVerified: true,
    });
  });

  it('signs the same Google account into the same user next time (provider + subject)', async () => {
    await signInWithGoogle('g-ada');
    const rows = await t.db.select().from(users).where(eq(users.email, 'ada@fleet.com'));
    expect(rows).toHaveLength(1);
    expect(
      await t.db.select().from(identities).where(eq(identities.subject, 'g-ada')),
    ).toHaveLength(1);
  });

  it('links an existing password account only when Google has verified the address', async () => {
    const registered = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { name: 'Owner', email: 'owner@fleet.com', password: 'brake99' },
    });
    expect(registered.statusCode).toBe(202);

    const refused = await signInWithGoogle('g-unverified');
    expect(refused.done.headers.location).toBe('/login?googleError=unverified');
    expect(refused.refresh).toBeUndefined();
    expect(
      await t.db.select().from(identities).where(eq(identities.subject, 'g-unverified')),
    ).toHaveLength(0);

    // Whoever registered the address (maybe not its owner) cannot sign in before it is verified.
    const squatter = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'owner@fleet.com', password: 'brake99' },
    });
    expect(squatter.statusCode).toBe(403);

    const linked = await signInWithGoogle('g-owner');
    expect(linked.done.headers.location).toMatch(/^\/auth\/complete/);
    const [owner] = await t.db.select().from(users).where(eq(users.email, 'owner@fleet.com'));
    expect(owner).toMatchObject({ providerId: 'password', emailVerified: true });
    // Google proved the address: the unproven password is gone.
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'owner@fleet.com', password: 'brake99' },
    });
    expect(again.statusCode).toBe(401);
    expect(
      await t.db
        .select()
        .from(credentials)
        .where(eq(credentials.userId, owner?.id ?? '')),
    ).toHaveLength(0);
  });

  it('makes no account for a new address Google has not verified', async () => {
    const refused = await signInWithGoogle('g-claim');
    expect(refused.done.headers.location).toBe('/login?googleError=unverified');
    expect(refused.refresh).toBeUndefined();
    expect(await t.db.select().from(users).where(eq(users.email, 'claimed@fleet.com'))).toEqual([]);
    expect(
      await t.db.select().from(identities).where(eq(identities.subject, 'g-claim')),
    ).toHaveLength(0);
  });

  it.each([
    'https://evil.example/phish',
    '//evil.example',
    '/\\evil.example',
    'javascript:alert(1)',
    'dashboard',
  ])('never sends the browser off-site, whatever `from` says (%s)', async (from) => {
    const { done } = await signInWithGoogle('g-ada', from);
    expect(done.headers.location).toBe(`/auth/complete?from=${encodeURIComponent('/')}`);
  });

  it('refuses a callback without the sign-in cookie (a forged or replayed callback)', async () => {
    const start = await t.app.inject({ method: 'GET', url: '/api/auth/google' });
    const back = await google.completeLogin(String(start.headers.location), 'g-ada');
    const forged = await t.app.inject({ method: 'GET', url: back.pathname + back.search });
    expect(forged.headers.location).toBe('/login?googleError=failed');
    expect(forged.cookies.find((c) => c.name === 'axle_refresh')).toBeUndefined();
  });

  it("refuses a callback carrying another attempt's state", async () => {
    const first = await t.app.inject({ method: 'GET', url: '/api/auth/google' });
    const second = await t.app.inject({ method: 'GET', url: '/api/auth/google' });
    const back = await google.completeLogin(String(second.headers.location), 'g-ada');
    const cookie = first.cookies.find((c) => c.name === 'axle_sign_in')?.value ?? '';
    const mixed = await t.app.inject({
      method: 'GET',
      url: back.pathname + back.search,
      cookies: { axle_sign_in: cookie },
    });
    expect(mixed.headers.location).toBe('/login?googleError=failed');
  });
});

describe('Google sign-in when it is not configured', () => {
  it('says so instead of failing silently', async () => {
    const plain = await createTestApp();
    try {
      expect(
        (await plain.app.inject({ method: 'GET', url: '/api/auth/providers' })).json(),
      ).toEqual({ google: false });
      const start = await plain.app.inject({ method: 'GET', url: '/api/auth/google' });
      expect(start.statusCode).toBe(302);
      expect(start.headers.location).toBe('/login?googleError=not_configured');
    } finally {
      await plain.close();
    }
  });
});
