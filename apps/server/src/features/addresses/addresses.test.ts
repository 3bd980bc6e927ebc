// Issue 17 #3: ship-to addresses, a customer's own only, validated, one of them the default.
import { type Address, addressList, address as addressSchema } from '@axle/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Customer, signUp } from '../../../test/customers.ts';
import { expectUnchanged, snapshot } from '../../../test/security/snapshot.ts';
import {
  createSecurityTestApp,
  expectError,
  type TestApp,
} from '../../../test/security/support.ts';

let t: TestApp;
let alice: Customer;
let bob: Customer;

beforeAll(async () => {
  t = await createSecurityTestApp();
  alice = await signUp(t.app, 'alice');
  bob = await signUp(t.app, 'bob');
});
afterAll(() => t.close());

const dock = {
  line1: '12 Dock Road',
  city: 'Chattogram',
  postalCode: '4100',
  country: 'Bangladesh',
};
const depot = {
  line1: 'Depot 3',
  line2: 'Gate B',
  city: 'Leeds',
  postalCode: 'LS1 4DY',
  country: 'United Kingdom',
};

const call = (who: Customer | null, method: string, url: string, payload?: unknown) =>
  t.app.inject({
    method: method as 'GET',
    url,
    headers: who?.headers ?? {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
const add = async (who: Customer, body: object): Promise<Address> => {
  const res = await call(who, 'POST', '/api/addresses', body);
  expect(res.statusCode, res.body).toBe(201);
  return addressSchema.parse(res.json());
};
const list = async (who: Customer) =>
  addressList.parse((await call(who, 'GET', '/api/addresses')).json());

describe('ship-to addresses', () => {
  it('keeps a customer’s own, the first as the default, any country', async () => {
    const first = await add(alice, dock);
    expect(first).toMatchObject({ ...dock, line2: null, isDefault: true });
    const second = await add(alice, depot);
    expect(second.isDefault).toBe(false);
    expect((await list(alice)).map((a) => [a._id, a.isDefault])).toEqual([
      [first._id, true],
      [second._id, false],
    ]);
    expect(await list(bob)).toEqual([]);
  });

  it('has one default: making another the default, and deleting the default, move it', async () => {
    const [home, other] = [await add(bob, dock), await add(bob, depot)];
    const res = await call(bob, 'PUT', `/api/addresses/${other._id}`, {
      ...depot,
      isDefault: true,
    });
    expect(res.json()).toMatchObject({ isDefault: true });
    expect((await list(bob)).filter((a) => a.isDefault).map((a) => a._id)).toEqual([other._id]);
    expect((await call(bob, 'DELETE', `/api/addresses/${other._id}`)).json()).toEqual({
      deletedCount: 1,
    });
    expect((await list(bob)).map((a) => [a._id, a.isDefault])).toEqual([[home._id, true]]);
  });

  it("never shows or changes another customer's address", async () => {
    const [mine] = await list(alice);
    const before = await snapshot(t.db);
    for (const [method, payload] of [
      ['PUT', depot],
      ['DELETE', undefined],
    ] as const)
      expectError(await call(bob, method, `/api/addresses/${mine?._id}`, payload), 404);
    expectError(await call(null, 'GET', '/api/addresses'), 401);
    await expectUnchanged(t.db, before);
  });

  it('refuses what is not an address, and changes nothing', async () => {
    const before = await snapshot(t.db);
    for (const body of [
      {},
      { ...dock, line1: '' },
      { ...dock, postalCode: '<b>' },
      { ...dock, city: 'x'.repeat(81) },
      { ...dock, userId: crypto.randomUUID() },
      { ...dock, isDefault: 'yes' },
    ])
      expectError(await call(alice, 'POST', '/api/addresses', body), 400);
    await expectUnchanged(t.db, before);
  });
});
