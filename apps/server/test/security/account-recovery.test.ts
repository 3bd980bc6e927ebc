// Attack catalogue, account recovery, account discovery and redirects (ASVS 5 V6.3.x, V6.4.x,
// V3.7.2 / V15 open redirects; Juice Shop "Reset Jim's Password", "Forgotten Developer Backup"-
// style link reuse, "Allowlist Bypass"). Reset links are single-use, short-lived, for one purpose
// and always point at PUBLIC_URL; sign-up, reset and sign-in answer alike for any address; the
// Google sign-in's `from` never leaves the site.
import { randomUUID } from 'node:crypto';
import { authMessages } from '@axle/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IdentityProvider } from '../../src/adapters/identity/identity-provider.ts';
import { emailTokens, refreshTokens, sessions, users } from '../../src/db/schema.ts';
import { createAccessTokens, hashToken } from '../../src/features/accounts/sessions.tokens.ts';
import { type Customer, signUp } from '../customers.ts';
import { TEST_PUBLIC_URL } from '../test-app.ts';
import { changedSince, expectUnchanged, snapshot } from './snapshot.ts';
import { createSecurityTestApp, expectError, NO_ID, type TestApp } from './support.ts';

let clock = Date.now();
let t: TestApp;
let alice: Customer;
let finished = 0;

/** Who the Google stand-in says signed in (OR-04 changes it and puts it back). */
const driver = {
  subject: 'google-subject-1',
  email: 'driver@fleet.com',
  emailVerified: true,
  name: 'Fleet Driver',
  picture: null,
};
let googleProfile = driver;

/** Google stand-in: any callback whose state matches signs in one account (`googleProfile`). */
const google: IdentityProvider = {
  async start(redirectUri) {
    return {
      url: `https://accounts.example/authorize?redirect_uri=${encodeURIComponent(redirectUri)}&state=state-1`,
      state: 'state-1',
      nonce: 'nonce-1',
      codeVerifier: 'verifier-1',
    };
  },
  async finish(callbackUrl, expected) {
    if (callbackUrl.searchParams.get('state') !== expected.state) throw new Error('state mismatch');
    finished += 1;
    return googleProfile;
  },
};

beforeAll(async () => {
  t = await createSecurityTestApp({ now: () => new Date(clock), identityProvider: google });
  alice = await signUp(t.app, 'alice');
});
afterAll(() => t.close());

type Reply = Awaited<ReturnType<TestApp['app']['inject']>>;
const mailSettled = () => new Promise((resolve) => setTimeout(resolve, 20));
const askReset = (email: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/api/auth/password-reset', headers, payload: { email } });
const confirmReset = (token: string, password = 'fresh2024x') =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/password-reset/confirm',
    payload: { token, password },
  });
const lastLink = (to: string, path: string) => {
  const text = t.mail.filter((m) => m.to === to).at(-1)?.text ?? '';
  return text.match(/https?:\/\/[^\s]+/g)?.find((link) => link.includes(path));
};
const tokenOf = (link: string | undefined) =>
  new URL(link ?? 'http://x/?token=').searchParams.get('token') ?? '';
async function resetLink(email: string) {
  expect((await askReset(email)).statusCode).toBe(202);
  await mailSettled();
  return tokenOf(lastLink(email, '/reset-password'));
}

