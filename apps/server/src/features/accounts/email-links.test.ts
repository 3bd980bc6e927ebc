// The e-mailed verification link: opening it once, and having it sent again.
import { authMessages, authReply, verifiedElsewhereReply } from '@axle/contract';
import { COMMON_PASSWORD_MESSAGE } from '@axle/contract/common-passwords';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { accountsTestApp, PASSWORD, type TestApp } from '../../../test/accounts.ts';
import { credentials, sessions, users } from './accounts.table.ts';
import { RESET_LINK_MINUTES, VERIFY_LINK_HOURS } from './email-links.service.ts';

const kit = accountsTestApp();
const {
  clock,
  uniqueEmail,
  refreshCookie,
  signUpCookie,
  register,
  verify,
  choosePassword,
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
    const browser = signUpCookie(
      await register({ name: 'Waiting', email: waiting, password: PASSWORD }),
    );
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
    // The link sent again still signs in the browser that signed up.
    const signedIn = await verify(lastLink(waiting, '/verify-email') ?? '', browser);
    expect(signedIn.statusCode).toBe(200);
    expect(refreshCookie(signedIn)).toBeDefined();
  });
});

describe('e-mail verification', () => {
  const signUpOnly = async () => {
    const email = uniqueEmail('verify');
    const res = await register({ name: 'Ada', email, password: PASSWORD });
    expect(res.statusCode).toBe(202);
    await mailSettled();
    return { email, link: lastLink(email, '/verify-email') ?? '', browser: signUpCookie(res) };
  };
  const sessionsOf = async (email: string) => {
    const [user] = await t.db.select().from(users).where(eq(users.email, email));
    return t.db
      .select()
      .from(sessions)
      .where(eq(sessions.userId, user?.id ?? ''));
  };

  it('signs in through the link once; opened again it says so and hands out no session', async () => {
    const { email, link, browser } = await signUpOnly();
    expect((await verify(link, browser)).statusCode).toBe(200);
    const again = await verify(link, browser);
    expect(again.statusCode).toBe(400);
    expect(again.json().error.message).toBe(authMessages.verifyUsed);
    expect(refreshCookie(again)).toBeUndefined();
    expect(await sessionsOf(email)).toHaveLength(1);
  });

  it('hands out one session when the same or two links are opened at the same moment', async () => {
    const { email, link, browser } = await signUpOnly();
    await t.app.inject({ method: 'POST', url: '/api/auth/register/resend', payload: { email } });
    await mailSettled();
    const other = lastLink(email, '/verify-email') ?? '';
    const codes = (
      await Promise.all([verify(link, browser), verify(link, browser), verify(other, browser)])
    ).map((res) => res.statusCode);
    expect(codes.sort()).toEqual([200, 400, 400]);
    expect(await sessionsOf(email)).toHaveLength(1);
  });

  it('is not a GET: a mail scanner fetching the link signs nobody in', async () => {
    const { email, link, browser } = await signUpOnly();
    const fetched = await t.app.inject({
      method: 'GET',
      url: `/api/auth/verify-email?token=${link}`,
      cookies: { axle_sign_up: browser ?? '' },
    });
    expect(fetched.statusCode).toBe(405);
    expect(await sessionsOf(email)).toHaveLength(0);
    expect((await verify(link, browser)).statusCode).toBe(200);
  });

  it('hands out no session from an older link once the address is verified', async () => {
    const { email, link: older, browser } = await signUpOnly();
    await t.app.inject({ method: 'POST', url: '/api/auth/register/resend', payload: { email } });
    await mailSettled();
    const newer = lastLink(email, '/verify-email') ?? '';
    expect(newer).not.toBe(older);
    expect((await verify(newer, browser)).statusCode).toBe(200);
    const late = await verify(older, browser);
    expect(late.statusCode).toBe(400);
    expect(late.json().error.message).toBe(authMessages.verifyUsed);
    expect(await sessionsOf(email)).toHaveLength(1);
  });

  it('hands out no session once a password reset has verified the address', async () => {
    const { email, link, browser } = await signUpOnly();
    await t.app.inject({ method: 'POST', url: '/api/auth/password-reset', payload: { email } });
    await mailSettled();
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/auth/password-reset/confirm',
      payload: { token: lastLink(email, '/reset-password') ?? '', password: 'newpass42' },
    });
    expect(reset.statusCode).toBe(200);
    expect((await verify(link, browser)).json().error.message).toBe(authMessages.verifyUsed);
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

  it('refuses password sign-in before verification; the link signs in the browser that signed up', async () => {
    const { email, link, browser } = await signUpOnly();
    const early = await login(email);
    expect(early.statusCode).toBe(403);
    expect(early.json().error.message).toBe(authMessages.verifyFirst);
    expect(refreshCookie(early)).toBeUndefined();
    // A wrong password still reads as any wrong password.
    expect((await login(email, 'wrong2024x')).statusCode).toBe(401);
    expect(await sessionsOf(email)).toHaveLength(0);

    const signedIn = await verify(link, browser);
    expect(signedIn.statusCode).toBe(200);
    const { token } = authReply.parse(signedIn.json());
    expect((await me(token)).json().user.emailVerified).toBe(true);
    expect((await login(email)).statusCode).toBe(200);
    // Only a verified address has a session, so its profile's resend only says so.
    const resend = await t.app.inject({
      method: 'POST',
      url: '/api/auth/verify-email/resend',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(resend.statusCode).toBe(202);
    expect(resend.json()).toEqual({ message: authMessages.alreadyVerified });
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/auth/verify-email/resend' })).statusCode,
    ).toBe(401);
  });

  const credentialsOf = async (email: string) => {
    const [user] = await t.db.select().from(users).where(eq(users.email, email));
    return t.db
      .select()
      .from(credentials)
      .where(eq(credentials.userId, user?.id ?? ''));
  };
  /** The link opened in a browser that did not sign up: the proof it hands out. */
  const openedElsewhere = async () => {
    const signedUp = await signUpOnly();
    const opened = await verify(signedUp.link);
    expect(opened.statusCode).toBe(200);
    const { passwordToken } = verifiedElsewhereReply.parse(opened.json());
    return { ...signedUp, opened, passwordToken };
  };

  it('opened in another browser: verifies, signs nobody in, ends every session and removes the sign-up password', async () => {
    const { email, opened } = await openedElsewhere();
    expect(opened.json()).toEqual({
      message: authMessages.verifiedElsewhere(email),
      email,
      passwordToken: expect.stringMatching(/^[\w-]{40,}$/),
    });
    expect(opened.json().message).toBe(
      `Your e-mail address ${email} is verified. Choose a password to sign in.`,
    );
    expect(refreshCookie(opened)).toBeUndefined();
    expect(opened.json().token).toBeUndefined();
    const [user] = await t.db.select().from(users).where(eq(users.email, email));
    expect(user?.emailVerified).toBe(true);
    expect(await credentialsOf(email)).toEqual([]);
    // Whoever chose the sign-up password gets nothing with it.
    expect((await login(email)).statusCode).toBe(401);
    expect(await sessionsOf(email)).toHaveLength(0);
  });

  it('opened in another browser: the password chosen there with its proof signs that browser in', async () => {
    const { email, passwordToken } = await openedElsewhere();
    const chosen = await choosePassword(passwordToken, 'owner2024x');
    expect(chosen.statusCode).toBe(200);
    const { user, token } = authReply.parse(chosen.json());
    expect(user).toMatchObject({ email, emailVerified: true });
    expect(refreshCookie(chosen)).toMatchObject({ httpOnly: true, sameSite: 'Strict' });
    expect((await me(token)).json().user.email).toBe(email);
    expect(await sessionsOf(email)).toHaveLength(1);
    // The chosen password signs in anywhere; the one chosen at sign-up still does not.
    expect((await login(email, 'owner2024x')).statusCode).toBe(200);
    expect((await login(email)).statusCode).toBe(401);
  });

  it('the proof works once: used again it is refused and signs nobody in', async () => {
    const { email, passwordToken } = await openedElsewhere();
    expect((await choosePassword(passwordToken, 'owner2024x')).statusCode).toBe(200);
    const again = await choosePassword(passwordToken, 'other2024x');
    expect(again.statusCode).toBe(400);
    expect(again.json().error.message).toBe(authMessages.choosePasswordExpired);
    expect(refreshCookie(again)).toBeUndefined();
    expect(await sessionsOf(email)).toHaveLength(1);
    expect((await login(email, 'other2024x')).statusCode).toBe(401);
    expect((await login(email, 'owner2024x')).statusCode).toBe(200);
  });

  it('the proof is refused after 30 minutes, and the owner is told to use "Forgot password?"', async () => {
    const { email, passwordToken } = await openedElsewhere();
    clock.now += (RESET_LINK_MINUTES * 60 + 1) * 1000;
    try {
      const late = await choosePassword(passwordToken, 'owner2024x');
      expect(late.statusCode).toBe(400);
      expect(late.json().error.message).toBe(authMessages.choosePasswordExpired);
      expect(late.json().error.message).toContain('"Forgot password?"');
      expect(refreshCookie(late)).toBeUndefined();
    } finally {
      clock.now = Date.now();
    }
    expect(await credentialsOf(email)).toEqual([]);
    expect(await sessionsOf(email)).toHaveLength(0);
  });

  it('the proof is void once another password was set with a reset link', async () => {
    const { email, passwordToken } = await openedElsewhere();
    await t.app.inject({ method: 'POST', url: '/api/auth/password-reset', payload: { email } });
    await mailSettled();
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/auth/password-reset/confirm',
      payload: { token: lastLink(email, '/reset-password') ?? '', password: 'reset2024x' },
    });
    expect(reset.statusCode).toBe(200);
    const late = await choosePassword(passwordToken, 'owner2024x');
    expect(late.statusCode).toBe(400);
    expect(late.json().error.message).toBe(authMessages.choosePasswordExpired);
    expect((await login(email, 'reset2024x')).statusCode).toBe(200);
    expect((await login(email, 'owner2024x')).statusCode).toBe(401);
  });

  it('a common or rule-breaking password is refused and the proof still works', async () => {
    const { email, passwordToken } = await openedElsewhere();
    const common = await choosePassword(passwordToken, 'password1');
    expect(common.statusCode).toBe(400);
    expect(common.json().error.message).toBe(COMMON_PASSWORD_MESSAGE);
    const weak = await choosePassword(passwordToken, 'abcdef');
    expect(weak.statusCode).toBe(400);
    expect(refreshCookie(weak)).toBeUndefined();
    expect(await credentialsOf(email)).toEqual([]);
    expect((await choosePassword(passwordToken, 'owner2024x')).statusCode).toBe(200);
  });

  it('refuses a made-up proof and the token of a verification link as the proof', async () => {
    const { link, email } = await signUpOnly();
    for (const token of ['x'.repeat(43), link]) {
      const refused = await choosePassword(token, 'owner2024x');
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error.message).toBe(authMessages.choosePasswordExpired);
    }
    expect(await sessionsOf(email)).toHaveLength(0);
    // The link was not used up by that attempt: it still verifies.
    expect((await verify(link)).statusCode).toBe(200);
  });

  it('signs in no browser whose sign-up cookie names another account, or is forged or expired', async () => {
    const { email, link } = await signUpOnly();
    const other = await signUpOnly();
    const [header, , signature] = (other.browser ?? '').split('.');
    const [user] = await t.db.select().from(users).where(eq(users.email, email));
    const forged = `${header}.${Buffer.from(JSON.stringify({ accounts: [user?.id], aud: 'axle-sign-up', iss: 'axle', exp: 9999999999 })).toString('base64url')}.${signature}`;
    for (const browser of [other.browser, forged, 'garbage']) {
      const opened = await verify(link, browser);
      // The first opening verifies (and signs nobody in); the link is used after that.
      expect(refreshCookie(opened)).toBeUndefined();
      expect(opened.json().token).toBeUndefined();
    }
    expect(await sessionsOf(email)).toHaveLength(0);

    const late = await signUpOnly();
    clock.now += (VERIFY_LINK_HOURS * 3600 + 1) * 1000;
    try {
      // Past the cookie's life the link is expired too; a link sent again is not.
      await t.app.inject({
        method: 'POST',
        url: '/api/auth/register/resend',
        payload: { email: late.email },
      });
      await mailSettled();
      const opened = await verify(lastLink(late.email, '/verify-email') ?? '', late.browser);
      expect(opened.statusCode).toBe(200);
      expect(opened.json()).toMatchObject({ message: authMessages.verifiedElsewhere(late.email) });
      expect(refreshCookie(opened)).toBeUndefined();
    } finally {
      clock.now = Date.now();
    }
  });
});
