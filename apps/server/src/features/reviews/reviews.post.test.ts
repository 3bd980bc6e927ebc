import { messages, postReviewReply, reviewList } from '@axle/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Customer, signUp } from '../../../test/customers.ts';
import { createTestApp } from '../../../test/test-app.ts';
import { seedDemo } from '../../db/seed/index.ts';
import { users } from '../accounts/accounts.table.ts';
import { reviews } from './reviews.table.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;
let alice: Customer;

const post = (who: Customer | null, payload: object) =>
  t.app.inject({ method: 'POST', url: '/api/review', headers: who?.headers ?? {}, payload });
const reviewCount = async () => (await t.db.select().from(reviews)).length;

beforeAll(async () => {
  t = await createTestApp();
  await seedDemo(t.db);
  alice = await signUp(t.app, 'alice');
  await t.db
    .update(users)
    .set({ img: '/images/avatars/alice.webp' })
    .where(eq(users.email, alice.email));
});
afterAll(() => t.close());

describe('posting a review', () => {
  it("takes the author's name and photo from the account, not from the page", async () => {
    const res = await post(alice, {
      rating: 4,
      comment: 'Pads arrived fast and fit perfectly',
      name: 'Someone Famous',
      img: 'https://evil.example/face.png',
    });
    expect(res.statusCode).toBe(201);
    const { insertedId, review } = postReviewReply.parse(res.json());
    expect(review).toMatchObject({
      _id: insertedId,
      rating: 4,
      comment: 'Pads arrived fast and fit perfectly',
      name: alice.name,
      img: '/images/avatars/alice.webp',
    });
    const [row] = await t.db.select().from(reviews).where(eq(reviews.id, insertedId));
    expect(row?.name).toBe(alice.name);
  });

  it('the new review comes first in GET /api/reviews', async () => {
    const res = await post(alice, { rating: 5, comment: 'Second review, newest' });
    const { insertedId } = postReviewReply.parse(res.json());
    const list = reviewList.parse(
      (await t.app.inject({ method: 'GET', url: '/api/reviews' })).json(),
    );
    expect(list[0]).toMatchObject({ _id: insertedId, rating: 5, name: alice.name });
  });

  it('keeps XSS-looking text as plain text and returns it unchanged', async () => {
    const comment = '<script>alert("x")</script><img src=x onerror=alert(1)> & "quotes"';
    const res = await post(alice, { rating: 3, comment });
    expect(res.statusCode).toBe(201);
    const list = reviewList.parse(
      (await t.app.inject({ method: 'GET', url: '/api/reviews' })).json(),
    );
    expect(list[0]?.comment).toBe(comment);
  });

  it.each([
    ['0', 0],
    ['6', 6],
    ['2.5', 2.5],
    ["'5' (a string)", '5'],
    ['null', null],
  ])('refuses rating %s with the rule’s message and saves nothing', async (_label, rating) => {
    const before = await reviewCount();
    const res = await post(alice, { rating, comment: 'Fine' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual([{ path: 'rating', message: messages.rating }]);
    expect(res.json().error.message).toBe(messages.rating);
    expect(await reviewCount()).toBe(before);
  });

  it('refuses a missing rating', async () => {
    const res = await post(alice, { comment: 'No stars' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual([{ path: 'rating', message: expect.any(String) }]);
  });

  it.each([
    ['empty', '', messages.commentRequired],
    ['blank', '   ', messages.commentRequired],
    ['over 1000 characters', 'x'.repeat(1001), messages.commentTooLong],
  ])('refuses a comment that is %s', async (_label, comment, message) => {
    const before = await reviewCount();
    const res = await post(alice, { rating: 4, comment });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual([{ path: 'comment', message }]);
    expect(res.json().error.message).toBe(message);
    expect(await reviewCount()).toBe(before);
  });

  it('takes a comment of exactly 1000 characters', async () => {
    const res = await post(alice, { rating: 1, comment: 'y'.repeat(1000) });
    expect(res.statusCode).toBe(201);
  });

  it('needs a token, checked before the input', async () => {
    const before = await reviewCount();
    const res = await post(null, { rating: 'x' });
    expect(res.statusCode).toBe(401);
    expect(await reviewCount()).toBe(before);
  });
});
