// Issue 30 #3: a request the schemas refuse is answered in people's words. `invalid` names each
// refused value in `fields` (its path inside the body, query, path or headers, and a sentence),
// and the message a page may show as it is names no path and no schema word.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Customer, signUp } from '../../test/customers.ts';
import {
  addPart,
  createSecurityTestApp,
  expectError,
  shipping,
  type TestApp,
} from '../../test/security/support.ts';

let t: TestApp;
let alice: Customer;
let partId: string;

beforeAll(async () => {
  t = await createSecurityTestApp();
  alice = await signUp(t.app, 'alice');
  partId = await addPart(t);
});
afterAll(() => t.close());

/** What no person should read: a part of the request, a path, a type or a comparison. */
const developerWords =
  /body\.|query\.|params\.|expected|received|Invalid input|Too (small|big)|[<>]=?\d/;

const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, headers: { ...alice.headers, ...headers }, payload });

describe('a refused request', () => {
  it('names each refused value of the body by its path, with a sentence for people', async () => {
    const { tel: _, ...withoutPhone } = shipping;
    const res = await post('/api/order', { ...withoutPhone, partsId: partId, quantity: 1.5 });
    expectError(res, 400, 'invalid');
    const { message, fields } = res.json().error;
    expect(fields).toEqual([
      { path: 'tel', message: 'This field is required' },
      { path: 'quantity', message: 'Enter the quantity as a whole number' },
    ]);
    expect(message).toBe('This field is required. Enter the quantity as a whole number.');
    expect(message).not.toMatch(developerWords);
  });

  it('names a nested value by its levels joined by dots', async () => {
    const res = await post('/api/checkout', {
      address: {
        line1: '12 Dock Road',
        city: '',
        postalCode: 'HU1 2AB',
        country: 'United Kingdom',
      },
      tel: '0113 496 0000',
    });
    expectError(res, 400, 'invalid');
    expect(res.json().error.fields).toEqual([
      { path: 'address.city', message: 'City is required (at most 80 characters)' },
    ]);
    expect(res.json().error.message).toBe('City is required (at most 80 characters)');
  });

  it('names a refused query parameter, path parameter or header by its own name', async () => {
    const page = await t.app.inject('/api/items?page=abc');
    expectError(page, 400, 'invalid');
    expect(page.json().error.fields.map((field: { path: string }) => field.path)).toEqual(['page']);
    expect(page.json().error.message).not.toMatch(developerWords);

    const item = await t.app.inject('/api/item/not-an-id');
    expectError(item, 400, 'invalid');
    expect(item.json().error.fields.map((field: { path: string }) => field.path)).toEqual(['id']);

    const key = await post(
      '/api/order',
      { partsId: partId, quantity: 100, ...shipping },
      { 'idempotency-key': 'two words' },
    );
    expectError(key, 400, 'invalid');
    expect(key.json().error.fields.map((field: { path: string }) => field.path)).toEqual([
      'idempotency-key',
    ]);
  });

  it('keeps the words SPEC gives a rule, exactly', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { name: 'Nusrat', email: 'n@garage.com', password: 'short' },
    });
    expectError(res, 400, 'invalid');
    expect(res.json().error).toEqual({
      code: 'invalid',
      message: 'Minimum six characters with at least one letter and one number',
      fields: [
        {
          path: 'password',
          message: 'Minimum six characters with at least one letter and one number',
        },
      ],
    });
  });

  it('is told apart from the shop’s own refusals, which carry no fields', async () => {
    const res = await post('/api/order', { partsId: partId, quantity: 99_999, ...shipping });
    expectError(res, 400, 'invalid');
    expect(res.json().error.fields).toBeUndefined();
    expect(res.json().error.message).toBe('maximum order 5000');
  });
});
