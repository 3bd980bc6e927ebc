// Attack catalogue, brute force and credential stuffing (ASVS 5 V6.3.1, V6.1.1, V2.4.1; Juice
// Shop "Password Strength", "CAPTCHA Bypass"-style floods). Small limits here (the defaults
// apply the same rules at larger numbers): after the limit the answer is a JSON 429 with
// Retry-After, even for the right password or a valid link, and nothing more is written.
import { randomInt, randomUUID } from 'node:crypto';
import { authMessages } from '@axle/contract';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultAuthLimits } from '../../src/features/accounts/accounts.limits.ts';
import { createUser } from '../../src/features/accounts/accounts.service.ts';
import { createTestApp } from '../test-app.ts';
import { expectUnchanged, snapshot } from './snapshot.ts';
import { expectError, type TestApp } from './support.ts';

let t: TestApp;
const small = { max: 3, windowSeconds: 600 };

beforeAll(async () => {
  t = await createTestApp({
    authLimits: {
      ...defaultAuthLimits,
      loginPerIp: { max: 8, windowSeconds: 600 },
      loginFailuresPerAccount: small,
      registerPerIp: small,
      registerPerAccount: small,
      resetPerIp: { max: 50, windowSeconds: 600 },
      resetPerAccount: small,
      confirmPerIp: { max: 5, windowSeconds: 600 },
      verifyPerIp: { max: 5, windowSeconds: 600 },
    },
  });
});
afterAll(() => t.close());

type Reply = Awaited<ReturnType<TestApp['app']['inject']>>;
const post = (url: string, payload: object, remoteAddress: string, headers = {}) =>
  t.app.inject({ method: 'POST', url, payload, remoteAddress, headers });
const login = (email: string, password: string, ip: string, headers = {}) =>
  post('/api/auth/login', { email, password }, ip, headers);

function expectLimited(res: Reply) {
  expectError(res, 429, 'rate_limited');
  expect(res.json().error.message).toMatch(
    /^Too many attempts\. Please wait \d+ minutes? and try again\.$/,
  );
  expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
}

let registered = 0;
/** A verified account (only a verified address signs in), made as the CLI makes one. */
async function account(label: string) {
  const email = `${label}${++registered}x${Date.now() % 100_000}@garage.com`;
  await createUser({ db: t.db }, { name: 'Target', email, password: 'brake99', admin: false });
  return email;
}

