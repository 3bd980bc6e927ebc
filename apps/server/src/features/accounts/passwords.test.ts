// Signing up with e-mail and password, and resetting a forgotten password.
import { authMessages, authReply, messages } from '@axle/contract';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { accountsTestApp, PASSWORD, type TestApp } from '../../../test/accounts.ts';
import { TEST_PUBLIC_URL } from '../../../test/test-app.ts';
import { credentials, emailTokens, sessions, users } from './accounts.table.ts';

const kit = accountsTestApp();
const {
  clock,
  uniqueEmail,
  refreshCookie,
  register,
  verify,
  login,
  me,
  refresh,
  lastLink,
  mailSettled,
  registerUser,
} = kit;
let t: TestApp;
beforeAll(() => {
  t = kit.t();
});

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
    // The browser that signed up carries its sign-up cookie, which only script cannot read.
    const browser = res.cookies.find((c) => c.name === 'axle_sign_up');
    expect(browser).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/auth' });
    const signedIn = await verify(link ?? '', browser?.value);
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
    // Both set a sign-up cookie (its value binds the new account, or nothing) with the same shape.
    const cookies = (res: typeof fresh) => res.cookies.map(({ value, ...shape }) => shape);
    expect(cookies(fresh).map((c) => c.name)).toEqual(['axle_sign_up']);
    expect({ status: fresh.statusCode, body: fresh.json(), cookies: cookies(fresh) }).toEqual({
      status: again.statusCode,
      body: again.json(),
      cookies: cookies(again),
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
      expect(res.json().error.fields).toContainEqual({ path: field, message });
      expect(res.json().error.message).toContain(message);
      expect(await t.db.select({ n: sql<number>`count(*)::int` }).from(users)).toEqual(before);
    },
  );
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
    clock.now += 31 * 60 * 1000;
    try {
      expect((await confirm(link, 'newpass42')).statusCode).toBe(400);
    } finally {
      clock.now = Date.now();
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
