import { postReviewReply, reviewList } from '@axle/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Customer, signUp } from '../../../test/customers.ts';
import { createTestApp } from '../../../test/test-app.ts';
import { demoReviews } from '../../db/seed/demo-catalogue.ts';
import { seedDemo } from '../../db/seed/index.ts';

// The reviews are served from memory. The app's clock stands still here, so a cached list never
// expires by itself: a new review shows only because posting it emptied the cache.
const clock = Date.now();
let t: Awaited<ReturnType<typeof createTestApp>>;
let bob: Customer;

const list = (headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url: '/api/reviews', headers });

beforeAll(async () => {
  t = await createTestApp({ now: () => new Date(clock) });
  await seedDemo(t.db);
  bob = await signUp(t.app, 'bob');
});
afterAll(() => t.close());

describe('the cached reviews', () => {
  it('list a review at once, first, after it is posted', async () => {
    expect(reviewList.parse((await list()).json())).toHaveLength(demoReviews.length);
    const posted = await t.app.inject({
      method: 'POST',
      url: '/api/review',
      headers: bob.headers,
      payload: { rating: 5, comment: 'Listed the moment I posted it' },
    });
    expect(posted.statusCode).toBe(201);
    const { insertedId } = postReviewReply.parse(posted.json());
    const after = reviewList.parse((await list()).json());
    expect(after).toHaveLength(demoReviews.length + 1);
    expect(after[0]).toMatchObject({ _id: insertedId, comment: 'Listed the moment I posted it' });
  });

  it('answer 304 to a matching If-None-Match until a review is posted', async () => {
    const first = await list();
    const etag = String(first.headers.etag);
    const again = await list({ 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    await t.app.inject({
      method: 'POST',
      url: '/api/review',
      headers: bob.headers,
      payload: { rating: 4, comment: 'A second one' },
    });
    const changed = await list({ 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect(reviewList.parse(changed.json())[0]?.comment).toBe('A second one');
  });

  it('are compressed only for a client that accepts it', async () => {
    expect((await list()).headers['content-encoding']).toBeUndefined();
    expect((await list({ 'accept-encoding': 'gzip' })).headers['content-encoding']).toBe('gzip');
  });
});
