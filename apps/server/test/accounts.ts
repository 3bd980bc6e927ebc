// What the accounts tests share: an app whose rate limits stay out of the way (they have their
// own tests) on a clock the test moves, and the calls those tests make.
import { authReply } from '@axle/contract';
import { afterAll, beforeAll, expect } from 'vitest';
import { type AuthLimits, defaultAuthLimits } from '../src/features/accounts/accounts.limits.ts';
import { createTestApp, TEST_PUBLIC_URL } from './test-app.ts';

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;
type Reply = Awaited<ReturnType<TestApp['app']['inject']>>;

export const PASSWORD = 'brake99';

/**
 * Builds the app for the calling test file (before its tests, closed after them). `clock.now` is
 * the app's time: a test moves it and puts it back.
 */
export function accountsTestApp() {
  let app: TestApp | undefined;
  const clock = { now: Date.now() };
  const generous = { max: 10_000, windowSeconds: 60 };
  beforeAll(async () => {
    app = await createTestApp({
      now: () => new Date(clock.now),
      authLimits: Object.fromEntries(
        Object.keys(defaultAuthLimits).map((key) => [key, generous]),
      ) as AuthLimits,
    });
  });
  afterAll(() => app?.close());
  const t = () => {
    if (!app) throw new Error('the accounts test app is built before the tests');
    return app;
  };

  let counter = 0;
  const uniqueEmail = (label = 'buyer') => `${label}${++counter}${Date.now() % 100000}@garage.com`;
  const refreshCookie = (res: Reply) => res.cookies.find((c) => c.name === 'axle_refresh');
  const register = (payload: object) =>
    t().app.inject({ method: 'POST', url: '/api/auth/register', payload });
  /** The sign-up cookie of a sign-up's reply: the browser that signed up. */
  const signUpCookie = (res: Reply) => res.cookies.find((c) => c.name === 'axle_sign_up')?.value;
  /** Opens a verification link; in the browser that signed up when `browser` is its cookie. */
  const verify = (token: string, browser?: string) =>
    t().app.inject({
      method: 'POST',
      url: '/api/auth/verify-email',
      payload: { token },
      ...(browser ? { cookies: { axle_sign_up: browser } } : {}),
    });
  /** Chooses the password with the proof a link opened in another browser handed out. */
  const choosePassword = (token: string, password: string) =>
    t().app.inject({
      method: 'POST',
      url: '/api/auth/verify-email/password',
      payload: { token, password },
    });
  const login = (email: string, password = PASSWORD, remoteAddress = '127.0.0.1') =>
    t().app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password },
      remoteAddress,
    });
  const me = (token: string) =>
    t().app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: { authorization: `Bearer ${token}` },
    });
  const refresh = (value: string) =>
    t().app.inject({ method: 'POST', url: '/api/auth/refresh', cookies: { axle_refresh: value } });
  const lastLink = (to: string, path: string) => {
    const message = t()
      .mail.filter((m) => m.to === to)
      .at(-1);
    const link = message?.text.match(
      new RegExp(`${TEST_PUBLIC_URL}${path}\\?token=([A-Za-z0-9_-]+)`),
    );
    return link?.[1];
  };
  // Mail goes out after the reply; give the event loop a turn before reading it.
  const mailSettled = () => new Promise((resolve) => setTimeout(resolve, 20));

  /**
   * A new customer who signed up and opened the e-mailed link in the same browser: verified and
   * signed in.
   */
  async function registerUser(email = uniqueEmail(), name = 'Nusrat Jahan') {
    const res = await register({ name, email, password: PASSWORD });
    expect(res.statusCode).toBe(202);
    await mailSettled();
    const signedIn = await verify(lastLink(email, '/verify-email') ?? '', signUpCookie(res));
    expect(signedIn.statusCode).toBe(200);
    const cookie = refreshCookie(signedIn);
    return { email, ...authReply.parse(signedIn.json()), refresh: cookie?.value ?? '' };
  }

  return {
    t,
    clock,
    uniqueEmail,
    refreshCookie,
    signUpCookie,
    register,
    verify,
    choosePassword,
    login,
    me,
    refresh,
    lastLink,
    mailSettled,
    registerUser,
  };
}
