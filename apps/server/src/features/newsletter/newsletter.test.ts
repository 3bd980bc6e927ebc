import { NEWSLETTER_CHECK_MAIL } from '@axle/contract';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/test-app.ts';
import { newsletterSubscriptions } from './newsletter.table.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const subscribe = (payload: unknown) =>
  t.app.inject({ method: 'POST', url: '/api/newsletter', payload: payload as object });
const stored = async () => (await t.db.select({ n: count() }).from(newsletterSubscriptions))[0]?.n;

describe('POST /api/newsletter', () => {
  it('stores an address once and thanks the visitor every time (the link to confirm is in the mail)', async () => {
    const first = await subscribe({ email: 'fleet@garage.com.bd' });
    const again = await subscribe({ email: ' Fleet@Garage.com.bd ' });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ message: NEWSLETTER_CHECK_MAIL });
    expect(again.json()).toEqual(first.json());
    expect(await stored()).toBe(1);
  });

  it.each([
    [{ email: 'not-an-address' }],
    [{ email: '' }],
    [{ email: `${'a'.repeat(250)}@x.com` }],
    [{ email: ['a@b.com'] }],
    [{}],
  ])('refuses %j with a JSON 400 and stores nothing', async (payload) => {
    const before = await stored();
    const res = await subscribe(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      error: { code: 'invalid', fields: [{ path: 'email', message: expect.any(String) }] },
    });
    expect(await stored()).toBe(before);
  });
});