describe('password reset links', () => {
  it('[RS-01] a reset link works once; used again it is refused and changes nothing', async () => {
    const who = await signUp(t.app, 'reuse');
    const token = await resetLink(who.email);
    expect((await confirmReset(token, 'first2024x')).statusCode).toBe(200);
    const before = await snapshot(t.db);
    const again = await confirmReset(token, 'second2024x');
    expectError(again, 400, 'invalid');
    expect(again.json().error.message).toBe(authMessages.resetInvalid);
    await expectUnchanged(t.db, before);
  });

  it('[RS-02] an expired reset link (over 30 minutes) is refused and changes nothing', async () => {
    const who = await signUp(t.app, 'expiry');
    const token = await resetLink(who.email);
    clock += 31 * 60 * 1000;
    try {
      const before = await snapshot(t.db);
      expectError(await confirmReset(token), 400, 'invalid');
      await expectUnchanged(t.db, before);
    } finally {
      clock = Date.now();
    }
  });

  it('[RS-03] a verification link cannot reset a password, nor a reset link verify an address', async () => {
    const email = `purpose${Date.now()}@garage.com`;
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { name: 'Purpose', email, password: 'brake99' },
    });
    await mailSettled();
    const verifyToken = tokenOf(lastLink(email, '/verify-email'));
    const resetToken = await resetLink(email);
    expect(verifyToken).not.toBe('');
    const before = await snapshot(t.db);
    expectError(await confirmReset(verifyToken), 400, 'invalid');
    expectError(
      await t.app.inject({
        method: 'POST',
        url: '/api/auth/verify-email',
        payload: { token: resetToken },
      }),
      400,
      'invalid',
    );
    await expectUnchanged(t.db, before);
  });

  it('[RS-04] once one reset link is used, the account’s older links are dead too', async () => {
    const who = await signUp(t.app, 'older');
    const older = await resetLink(who.email);
    const newer = await resetLink(who.email);
    expect((await confirmReset(newer)).statusCode).toBe(200);
    const before = await snapshot(t.db);
    expectError(await confirmReset(older, 'hijack2024x'), 400, 'invalid');
    await expectUnchanged(t.db, before);
  });

  it('[RS-05] the e-mailed link always starts with PUBLIC_URL, whatever Host or X-Forwarded-Host say', async () => {
    const who = await signUp(t.app, 'hosthdr');
    const before = await snapshot(t.db);
    const res = await askReset(who.email, {
      host: 'evil.example',
      'x-forwarded-host': 'evil.example',
      'x-forwarded-proto': 'https',
      forwarded: 'host=evil.example',
    });
    expect(res.statusCode).toBe(202);
    await mailSettled();
    const link = lastLink(who.email, '/reset-password') ?? '';
    expect(link.startsWith(`${TEST_PUBLIC_URL}/reset-password?token=`)).toBe(true);
    expect(t.mail.filter((m) => m.to === who.email).at(-1)?.text).not.toContain('evil.example');
    const changed = await changedSince(t.db, before);
    expect(Object.keys(changed)).toEqual(['email_tokens']);
  });

  it('[RS-06] made-up, injected, truncated or stored-hash reset tokens are refused and change nothing', async () => {
    const who = await signUp(t.app, 'forged');
    const token = await resetLink(who.email);
    const [stored] = await t.db.select().from(emailTokens).limit(1);
    const before = await snapshot(t.db);
    for (const forged of [
      'x'.repeat(43),
      "' OR '1'='1' OR 'a'='a",
      stored?.tokenHash ?? 'missing-hash-xxxx',
      token.slice(0, -1),
      `${token}A`,
      token.toUpperCase(),
    ]) {
      expectError(await confirmReset(forged), 400, 'invalid');
    }
    expectError(await confirmReset('short'), 400, 'invalid');
    expectError(await confirmReset('y'.repeat(500)), 400, 'invalid');
    await expectUnchanged(t.db, before);
  });
});

const signUpFor = (email: string, password: string, name = 'Magic') =>
  t.app.inject({ method: 'POST', url: '/api/auth/register', payload: { name, email, password } });
/** The browser that signed up: its sign-up cookie (httpOnly, so only the server reads it). */
const signUpCookieOf = (res: Reply) => res.cookies.find((c) => c.name === 'axle_sign_up')?.value;
/** Opens a verification link in a browser: the one that signed up when `browser` is its cookie. */
const openLink = (token: string, browser?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/verify-email',
    payload: { token },
    ...(browser ? { cookies: { axle_sign_up: browser } } : {}),
  });
/** Chooses the password on the page a link opened elsewhere, with the proof it handed out. */
const choosePassword = (token: string, password: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/verify-email/password',
    payload: { token, password },
  });
