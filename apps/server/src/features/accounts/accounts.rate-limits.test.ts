import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/test-app.ts';
import { defaultAuthLimits } from './accounts.limits.ts';
import { createUser } from './accounts.service.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;
let clock = Date.now();

const small = { max: 3, windowSeconds: 600 };
beforeAll(async () => {
  t = await createTestApp({
    now: () => new Date(clock),
    authLimits: {
      ...defaultAuthLimits,
      loginPerIp: { max: 8, windowSeconds: 600 },
      loginFailuresPerAccount: small,
      registerPerIp: small,
      resetPerIp: { max: 10, windowSeconds: 600 },
      resetPerAccount: small,
      resendPerAccount: small,
    },
  });
});
afterAll(() => t.close());

// Only a verified address signs in: these accounts are made as the CLI makes them.
const verifiedAccount = (name: string, email: string) =>
  createUser({ db: t.db }, { name, email, password: 'brake99', admin: false });

const post = (url: string, payload: object, remoteAddress = '10.0.0.1') =>
  t.app.inject({ method: 'POST', url, payload, remoteAddress });

describe('rate limits', () => {
  it('stop guessing one account’s password, from any address, with a clear 429', async () => {
    await verifiedAccount('Target', 'target@garage.com');
    for (const ip of ['10.0.0.2', '10.0.0.3', '10.0.0.4']) {
      expect(
        (await post('/api/auth/login', { email: 'target@garage.com', password: 'wrong123' }, ip))
          .statusCode,
      ).toBe(401);
    }
    const blocked = await post(
      '/api/auth/login',
      { email: 'target@garage.com', password: 'brake99' },
      '10.0.0.5',
    );
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({
      error: {
        code: 'rate_limited',
        message: expect.stringMatching(
          /^Too many attempts\. Please wait \d+ minutes? and try again\.$/,
        ),
      },
    });
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('stop one address from trying many accounts (credential stuffing)', async () => {
    const codes = [];
    for (let i = 0; i < 9; i++) {
      codes.push(
        (
          await post(
            '/api/auth/login',
            { email: `user${i}@garage.com`, password: 'guess123' },
            '10.0.0.66',
          )
        ).statusCode,
      );
    }
    expect(codes.slice(0, 8).every((code) => code === 401)).toBe(true);
    expect(codes[8]).toBe(429);
  });

  it('forget the failed sign-ins of an account once their window has passed on the app’s clock', async () => {
    await verifiedAccount('Patient', 'patient@garage.com');
    const signIn = (password: string) =>
      post('/api/auth/login', { email: 'patient@garage.com', password }, '10.4.0.1');
    for (let i = 0; i < 3; i++) expect((await signIn('wrong123')).statusCode).toBe(401);
    expect((await signIn('brake99')).statusCode).toBe(429);
    clock += 600 * 1000;
    try {
      expect((await signIn('brake99')).statusCode).toBe(200);
    } finally {
      clock = Date.now();
    }
  });

  it('a successful sign-in clears the failures of that account', async () => {
    await verifiedAccount('Forgetful', 'forgetful@garage.com');
    for (let round = 0; round < 2; round++) {
      await post(
        '/api/auth/login',
        { email: 'forgetful@garage.com', password: 'wrong123' },
        '10.1.0.1',
      );
      await post(
        '/api/auth/login',
        { email: 'forgetful@garage.com', password: 'wrong123' },
        '10.1.0.1',
      );
      expect(
        (
          await post(
            '/api/auth/login',
            { email: 'forgetful@garage.com', password: 'brake99' },
            '10.1.0.1',
          )
        ).statusCode,
      ).toBe(200);
    }
  });

  it('limit sign-ups per address', async () => {
    const codes = [];
    for (let i = 0; i < 4; i++) {
      codes.push(
        (
          await post(
            '/api/auth/register',
            { name: 'Bot', email: `bot${i}@spam.com`, password: 'brake99' },
            '10.0.0.77',
          )
        ).statusCode,
      );
    }
    expect(codes).toEqual([202, 202, 202, 429]);
  });

  it('limit sign-up e-mails sent again per account, whether or not the account exists', async () => {
    for (const email of ['target@garage.com', 'nobody@garage.com']) {
      const codes = [];
      for (let i = 0; i < 4; i++)
        codes.push((await post('/api/auth/register/resend', { email }, `10.3.0.${i}`)).statusCode);
      expect(codes).toEqual([202, 202, 202, 429]);
    }
  });

  it('limit reset e-mails per account, whether or not the account exists', async () => {
    for (const email of ['target@garage.com', 'nobody@garage.com']) {
      const codes = [];
      for (let i = 0; i < 4; i++)
        codes.push((await post('/api/auth/password-reset', { email }, `10.2.0.${i}`)).statusCode);
      expect(codes).toEqual([202, 202, 202, 429]);
    }
  });
});
