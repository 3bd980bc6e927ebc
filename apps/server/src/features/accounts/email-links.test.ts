// The e-mailed verification link: opening it once, and having it sent again.
import { authMessages, authReply } from '@axle/contract';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { accountsTestApp, PASSWORD, type TestApp } from '../../../test/accounts.ts';
import { sessions, users } from './accounts.table.ts';
import { VERIFY_LINK_HOURS } from './email-links.service.ts';

const kit = accountsTestApp();
const {
  clock,
  uniqueEmail,
  refreshCookie,
  register,
  verify,
  login,
  me,
  lastLink,
  mailSettled,
  registerUser,
} = kit;
let t: TestApp;
beforeAll(() => {
  t = kit.t();
});

describe('sending the sign-up e-mail again', () => {
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
    expect(fetched.statusCode).toBe(405);
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
    clock.now += (VERIFY_LINK_HOURS + 1) * 3600 * 1000;
    try {
      const expired = await verify(link);
      expect(expired.statusCode).toBe(400);
      expect(expired.json().error.message).toBe(authMessages.verifyInvalid);
    } finally {
      clock.now = Date.now();
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