const signIn = (email: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
const hasSession = (res: Reply) => res.cookies.some((c) => c.name === 'axle_refresh');

describe('verification links', () => {
  it('[RS-10] a verification link signs in once: not when a scanner GETs it, not twice, not once the address is verified', async () => {
    const email = `magic${Date.now()}@garage.com`;
    const browser = signUpCookieOf(await signUpFor(email, 'brake99'));
    await mailSettled();
    const older = tokenOf(lastLink(email, '/verify-email'));
    await t.app.inject({ method: 'POST', url: '/api/auth/register/resend', payload: { email } });
    await mailSettled();
    const newer = tokenOf(lastLink(email, '/verify-email'));
    const verify = (token: string) => openLink(token, browser);

    const before = await snapshot(t.db);
    const scanned = await t.app.inject({
      method: 'GET',
      url: `/api/auth/verify-email?token=${newer}`,
    });
    expect(scanned.statusCode).toBe(405);
    await expectUnchanged(t.db, before);

    const first = await verify(newer);
    expect(first.statusCode).toBe(200);
    expect(hasSession(first)).toBe(true);
    const afterFirst = await snapshot(t.db);
    for (const token of [newer, older]) {
      const again = await verify(token);
      expectError(again, 400, 'invalid');
      expect(again.json().error.message).toBe(authMessages.verifyUsed);
      expect(hasSession(again)).toBe(false);
    }
    await expectUnchanged(t.db, afterFirst);
  });
});

describe('pre-hijacking and login CSRF by link (issue 14 #1, #2)', () => {
  /** A sign-up with the owner's address by someone else: the squatter's browser and the link. */
  async function squat(label: string) {
    const owner = `${label}${Date.now()}@garage.com`;
    const squatter = signUpCookieOf(await signUpFor(owner, 'squat2024x', 'Squatter'));
    await mailSettled();
    return { owner, squatter, link: tokenOf(lastLink(owner, '/verify-email')) };
  }
  /** A session as one made before unverified accounts were refused (the database only). */
  async function oldSession(email: string) {
    const [user] = await t.db.select().from(users).where(eq(users.email, email));
    const [session] = await t.db
      .insert(sessions)
      .values({ userId: user?.id ?? NO_ID, expiresAt: new Date(clock + 86_400_000) })
      .returning();
    const refreshToken = `old-refresh-${randomUUID()}`;
    await t.db
      .insert(refreshTokens)
      .values({ tokenHash: hashToken(refreshToken), sessionId: session?.id ?? NO_ID });
    const token = await createAccessTokens(t.accessKey, () => new Date(clock)).sign(
      { userId: user?.id ?? NO_ID, sessionId: session?.id ?? NO_ID },
      new Date(clock),
    );
    return { token, refreshToken };
  }
  const me = (token: string) =>
    t.app.inject({ url: '/api/auth/me', headers: { authorization: `Bearer ${token}` } });
  const refreshWith = (refreshToken: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      cookies: { axle_refresh: refreshToken },
    });

  it('[RS-11] an account nobody has verified cannot act as the address’s owner: no sign-in, no session', async () => {
    const { owner } = await squat('squatted');
    const before = await snapshot(t.db);
    const early = await signIn(owner, 'squat2024x');
    expectError(early, 403, 'forbidden');
    expect(early.json().error.message).toBe(authMessages.verifyFirst);
    expect(hasSession(early)).toBe(false);
    // A wrong password reads as any wrong password: the refusal needs the right one.
    expect((await signIn(owner, 'wrong2024x')).json().error.message).toBe(
      authMessages.badCredentials,
    );
    await expectUnchanged(t.db, before);
    // A session made before this rule acts for nobody either.
    const old = await oldSession(owner);
    const withOld = await snapshot(t.db);
    expectError(await me(old.token), 401, 'unauthorized');
    expectError(await refreshWith(old.refreshToken), 401, 'unauthorized');
    await expectUnchanged(t.db, withOld);
  });

  it('[RS-12] the owner verifying the address ends every session and the password someone else chose at sign-up', async () => {
    const { owner, squatter, link } = await squat('hijack');
    const old = await oldSession(owner);
    const before = await snapshot(t.db);
    // The owner opens the e-mailed link in their own browser (no sign-up cookie).
    const opened = await openLink(link);
    expect(opened.statusCode).toBe(200);
    expect(opened.json()).toMatchObject({
      message: authMessages.verifiedElsewhere(owner),
      email: owner,
    });
    expect(hasSession(opened)).toBe(false);
    const changed = await changedSince(t.db, before);
    expect(Object.keys(changed).sort()).toEqual([
      'credentials',
      'email_tokens',
      'sessions',
      'users',
    ]);
    expect(changed.credentials?.added).toEqual([]);
    expect(changed.credentials?.removed).toHaveLength(1);
    expect(changed.users?.added).toEqual([expect.objectContaining({ emailVerified: true })]);
    expect(changed.sessions?.added).toEqual([
      expect.objectContaining({ revokedAt: expect.any(String) }),
    ]);
    // The link is used up, and the owner's browser got one proof to choose a password with.
    expect(changed.email_tokens?.added).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ purpose: 'verify-email', usedAt: expect.any(String) }),
        expect.objectContaining({ purpose: 'password-reset', usedAt: null }),
      ]),
    );
    expect(changed.email_tokens?.added).toHaveLength(2);
    // Nothing the squatter held works in the now-verified account.
    const after = await snapshot(t.db);
    const again = await signIn(owner, 'squat2024x');
    expectError(again, 401, 'unauthorized');
    expect(again.json().error.message).toBe(authMessages.badCredentials);
    expectError(await me(old.token), 401, 'unauthorized');
    expectError(await refreshWith(old.refreshToken), 401, 'unauthorized');
    const late = await openLink(link, squatter);
    expectError(late, 400, 'invalid');
    expect(hasSession(late)).toBe(false);
    await expectUnchanged(t.db, after);
    // The owner chooses a password on the page the link opened, and only that one signs in.
    const chosen = await choosePassword(opened.json().passwordToken, 'owner2024x');
    expect(chosen.statusCode).toBe(200);
    expect(hasSession(chosen)).toBe(true);
    expect((await signIn(owner, 'owner2024x')).statusCode).toBe(200);
    expectError(await signIn(owner, 'squat2024x'), 401, 'unauthorized');
    // The proof went with that password: it sets no other.
    const reused = await snapshot(t.db);
    expectError(await choosePassword(opened.json().passwordToken, 'squat2024x'), 400, 'invalid');
    await expectUnchanged(t.db, reused);
  });

  it('[RS-13] a verification link signs in only the browser that signed up: an attacker’s link opened elsewhere signs nobody in', async () => {
    const attacker = `csrf${Date.now()}@garage.com`;
    const attackerBrowser = signUpCookieOf(await signUpFor(attacker, 'mine2024x', 'Attacker'));
    await mailSettled();
    const link = tokenOf(lastLink(attacker, '/verify-email'));
    // The victim's browser has a sign-up cookie of its own, for another account.
    const victimBrowser = signUpCookieOf(
      await signUpFor(`victim${Date.now()}@garage.com`, 'victim2024x', 'Victim'),
    );
    // A cookie naming the attacker's account, signed with a key the server does not have.
    const [header, payload] = (attackerBrowser ?? '').split('.');
    const forged = `${header}.${payload}.${Buffer.from('not-the-signature').toString('base64url')}`;
    const before = await snapshot(t.db);
    const opened = await openLink(link, victimBrowser);
    expect(opened.statusCode).toBe(200);
    // The victim's page names the attacker's address and asks for a password: nobody is signed
    // in unless the victim chooses one there.
    expect(opened.json()).toMatchObject({
      message: authMessages.verifiedElsewhere(attacker),
      email: attacker,
    });
    expect(opened.json().token).toBeUndefined();
    expect(hasSession(opened)).toBe(false);
    const changed = await changedSince(t.db, before);
    expect(changed.sessions).toBeUndefined();
    expect(changed.refresh_tokens).toBeUndefined();
    // Nor can another site choose the password for the victim's browser: a cross-site form
    // cannot send JSON (a preflight would be needed), and any other body is refused.
    const proof = opened.json().passwordToken;
    const crossSite = await snapshot(t.db);
    for (const [type, body] of [
      ['text/plain', JSON.stringify({ token: proof, password: 'mine2024x' })],
      ['application/x-www-form-urlencoded', `token=${proof}&password=mine2024x`],
      [
        'multipart/form-data; boundary=x',
        `--x\r\nContent-Disposition: form-data; name="token"\r\n\r\n${proof}\r\n--x--`,
      ],
    ] as const) {
      const forged = await t.app.inject({
        method: 'POST',
        url: '/api/auth/verify-email/password',
        headers: { 'content-type': type, origin: 'https://evil.example' },
        payload: body,
      });
      expectError(forged, 415, 'unsupported_media_type');
      expect(hasSession(forged)).toBe(false);
    }
    await expectUnchanged(t.db, crossSite);
    // Nor does a forged cookie help with a link of the attacker's, sent again.
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/register/resend',
      payload: { email: attacker },
    });
    await mailSettled();
    const afterwards = await snapshot(t.db);
    const replayed = await openLink(tokenOf(lastLink(attacker, '/verify-email')), forged);
    expectError(replayed, 400, 'invalid');
    expect(hasSession(replayed)).toBe(false);
    await expectUnchanged(t.db, afterwards);

    // Opened in the browser that signed up, a link signs in, as before.
    const own = `own${Date.now()}@garage.com`;
    const ownBrowser = signUpCookieOf(await signUpFor(own, 'own2024xx', 'Owner'));
    await mailSettled();
    const signedIn = await openLink(tokenOf(lastLink(own, '/verify-email')), ownBrowser);
    expect(signedIn.statusCode).toBe(200);
    expect(hasSession(signedIn)).toBe(true);
    expect(signedIn.json().user).toMatchObject({ email: own, emailVerified: true });
  });

  it('[RS-14] signing up again for an address waiting for verification takes nothing over', async () => {
    const owner = `pending${Date.now()}@garage.com`;
    const ownerBrowser = signUpCookieOf(await signUpFor(owner, 'owner2024x', 'Owner'));
    await mailSettled();
    const link = tokenOf(lastLink(owner, '/verify-email'));
    const before = await snapshot(t.db);
    const second = await signUpFor(owner.toUpperCase(), 'squat2024x', 'Squatter');
    expect(second.statusCode).toBe(202);
    await expectUnchanged(t.db, before);
    // The second sign-up's browser is bound to no account, and its password is nobody's.
    const [account] = await t.db.select().from(users).where(eq(users.email, owner));
    const bound = (cookie: string | undefined) =>
      JSON.parse(Buffer.from(cookie?.split('.')[1] ?? '', 'base64url').toString()).accounts;
    expect(bound(ownerBrowser)).toEqual([account?.id]);
    const secondBrowser = signUpCookieOf(second);
    expect(bound(secondBrowser)).toHaveLength(1);
    expect(bound(secondBrowser)).not.toContain(account?.id);
    expectError(await signIn(owner, 'squat2024x'), 401, 'unauthorized');
    await mailSettled();
    // Its owner is told someone tried, as for any address that has an account.
    expect(t.mail.filter((m) => m.to === owner).at(-1)?.text).toMatch(/create an account/i);
    // The owner's link, in the owner's browser, signs the owner in with the owner's password.
    const signedIn = await openLink(link, ownerBrowser);
    expect(hasSession(signedIn)).toBe(true);
    expect((await signIn(owner, 'owner2024x')).statusCode).toBe(200);
    expectError(await signIn(owner, 'squat2024x'), 401, 'unauthorized');
  });
});

