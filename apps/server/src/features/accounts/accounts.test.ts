import { authMessages, authReply, messages } from '@axle/contract';
import { eq, sql } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, TEST_PUBLIC_URL } from '../../../test/test-app.ts';
import { type AuthLimits, defaultAuthLimits } from './accounts.routes.ts';
import { createUser, endAllSessions, VERIFY_LINK_HOURS } from './accounts.service.ts';
import { credentials, emailTokens, refreshTokens, sessions, users } from './accounts.table.ts';
import { hashToken, readAccessToken } from './accounts.tokens.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;
let clock = Date.now();

beforeAll(async () => {
  // Rate limits have their own tests (accounts.rate-limits.test.ts); here they stay out of the way.
  const generous = { max: 10_000, windowSeconds: 60 };
  t = await createTestApp({
    now: () => new Date(clock),
    authLimits: Object.fromEntries(
      Object.keys(defaultAuthLimits).map((key) => [key, generous]),
    ) as AuthLimits,
  });
});
afterAll(() => t.close());

let counter = 0;
const uniqueEmail = (label = 'buyer') => `${label}${++counter}${Date.now() % 100000}@garage.com`;
const PASSWORD = 'brake99';

type Res = Awaited<ReturnType<typeof t.app.inject>>;
const refreshCookie = (res: Res) => res.cookies.find((c) => c.name === 'axle_refresh');

const register = (payload: object) =>
  t.app.inject({ method: 'POST', url: '/api/auth/register', payload });
const verify = (token: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/verify-email', payload: { token } });

/** A new customer who signed up and opened the e-mailed link: verified and signed in. */
async function registerUser(email = uniqueEmail(), name = 'Nusrat Jahan') {
  const res = await register({ name, email, password: PASSWORD });
  expect(res.statusCode).toBe(202);
  await mailSettled();
  const signedIn = await verify(lastLink(email, '/verify-email') ?? '');
  expect(signedIn.statusCode).toBe(200);
  const cookie = refreshCookie(signedIn);
  return { email, ...authReply.parse(signedIn.json()), refresh: cookie?.value ?? '' };
}

const login = (email: string, password = PASSWORD, remoteAddress = '127.0.0.1') =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password },
    remoteAddress,
  });
const me = (token: string) =>
  t.app.inject({
    method: 'GET',
    url: '/api/auth/me',
    headers: { authorization: `Bearer ${token}` },
  });
