// Attack catalogue, weak passwords (ASVS 5 V6.2.4; Juice Shop "Password Strength"): a password
// among the 1,000 most common is refused at sign-up and at reset with the server's own message,
// alike for known and new addresses, and nothing is stored (a reset link stays usable).
import { authMessages } from '@axle/contract';
import { COMMON_PASSWORD_MESSAGE } from '@axle/contract/common-passwords';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Customer, signUp } from '../customers.ts';
import { expectUnchanged, snapshot } from './snapshot.ts';
import { createSecurityTestApp, expectError, type TestApp } from './support.ts';

let t: TestApp;
let alice: Customer;

beforeAll(async () => {
  t = await createSecurityTestApp();
  alice = await signUp(t.app, 'alice');
});
afterAll(() => t.close());

const register = (email: string, password: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/register',
    payload: { name: 'Common Choice', email, password },
  });
const confirm = (token: string, password: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/password-reset/confirm',
    payload: { token, password },
  });
const refusedAsCommon = (res: Awaited<ReturnType<typeof register>>) => {
  expectError(res, 400, 'invalid');
  expect(res.json().error.message).toBe(COMMON_PASSWORD_MESSAGE);
};

describe('the 1,000 most common passwords', () => {
  it('[PW-01] sign-up refuses a common password with a clear message, alike for new and known addresses', async () => {
    const before = await snapshot(t.db);
    for (const password of ['abc123', 'password1', 'qwerty123', '1qaz2wsx', 'a1b2c3']) {
      const fresh = await register(`common${Date.now()}@garage.com`, password);
      refusedAsCommon(fresh);
      const known = await register(alice.email, password);
      refusedAsCommon(known);
      expect(known.json()).toEqual(fresh.json());
    }
    await expectUnchanged(t.db, before);
  });

  it('[PW-02] the check ignores case (Password1, ABC123 are as common)', async () => {
    const before = await snapshot(t.db);
    for (const password of ['Password1', 'ABC123', 'PassWord1', 'Qwerty123']) {
      refusedAsCommon(await register(`case${Date.now()}@garage.com`, password));
    }
    await expectUnchanged(t.db, before);
  });

  it('[PW-03] a reset refuses a common password, changes nothing, and the link still works after', async () => {
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/password-reset',
      payload: { email: alice.email },
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    const token =
      t.mail
        .filter((m) => m.to === alice.email)
        .at(-1)
        ?.text.match(/token=([\w-]+)/)?.[1] ?? '';
    expect(token).not.toBe('');
    const before = await snapshot(t.db);
    refusedAsCommon(await confirm(token, 'abc123'));
    refusedAsCommon(await confirm(token, 'Password1'));
    await expectUnchanged(t.db, before);
    const chosen = await confirm(token, 'gearbox2024x');
    expect(chosen.statusCode).toBe(200);
    expect(chosen.json()).toEqual({ message: authMessages.resetDone });
  });

  it('[PW-04] SPEC §5’s own rule and message still come first for a password that breaks it', async () => {
    const before = await snapshot(t.db);
    const res = await register(`rule${Date.now()}@garage.com`, 'password');
    expectError(res, 400, 'invalid');
    expect(res.json().error.message).toBe(
      'Minimum six characters with at least one letter and one number',
    );
    expect(res.json().error.fields).toEqual([
      {
        path: 'password',
        message: 'Minimum six characters with at least one letter and one number',
      },
    ]);
    await expectUnchanged(t.db, before);
    const fine = await register(`fine${Date.now()}@garage.com`, 'gearbox2024x');
    expect(fine.statusCode).toBe(202);
  });
});