describe('account discovery', () => {
  it('[RS-07] a reset request answers alike for a known, an unknown and a malformed address; only the known one gets a link', async () => {
    const before = await snapshot(t.db);
    const unknown = await askReset(`ghost${Date.now()}@garage.com`);
    const malformed = await askReset('not an address');
    expect(await changedSince(t.db, before)).toEqual({});
    const known = await askReset(alice.email);
    for (const res of [known, unknown, malformed]) {
      expect(res.statusCode).toBe(202);
      expect(res.json()).toEqual({ message: authMessages.resetSent });
    }
    const changed = await changedSince(t.db, before);
    expect(Object.keys(changed)).toEqual(['email_tokens']);
  });

  it('[RS-08] sign-up answers alike for a registered and a new address (no account discovery by wording or status)', async () => {
    const register = (email: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/register',
        payload: { name: 'Prober', email, password: 'probe2024x' },
      });
    const before = await snapshot(t.db);
    const known = await register(alice.email);
    await expectUnchanged(t.db, before);
    const fresh = await register(`fresh${Date.now()}@garage.com`);
    const shape = (res: Reply) => ({
      status: res.statusCode,
      keys: Object.keys(res.json()).sort(),
      cookies: res.cookies.map(({ value, ...shape }) => shape),
    });
    expect(shape(fresh)).toEqual(shape(known));
  });

  it('[RS-09] sign-in fails alike, in comparable time, for a wrong password and an unknown address', async () => {
    const before = await snapshot(t.db);
    const attempt = async (email: string) => {
      const started = performance.now();
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email, password: 'wrong2024x' },
      });
      return { res, ms: performance.now() - started };
    };
    const knownTimes: number[] = [];
    const unknownTimes: number[] = [];
    for (let i = 0; i < 5; i++) {
      const known = await attempt(alice.email);
      const unknown = await attempt(`nobody${i}${Date.now()}@garage.com`);
      expectError(known.res, 401, 'unauthorized');
      expect(unknown.res.json()).toEqual(known.res.json());
      knownTimes.push(known.ms);
      unknownTimes.push(unknown.ms);
    }
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[2] ?? 0;
    // Without the decoy hash an unknown address would answer ~20× faster than a wrong password.
    const ratio = median(unknownTimes) / median(knownTimes);
    expect(ratio).toBeGreaterThan(0.25);
    expect(ratio).toBeLessThan(4);
    await expectUnchanged(t.db, before);
  });
});