const refresh = (value: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/refresh', cookies: { axle_refresh: value } });
const lastLink = (to: string, path: string) => {
  const message = t.mail.filter((m) => m.to === to).at(-1);
  const link = message?.text.match(
    new RegExp(`${TEST_PUBLIC_URL}${path}\\?token=([A-Za-z0-9_-]+)`),
  );
  return link?.[1];
};
// Mail goes out after the reply; give the event loop a turn before reading it.
const mailSettled = () => new Promise((resolve) => setTimeout(resolve, 20));

describe('sign-up', () => {
  it('signs nobody in: it says "check your e-mail", and the e-mailed link verifies and signs in', async () => {
    const email = uniqueEmail();
    const res = await register({ name: 'Nusrat Jahan', email, password: PASSWORD });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ message: authMessages.checkEmail });
    expect(refreshCookie(res)).toBeUndefined();
    const [user] = await t.db.select().from(users).where(eq(users.email, email));
    expect(user).toMatchObject({ role: null, emailVerified: false, providerId: 'password' });
    expect(
      await t.db
        .select()
        .from(sessions)
        .where(eq(sessions.userId, user?.id ?? '')),
    ).toHaveLength(0);

    await mailSettled();
    const link = lastLink(email, '/verify-email');
    expect(link).toBeTruthy();
    const signedIn = await verify(link ?? '');
    expect(signedIn.statusCode).toBe(200);
    const body = authReply.parse(signedIn.json());
    expect(body.user).toMatchObject({
      name: 'Nusrat Jahan',
      email,
      role: null,
      emailVerified: true,
      providerId: 'password',
    });
    expect(refreshCookie(signedIn)).toMatchObject({
      httpOnly: true,
      sameSite: 'Strict',
      path: '/api/auth',
    });
    expect((await me(body.token)).json().user).toMatchObject({ email, emailVerified: true });
  });

  it('never stores the password in the clear, and hashes it with argon2id', async () => {
    const { user } = await registerUser();
    const [row] = await t.db.select().from(credentials).where(eq(credentials.userId, user._id));
    expect(row?.passwordHash).toMatch(/^\$argon2id\$/);
    expect(row?.passwordHash).not.toContain(PASSWORD);
  });

  it('ignores fields it does not know (no self-made admins, no self-verified addresses)', async () => {
    const email = uniqueEmail();
    const res = await register({
      name: 'Mallory',
      email,
      password: PASSWORD,
      role: 'admin',
      admin: true,
      emailVerified: true,
    });
    expect(res.statusCode).toBe(202);
    const [user] = await t.db.select().from(users).where(eq(users.email, email));
    expect(user).toMatchObject({ role: null, emailVerified: false });
  });

  it('answers an address that already has an account exactly like a new one, and warns its owner', async () => {
    const { email } = await registerUser();
    const again = await register({
      name: 'Someone Else',
      email: email.toUpperCase(),
      password: 'other123',
    });
    const fresh = await register({ name: 'New', email: uniqueEmail(), password: 'other123' });
    expect(again.statusCode).toBe(202);
    expect(again.json()).toEqual({ message: authMessages.checkEmail });
    expect(refreshCookie(again)).toBeUndefined();
    expect({ status: fresh.statusCode, body: fresh.json(), cookies: fresh.cookies }).toEqual({
      status: again.statusCode,
      body: again.json(),
      cookies: again.cookies,
    });
    await mailSettled();
    expect(t.mail.filter((m) => m.to === email).at(-1)?.text).toMatch(/create an account/i);
    const [{ n } = { n: 0 }] = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(users)
      .where(sql`lower(${users.email}) = lower(${email})`);
    expect(n).toBe(1);
  });

  it('takes about as long for a registered address as for a new one (both hash the password)', async () => {
    const { email: known } = await registerUser();
    const timed = async (email: string) => {
      const started = performance.now();
      expect((await register({ name: 'Timer', email, password: PASSWORD })).statusCode).toBe(202);
      return performance.now() - started;
    };
    const knownTimes: number[] = [];
    const freshTimes: number[] = [];
    for (let i = 0; i < 5; i++) {
      knownTimes.push(await timed(known));
      freshTimes.push(await timed(uniqueEmail('timed')));
    }
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[2] ?? 0;
    // Skipping the hash for a known address would answer it many times faster.
    const ratio = median(knownTimes) / median(freshTimes);
    expect(ratio).toBeGreaterThan(0.25);
    expect(ratio).toBeLessThan(4);
  });

  it('carries the origin page in the e-mailed link, only when it is a path on this site', async () => {
    const linkOf = async (from: string) => {
      const email = uniqueEmail('from');
      expect((await register({ name: 'Ada', email, password: PASSWORD, from })).statusCode).toBe(
        202,
      );
      await mailSettled();
      return t.mail
        .filter((m) => m.to === email)
        .at(-1)
        ?.text.match(/\S*\/verify-email\S*/)?.[0];
    };
    expect(await linkOf('/purchase/abc?qty=100')).toMatch(
      new RegExp(
        `^${TEST_PUBLIC_URL}/verify-email\\?token=[\\w-]+&from=%2Fpurchase%2Fabc%3Fqty%3D100$`,
      ),
    );
    for (const hostile of ['https://evil.example', '//evil.example', '/\\evil.example', '/'])
      expect(await linkOf(hostile)).toMatch(
        new RegExp(`^${TEST_PUBLIC_URL}/verify-email\\?token=[\\w-]+$`),
      );
    const tooLong = await register({
      name: 'Ada',
      email: uniqueEmail(),
      password: PASSWORD,
      from: `/${'a'.repeat(600)}`,
    });
    expect(tooLong.statusCode).toBe(400);
  });

  it('sends its e-mail again with the same answer for any address, and only the right e-mail', async () => {
    const resend = (email: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/register/resend',
        payload: { email, from: '/dashboard' },
      });
    const waiting = uniqueEmail('waiting');
    await register({ name: 'Waiting', email: waiting, password: PASSWORD });
    const { email: verified } = await registerUser();
    const unknown = uniqueEmail('ghost');
    await mailSettled();
    const sentBefore = t.mail.length;
    const replies = [await resend(waiting), await resend(verified), await resend(unknown)];
    for (const res of replies) {
      expect(res.statusCode).toBe(202);
      expect(res.json()).toEqual({ message: authMessages.signUpMailResent });
      expect(refreshCookie(res)).toBeUndefined();
    }
    await mailSettled();
    const sent = t.mail.slice(sentBefore);
    expect(sent.map((m) => m.to).sort()).toEqual([verified, waiting].sort());
    expect(sent.find((m) => m.to === verified)?.text).toMatch(/create an account/i);
    const link = sent.find((m) => m.to === waiting)?.text.match(/\S*\/verify-email\S*/)?.[0];
    expect(link).toMatch(/&from=%2Fdashboard$/);
    expect((await verify(lastLink(waiting, '/verify-email') ?? '')).statusCode).toBe(200);
  });

  it.each([
    [{ name: '', email: 'a@b.com', password: PASSWORD }, 'name', messages.fullNameRequired],
    [
      { name: 'N'.repeat(81), email: 'a@b.com', password: PASSWORD },
      'name',
      messages.fullNameRequired,
    ],
    [{ name: 'Nusrat', email: 'nusrat', password: PASSWORD }, 'email', messages.registerEmail],
    [{ name: 'Nusrat', email: 'n@b.com', password: 'short' }, 'password', messages.password],
    [{ name: 'Nusrat', email: 'n@b.com', password: 'letters' }, 'password', messages.password],
    [{ name: 'Nusrat', email: 'n@b.com', password: '123456' }, 'password', messages.password],
  ])(
    'enforces SPEC §5 on the server with the same message (%j)',
    async (payload, field, message) => {
      const before = await t.db.select({ n: sql<number>`count(*)::int` }).from(users);
      const res = await t.app.inject({ method: 'POST', url: '/api/auth/register', payload });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toContain(`body.${field}: ${message}`);
      expect(await t.db.select({ n: sql<number>`count(*)::int` }).from(users)).toEqual(before);
    },
  );
});