describe('brute force and credential stuffing', () => {
  it('[BF-01] guessing one account’s password from many addresses is stopped, even the right password then', async () => {
    const email = await account('guessed');
    const before = await snapshot(t.db);
    for (const ip of ['10.1.0.1', '10.1.0.2', '10.1.0.3']) {
      expectError(await login(email, 'guess2024x', ip), 401, 'unauthorized');
    }
    expectLimited(await login(email, 'brake99', '10.1.0.4'));
    await expectUnchanged(t.db, before);
  });

  it('[BF-02] one address trying many accounts (credential stuffing) is stopped, and X-Forwarded-For does not reset it', async () => {
    const real = await account('stuffed');
    const before = await snapshot(t.db);
    for (let i = 0; i < 8; i++) {
      expectError(
        await login(`list${i}@garage.com`, 'leaked2024x', '10.2.0.1'),
        401,
        'unauthorized',
      );
    }
    expectLimited(await login(real, 'brake99', '10.2.0.1'));
    expectLimited(
      await login(real, 'brake99', '10.2.0.1', {
        'x-forwarded-for': '203.0.113.7',
        'x-real-ip': '203.0.113.8',
      }),
    );
    await expectUnchanged(t.db, before);
  });

  it('[BF-03] sign-up floods from one address are stopped and store nothing more', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await post(
        '/api/auth/register',
        { name: 'Bot', email: `bot${i}${Date.now()}@spam.com`, password: 'brake99' },
        '10.3.0.1',
      );
      codes.push(res.statusCode);
    }
    expect(codes).toEqual([202, 202, 202]);
    const before = await snapshot(t.db);
    expectLimited(
      await post(
        '/api/auth/register',
        { name: 'Bot', email: `bot9${Date.now()}@spam.com`, password: 'brake99' },
        '10.3.0.1',
      ),
    );
    await expectUnchanged(t.db, before);
  });

  it('[BF-04] reset-mail floods per account are stopped alike for known and unknown addresses', async () => {
    const known = await account('mailbombed');
    for (const email of [known, `ghost${Date.now()}@garage.com`]) {
      for (let i = 0; i < 3; i++) {
        const res = await post('/api/auth/password-reset', { email }, `10.4.0.${i + 1}`);
        expect(res.statusCode).toBe(202);
        expect(res.json()).toEqual({ message: authMessages.resetSent });
      }
      const before = await snapshot(t.db);
      expectLimited(await post('/api/auth/password-reset', { email }, '10.4.0.9'));
      await expectUnchanged(t.db, before);
    }
  });

  it('[BF-05] guessing reset tokens from one address is stopped; then even a valid link waits and stays unused', async () => {
    const email = await account('resetguess');
    await post('/api/auth/password-reset', { email }, '10.5.0.9');
    await new Promise((resolve) => setTimeout(resolve, 20));
    const link =
      t.mail
        .filter((m) => m.to === email)
        .at(-1)
        ?.text.match(/token=([\w-]+)/)?.[1] ?? '';
    expect(link).not.toBe('');
    const before = await snapshot(t.db);
    for (let i = 0; i < 5; i++) {
      const res = await post(
        '/api/auth/password-reset/confirm',
        { token: `guess${i}`.padEnd(43, 'x'), password: 'owned2024x' },
        '10.5.0.1',
      );
      expectError(res, 400, 'invalid');
    }
    expectLimited(
      await post(
        '/api/auth/password-reset/confirm',
        { token: link, password: 'owned2024x' },
        '10.5.0.1',
      ),
    );
    await expectUnchanged(t.db, before);
    const fromOwner = await post(
      '/api/auth/password-reset/confirm',
      { token: link, password: 'owner2024x' },
      '10.5.0.2',
    );
    expect(fromOwner.statusCode).toBe(200);
  });

  it('[BF-06] changing the case or padding of the address does not give a fresh set of guesses', async () => {
    const email = await account('variants');
    const before = await snapshot(t.db);
    for (const variant of [email, email.toUpperCase(), `  ${email}  `]) {
      expectError(await login(variant, 'guess2024x', '10.6.0.1'), 401, 'unauthorized');
    }
    expectLimited(
      await login(
        email.replace(/^./, (c) => c.toUpperCase()),
        'brake99',
        '10.6.0.2',
      ),
    );
    await expectUnchanged(t.db, before);
  });

  it('[BF-07] guessing e-mail verification tokens, or the proof they hand out, from one address is stopped', async () => {
    const before = await snapshot(t.db);
    for (let i = 0; i < 5; i++) {
      const res = await post(
        '/api/auth/verify-email',
        { token: `guess${i}`.padEnd(43, 'y') },
        '10.7.0.1',
      );
      expectError(res, 400, 'invalid');
    }
    expectLimited(await post('/api/auth/verify-email', { token: 'z'.repeat(43) }, '10.7.0.1'));
    // Nor can the proof such a link hands out be guessed to choose an account's password.
    const choose = (token: string) =>
      post('/api/auth/verify-email/password', { token, password: 'guess2024x' }, '10.7.0.2');
    for (let i = 0; i < 5; i++)
      expectError(await choose(`proof${i}`.padEnd(43, 'y')), 400, 'invalid');
    expectLimited(await choose('z'.repeat(43)));
    await expectUnchanged(t.db, before);
  });

  it('[BF-08] thirty wrong passwords sent at once are not all checked: at most the limit reach the password, then even the right one waits', async () => {
    const email = await account('parallel');
    const before = await snapshot(t.db);
    const replies = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        login(email, `guess${i}2024x`, `10.8.${Math.floor(i / 8)}.${i % 8}`),
      ),
    );
    const checked = replies.filter((res) => res.statusCode === 401);
    const refused = replies.filter((res) => res.statusCode === 429);
    expect(checked.length).toBeLessThanOrEqual(small.max);
    expect(checked.length + refused.length).toBe(30);
    for (const res of refused) expectLimited(res);
    expectLimited(await login(email, 'brake99', '10.8.9.1'));
    await expectUnchanged(t.db, before);
  });

  it('[BF-09] a right password still clears the account’s failures, so its owner is never locked out by their own typos', async () => {
    const email = await account('typos');
    for (let round = 0; round < 3; round++) {
      for (let i = 0; i < small.max - 1; i++) {
        expectError(await login(email, 'typo2024x', `10.9.${round}.${i}`), 401, 'unauthorized');
      }
      expect((await login(email, 'brake99', `10.9.${round}.9`)).statusCode).toBe(200);
    }
  });

  it('[BF-08] … and with the counts in Redis, shared by every instance', async () => {
    const redis = new Redis(process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379', {
      maxRetriesPerRequest: 0,
    });
    const shared = await createTestApp({
      redis,
      authLimits: { ...defaultAuthLimits, loginFailuresPerAccount: small },
    });
    try {
      const email = `redis${randomUUID()}@garage.com`;
      // Redis outlives the test: an address of this run's own keeps the per-address limits apart.
      const remoteAddress = `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
      const registered = await shared.app.inject({
        method: 'POST',
        url: '/api/auth/register',
        payload: { name: 'Target', email, password: 'brake99' },
        remoteAddress,
      });
      expect(registered.statusCode).toBe(202);
      const replies = await Promise.all(
        Array.from({ length: 30 }, (_, i) =>
          shared.app.inject({
            method: 'POST',
            url: '/api/auth/login',
            payload: { email, password: `guess${i}2024x` },
            remoteAddress,
          }),
        ),
      );
      const checked = replies.filter((res) => res.statusCode === 401).length;
      expect(checked).toBeLessThanOrEqual(small.max);
      expect(replies.filter((res) => res.statusCode === 429)).toHaveLength(30 - checked);
    } finally {
      await shared.close();
      redis.disconnect();
    }
  });

  it('[BF-10] sign-ups for one address mail it at most as often as resets may, alike for known and unknown addresses', async () => {
    const known = await account('signupbombed');
    const fresh = `fresh${Date.now()}@garage.com`;
    for (const email of [known, fresh]) {
      const sentBefore = t.mail.filter((m) => m.to === email).length;
      const allowed = small.max;
      for (let i = 0; i < allowed; i++) {
        const res = await post(
          '/api/auth/register',
          { name: 'Squatter', email, password: 'brake99' },
          `10.10.${i}.${email === known ? 1 : 2}`,
        );
        expect(res.statusCode).toBe(202);
        expect(res.json()).toEqual({ message: authMessages.checkEmail });
      }
      await new Promise((resolve) => setTimeout(resolve, 20));
      const sent = t.mail.filter((m) => m.to === email).length;
      expect(sent - sentBefore).toBe(allowed);
      const before = await snapshot(t.db);
      expectLimited(
        await post(
          '/api/auth/register',
          { name: 'Squatter', email: email.toUpperCase(), password: 'brake99' },
          '10.10.9.9',
        ),
      );
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(t.mail.filter((m) => m.to === email)).toHaveLength(sent);
      await expectUnchanged(t.db, before);
    }
  });
});