describe('open redirects in Google sign-in', () => {
  const start = (from: string) =>
    t.app.inject({ method: 'GET', url: `/api/auth/google?from=${encodeURIComponent(from)}` });
  const flowOf = (res: Reply) => {
    const cookie = res.cookies.find((c) => c.name === 'axle_sign_in')?.value ?? '';
    return JSON.parse(Buffer.from(cookie.split('.')[1] ?? '', 'base64url').toString());
  };
  const hostile = [
    'https://evil.example',
    '//evil.example',
    '/\\evil.example',
    '\\\\evil.example',
    '/\t/evil.example',
    'javascript:alert(document.domain)',
    'http:evil.example',
    '/\r\nLocation: https://evil.example',
    'evil.example/path',
  ];

  it('[OR-01] a `from` off the site is replaced by "/" before the flow starts, and only the provider is redirected to', async () => {
    const before = await snapshot(t.db);
    for (const from of hostile) {
      const res = await start(from);
      expect(res.statusCode, from).toBe(302);
      expect(String(res.headers.location)).toMatch(/^https:\/\/accounts\.example\/authorize\?/);
      expect(flowOf(res).from, from).toBe('/');
    }
    expectError(await start(`/${'a'.repeat(600)}`), 400, 'invalid');
    // A NUL character is refused outright, like in any other input.
    expectError(await start('\u0000/evil'), 400, 'invalid');
    const kept = await start('/purchase/123?qty=100');
    expect(flowOf(kept).from).toBe('/purchase/123?qty=100');
    await expectUnchanged(t.db, before);
  });

  it('[OR-02] after the provider calls back, the browser lands on this site only', async () => {
    const started = await start('https://evil.example/steal');
    const cookie = started.cookies.find((c) => c.name === 'axle_sign_in')?.value ?? '';
    const before = await snapshot(t.db);
    const done = await t.app.inject({
      method: 'GET',
      url: '/api/auth/google/callback?code=abc&state=state-1',
      cookies: { axle_sign_in: cookie },
    });
    expect(done.statusCode).toBe(302);
    expect(done.headers.location).toBe('/auth/complete?from=%2F');
    const changed = await changedSince(t.db, before);
    expect(Object.keys(changed).sort()).toEqual([
      'identities',
      'refresh_tokens',
      'sessions',
      'users',
    ]);
  });

  it('[OR-03] a callback without the browser’s own signed flow cookie signs nobody in (login CSRF)', async () => {
    const started = await start('/dashboard');
    const cookie = started.cookies.find((c) => c.name === 'axle_sign_in')?.value ?? '';
    const [header, payload, signature] = cookie.split('.');
    const claims = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString());
    const tampered = `${header}.${Buffer.from(JSON.stringify({ ...claims, from: 'https://evil.example' })).toString('base64url')}.${signature}`;
    const finishedBefore = finished;
    const before = await snapshot(t.db);
    const cookieSets: Record<string, string>[] = [
      {},
      { axle_sign_in: tampered },
      { axle_sign_in: 'x.y.z' },
    ];
    for (const cookies of cookieSets) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/auth/google/callback?code=abc&state=state-1',
        cookies,
      });
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe('/login?googleError=failed');
    }
    const wrongState = await t.app.inject({
      method: 'GET',
      url: '/api/auth/google/callback?code=abc&state=attacker',
      cookies: { axle_sign_in: cookie },
    });
    expect(wrongState.headers.location).toBe('/login?googleError=failed');
    expect(finished).toBe(finishedBefore);
    await expectUnchanged(t.db, before);
  });

  it('[OR-04] an address Google has not verified gets no account and is linked to none (pre-hijacking)', async () => {
    const claimed = `claimed${Date.now()}@garage.com`;
    const before = await snapshot(t.db);
    try {
      for (const email of [claimed, alice.email]) {
        googleProfile = { ...driver, subject: `unverified-${email}`, email, emailVerified: false };
        const started = await start('/dashboard');
        const cookie = started.cookies.find((c) => c.name === 'axle_sign_in')?.value ?? '';
        const res = await t.app.inject({
          method: 'GET',
          url: '/api/auth/google/callback?code=abc&state=state-1',
          cookies: { axle_sign_in: cookie },
        });
        expect(res.headers.location).toBe('/login?googleError=unverified');
        expect(hasSession(res)).toBe(false);
      }
    } finally {
      googleProfile = driver;
    }
    await expectUnchanged(t.db, before);
  });
});