describe('sign-in', () => {
  it('signs in with the right password', async () => {
    const { email } = await registerUser();
    const res = await login(email.toUpperCase());
    expect(res.statusCode).toBe(200);
    expect(authReply.parse(res.json()).user.email).toBe(email);
    expect(refreshCookie(res)?.value).toBeTruthy();
  });

  it('gives a wrong password and an unknown address the same 401', async () => {
    const { email } = await registerUser();
    const wrong = await login(email, 'wrong123');
    const unknown = await login(uniqueEmail('nobody'), 'wrong123');
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual({
      error: { code: 'unauthorized', message: authMessages.badCredentials },
    });
    expect(unknown.json()).toEqual(wrong.json());
  });

  it('refuses a malformed address with the login rule', async () => {
    const res = await login('not-an-email');
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toContain(messages.invalidEmail);
  });
});

describe('access tokens', () => {
  const forge = async (
    claims: Record<string, unknown>,
    options: { alg?: string; key?: Uint8Array; aud?: string; exp?: number } = {},
  ) => {
    const now = Math.floor(Date.now() / 1000);
    return new SignJWT({ sid: claims.sid, ...claims })
      .setProtectedHeader({ alg: options.alg ?? 'HS256' })
      .setSubject(String(claims.sub))
      .setAudience(options.aud ?? 'axle')
      .setIssuer('axle')
      .setIssuedAt(now)
      .setExpirationTime(options.exp ?? now + 600)
      .sign(options.key ?? (t.accessKey as Uint8Array));
  };
  const claimsOf = (token: string) =>
    JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString());

  it('are refused when tampered with, unsigned, for another audience, expired or signed with another key', async () => {
    const { token } = await registerUser();
    const { sub, sid } = claimsOf(token);
    const [header, payload, signature] = token.split('.');
    const tampered = `${header}.${Buffer.from(JSON.stringify({ ...claimsOf(token), sub: '00000000-0000-4000-8000-000000000000' })).toString('base64url')}.${signature}`;
    const unsigned = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${payload}.`;
    const cases = {
      tampered,
      unsigned,
      wrongAudience: await forge({ sub, sid }, { aud: 'someone-else' }),
      expired: await forge({ sub, sid }, { exp: Math.floor(Date.now() / 1000) - 5 }),
      wrongKey: await forge({ sub, sid }, { key: new TextEncoder().encode('x'.repeat(32)) }),
      hs512: await forge({ sub, sid }, { alg: 'HS512' }),
      noSession: await forge({ sub }),
      otherSession: await forge({ sub, sid: '00000000-0000-4000-8000-000000000000' }),
      garbage: 'abc.def.ghi',
    };
    for (const [name, bad] of Object.entries(cases)) {
      const res = await me(bad);
      expect(res.statusCode, name).toBe(401);
      expect(res.json().error.code, name).toBe('unauthorized');
    }
    expect((await me(await forge({ sub, sid }))).statusCode).toBe(200);
  });

  it('stop working when the session is signed out', async () => {
    const { token, refresh: cookie } = await registerUser();
    expect((await me(token)).statusCode).toBe(200);
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      cookies: { axle_refresh: cookie },
    });
    expect(out.statusCode).toBe(204);
    expect((await me(token)).statusCode).toBe(401);
    expect((await refresh(cookie)).statusCode).toBe(401);
  });

  it('are checked in full again when altered after use, and expire on time once remembered', async () => {
    const { token } = await registerUser();
    const { sub, sid } = claimsOf(token);
    expect((await me(token)).statusCode).toBe(200);
    const [header, , signature] = token.split('.');
    const otherUser = `${header}.${Buffer.from(JSON.stringify({ ...claimsOf(token), sub: '00000000-0000-4000-8000-000000000000' })).toString('base64url')}.${signature}`;
    expect((await me(otherUser)).statusCode).toBe(401);
    expect((await me(`${token.slice(0, -2)}AA`)).statusCode).toBe(401);
    expect(await readAccessToken(new TextEncoder().encode('y'.repeat(32)), token)).toBeNull();

    const shortLived = await forge({ sub, sid }, { exp: Math.floor(Date.now() / 1000) + 2 });
    expect((await me(shortLived)).statusCode).toBe(200);
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + 3000);
      expect((await me(shortLived)).statusCode).toBe(401);
      expect((await me(token)).statusCode).toBe(200);
    } finally {
      vi.useRealTimers();
    }
  });

  it('stop working for a removed user', async () => {
    const { token, user } = await registerUser();
    await t.db.delete(users).where(eq(users.id, user._id));
    expect((await me(token)).statusCode).toBe(401);
  });

  it('stop working when all sessions of the user end', async () => {
    const { token, user } = await registerUser();
    await endAllSessions({ db: t.db }, user._id);
    expect((await me(token)).statusCode).toBe(401);
  });
});

describe('refresh tokens', () => {
  it('swap for a new access token and a new refresh token', async () => {
    const { refresh: first } = await registerUser();
    const res = await refresh(first);
    expect(res.statusCode).toBe(200);
    expect((await me(res.json().token)).statusCode).toBe(200);
    const second = refreshCookie(res)?.value;
    expect(second).toBeTruthy();
    expect(second).not.toBe(first);
    expect((await refresh(second ?? '')).statusCode).toBe(200);
  });

  it('end the whole session when an already-used one comes back', async () => {
    const { refresh: first, token } = await registerUser();
    const rotated = await refresh(first);
    const second = refreshCookie(rotated)?.value ?? '';
    const reuse = await refresh(first);
    expect(reuse.statusCode).toBe(401);
    // The thief's reuse also ends the legitimate holder's tokens.
    expect((await refresh(second)).statusCode).toBe(401);
    expect((await me(rotated.json().token)).statusCode).toBe(401);
    expect((await me(token)).statusCode).toBe(401);
  });

  it('are refused when missing or unknown, and the cookie is cleared', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/refresh' })).statusCode).toBe(401);
    const unknown = await refresh('not-a-token');
    expect(unknown.statusCode).toBe(401);
    expect(refreshCookie(unknown)?.value).toBe('');
  });

  it('are refused once the session has expired', async () => {
    const { refresh: cookie } = await registerUser();
    clock += 31 * 24 * 3600 * 1000;
    try {
      expect((await refresh(cookie)).statusCode).toBe(401);
    } finally {
      clock = Date.now();
    }
  });

  it('are stored only as hashes', async () => {
    const { refresh: cookie } = await registerUser();
    const found = await t.db
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, cookie));
    expect(found).toHaveLength(0);
    expect(
      await t.db
        .select()
        .from(refreshTokens)
        .where(eq(refreshTokens.tokenHash, hashToken(cookie))),
    ).toHaveLength(1);
  });
});

describe('password reset', () => {
  const ask = (email: string) =>
    t.app.inject({ method: 'POST', url: '/api/auth/password-reset', payload: { email } });
  const confirm = (token: string, password: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/password-reset/confirm',
      payload: { token, password },
    });

  it('answers 202 with the same words whether or not the address has an account', async () => {
    const { email } = await registerUser();
    const known = await ask(email);
    const unknown = await ask(uniqueEmail('ghost'));
    expect(known.statusCode).toBe(202);
    expect(unknown.statusCode).toBe(202);
    expect(known.json()).toEqual({ message: authMessages.resetSent });
    expect(unknown.json()).toEqual(known.json());
  });

  it('sets a new password through the e-mailed link, once, and ends every session', async () => {
    const { email, token: oldAccess, refresh: oldRefresh } = await registerUser();
    await ask(email);
    await mailSettled();
    const link = lastLink(email, '/reset-password') ?? '';
    expect(link).toBeTruthy();
    const res = await confirm(link, 'newpass42');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: authMessages.resetDone });
    expect((await login(email, PASSWORD)).statusCode).toBe(401);
    expect((await login(email, 'newpass42')).statusCode).toBe(200);
    expect((await me(oldAccess)).statusCode).toBe(401);
    expect((await refresh(oldRefresh)).statusCode).toBe(401);
    const reused = await confirm(link, 'again123');
    expect(reused.statusCode).toBe(400);
    expect(reused.json().error.message).toBe(authMessages.resetInvalid);
    expect((await login(email, 'newpass42')).statusCode).toBe(200);
  });

  it('refuses an expired link and changes nothing', async () => {
    const { email } = await registerUser();
    await ask(email);
    await mailSettled();
    const link = lastLink(email, '/reset-password') ?? '';
    clock += 31 * 60 * 1000;
    try {
      expect((await confirm(link, 'newpass42')).statusCode).toBe(400);
    } finally {
      clock = Date.now();
    }
    expect((await login(email, PASSWORD)).statusCode).toBe(200);
  });

  it('refuses a made-up token and a weak new password', async () => {
    expect((await confirm('x'.repeat(43), 'newpass42')).json().error.message).toBe(
      authMessages.resetInvalid,
    );
    const { email } = await registerUser();
    await ask(email);
    await mailSettled();
    const weak = await confirm(lastLink(email, '/reset-password') ?? '', 'short');
    expect(weak.statusCode).toBe(400);
    expect(weak.json().error.message).toContain(messages.password);
  });

  it('keeps only hashes of the links', async () => {
    const { email, user } = await registerUser();
    await ask(email);
    await mailSettled();
    const link = lastLink(email, '/reset-password') ?? '';
    const rows = await t.db.select().from(emailTokens).where(eq(emailTokens.userId, user._id));
    expect(rows.some((row) => row.tokenHash === link)).toBe(false);
  });
});

describe('e-mail verification', () => {
  const signUpOnly = async () => {
    const email = uniqueEmail('verify');
    expect((await register({ name: 'Ada', email, password: PASSWORD })).statusCode).toBe(202);
    await mailSettled();
    return { email, link: lastLink(email, '/verify-email') ?? '' };
  };
  const sessionsOf = async (email: string) => {
    const [user] = await t.db.select().from(users).where(eq(users.email, email));
    return t.db
      .select()
      .from(sessions)
      .where(eq(sessions.userId, user?.id ?? ''));
  };

  it('signs in through the link once; opened again it says so and hands out no session', async () => {
    const { email, link } = await signUpOnly();
    expect((await verify(link)).statusCode).toBe(200);
    const again = await verify(link);
    expect(again.statusCode).toBe(400);
    expect(again.json().error.message).toBe(authMessages.verifyUsed);
    expect(refreshCookie(again)).toBeUndefined();
    expect(await sessionsOf(email)).toHaveLength(1);
  });

  it('hands out one session when the same or two links are opened at the same moment', async () => {
    const { email, link } = await signUpOnly();
    await t.app.inject({ method: 'POST', url: '/api/auth/register/resend', payload: { email } });
    await mailSettled();
    const other = lastLink(email, '/verify-email') ?? '';
    const codes = (await Promise.all([verify(link), verify(link), verify(other)])).map(
      (res) => res.statusCode,
    );
    expect(codes.sort()).toEqual([200, 400, 400]);
    expect(await sessionsOf(email)).toHaveLength(1);
  });

  it('is not a GET: a mail scanner fetching the link signs nobody in', async () => {
    const { email, link } = await signUpOnly();
    const fetched = await t.app.inject({
      method: 'GET',
      url: `/api/auth/verify-email?token=${link}`,
    });
    expect(fetched.statusCode).toBe(404);
    expect(await sessionsOf(email)).toHaveLength(0);
    expect((await verify(link)).statusCode).toBe(200);
  });

  it('hands out no session from an older link once the address is verified', async () => {
    const { email, link: older } = await signUpOnly();
    await t.app.inject({ method: 'POST', url: '/api/auth/register/resend', payload: { email } });
    await mailSettled();
    const newer = lastLink(email, '/verify-email') ?? '';
    expect(newer).not.toBe(older);
    expect((await verify(newer)).statusCode).toBe(200);
    const late = await verify(older);
    expect(late.statusCode).toBe(400);
    expect(late.json().error.message).toBe(authMessages.verifyUsed);
    expect(await sessionsOf(email)).toHaveLength(1);
  });

  it('hands out no session once a password reset has verified the address', async () => {
    const { email, link } = await signUpOnly();
    await t.app.inject({ method: 'POST', url: '/api/auth/password-reset', payload: { email } });
    await mailSettled();
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/auth/password-reset/confirm',
      payload: { token: lastLink(email, '/reset-password') ?? '', password: 'newpass42' },
    });
    expect(reset.statusCode).toBe(200);
    expect((await verify(link)).json().error.message).toBe(authMessages.verifyUsed);
    expect(await sessionsOf(email)).toHaveLength(0);
  });

  it('refuses an expired or made-up link', async () => {
    const { email, link } = await signUpOnly();
    clock += (VERIFY_LINK_HOURS + 1) * 3600 * 1000;
    try {
      const expired = await verify(link);
      expect(expired.statusCode).toBe(400);
      expect(expired.json().error.message).toBe(authMessages.verifyInvalid);
    } finally {
      clock = Date.now();
    }
    expect((await verify('x'.repeat(43))).json().error.message).toBe(authMessages.verifyInvalid);
    expect(await sessionsOf(email)).toHaveLength(0);
  });

  it('leaves password sign-in open before verification, and the link can be sent again from the profile', async () => {
    const { email } = await signUpOnly();
    const signedIn = await login(email);
    expect(signedIn.statusCode).toBe(200);
    const { token } = authReply.parse(signedIn.json());
    expect((await me(token)).json().user.emailVerified).toBe(false);
    const resend = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/verify-email/resend',
        headers: { authorization: `Bearer ${token}` },
      });
    const res = await resend();
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ message: authMessages.verificationSent });
    await mailSettled();
    expect((await verify(lastLink(email, '/verify-email') ?? '')).statusCode).toBe(200);
    expect((await me(token)).json().user.emailVerified).toBe(true);
    expect((await resend()).json()).toEqual({ message: authMessages.alreadyVerified });
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/auth/verify-email/resend' })).statusCode,
    ).toBe(401);
  });
});

describe('user sync and admin check (SPEC §7)', () => {
  const sync = (token: string, email: string, payload: object) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/user/${encodeURIComponent(email)}`,
      headers: { authorization: `Bearer ${token}` },
      payload,
    });
  const adminCheck = (token: string | null, email: string) =>
    t.app.inject({
      method: 'GET',
      url: `/api/admin/${encodeURIComponent(email)}`,
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });

  it('updates name and photo of the caller only, keeps the first provider, and returns a working token', async () => {
    const { email, token } = await registerUser();
    const res = await sync(token, email, {
      email,
      name: 'New Name',
      img: '/images/avatars/reviewer-2.svg',
      providerId: 'google.com',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({
      name: 'New Name',
      img: '/images/avatars/reviewer-2.svg',
      providerId: 'password',
    });
    expect((await me(res.json().token)).statusCode).toBe(200);
  });

  it("refuses to touch someone else's account", async () => {
    const victim = await registerUser();
    const attacker = await registerUser();
    const res = await sync(attacker.token, victim.email, { name: 'Hacked' });
    expect(res.statusCode).toBe(403);
    expect((await me(victim.token)).json().user.name).toBe('Nusrat Jahan');
    expect((await sync('', victim.email, { name: 'Hacked' })).statusCode).toBe(401);
  });

  it('tells a customer only about themself, and an admin about anyone', async () => {
    const customer = await registerUser();
    const other = await registerUser();
    const adminEmail = uniqueEmail('admin');
    await createUser(
      { db: t.db },
      { name: 'Admin', email: adminEmail, password: PASSWORD, admin: true },
    );
    const admin = authReply.parse((await login(adminEmail)).json());

    expect((await adminCheck(customer.token, customer.email)).json()).toEqual({ admin: false });
    expect((await adminCheck(customer.token, adminEmail)).statusCode).toBe(403);
    expect((await adminCheck(customer.token, other.email)).statusCode).toBe(403);
    expect((await adminCheck(null, customer.email)).statusCode).toBe(401);
    expect((await adminCheck(admin.token, adminEmail)).json()).toEqual({ admin: true });
    expect((await adminCheck(admin.token, customer.email)).json()).toEqual({ admin: false });
  });

  it('notices a demotion at once (the role is read with the session, not from the token)', async () => {
    const adminEmail = uniqueEmail('admin');
    await createUser(
      { db: t.db },
      { name: 'Admin', email: adminEmail, password: PASSWORD, admin: true },
    );
    const { token } = authReply.parse((await login(adminEmail)).json());
    await t.db
      .update(users)
      .set({ role: null })
      .where(sql`lower(${users.email}) = lower(${adminEmail})`);
    expect((await adminCheck(token, adminEmail)).json()).toEqual({ admin: false });
  });
});

describe('sessions table', () => {
  it('keeps one session per sign-in', async () => {
    const { email, user } = await registerUser();
    await login(email);
    const rows = await t.db.select().from(sessions).where(eq(sessions.userId, user._id));
    expect(rows).toHaveLength(2);
  });
});
