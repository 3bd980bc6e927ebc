// Attack catalogue, review flooding (issue 14): one customer cannot fill the public list, even
// with posts sent at once, and the public list stays bounded however many reviews are stored.
import { LIST_PAGE_MAX, reviewList } from '@axle/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reviews } from '../../src/db/schema.ts';
import { REVIEWS_PER_CUSTOMER } from '../../src/features/reviews/reviews.service.ts';
import { type Customer, signUp } from '../customers.ts';
import { expectUnchanged, snapshot } from './snapshot.ts';
import { createSecurityTestApp, expectError, type TestApp } from './support.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createSecurityTestApp();
});
afterAll(() => t.close());

const post = (who: Customer, comment: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/review',
    headers: who.headers,
    payload: { rating: 5, comment },
  });

describe('review flooding', () => {
  it('[RV-02] thirty reviews posted at once by one customer store only the daily allowance; the rest get 429', async () => {
    const mallory = await signUp(t.app, 'flooder');
    const replies = await Promise.all(
      Array.from({ length: 30 }, (_, i) => post(mallory, `Great shop ${i}`)),
    );
    const posted = replies.filter((res) => res.statusCode === 201);
    expect(posted).toHaveLength(REVIEWS_PER_CUSTOMER.max);
    for (const res of replies.filter((res) => res.statusCode !== 201)) {
      expectError(res, 429, 'rate_limited');
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    }
    const before = await snapshot(t.db);
    expectError(await post(mallory, 'One more'), 429, 'rate_limited');
    await expectUnchanged(t.db, before);

    // Another customer is not held back by the flooder.
    const honest = await signUp(t.app, 'honest');
    expect((await post(honest, 'Fast delivery')).statusCode).toBe(201);
  });

  it('[RV-03] the public list holds the newest reviews only, however many are stored', async () => {
    const author = await signUp(t.app, 'many');
    await t.db.insert(reviews).values(
      Array.from({ length: LIST_PAGE_MAX + 20 }, (_, i) => ({
        name: 'Stored',
        rating: 4,
        comment: `Stored review ${i}`,
        createdAt: new Date(Date.now() - 3600_000 - i * 1000),
      })),
    );
    const newest = await post(author, 'The newest of all');
    expect(newest.statusCode).toBe(201);
    const res = await t.app.inject({ method: 'GET', url: '/api/reviews' });
    expect(res.statusCode).toBe(200);
    const list = reviewList.parse(res.json());
    expect(list).toHaveLength(LIST_PAGE_MAX);
    expect(list[0]?.comment).toBe('The newest of all');
  });
});
