import { reviewList } from '@axle/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/test-app.ts';
import { demoReviews } from '../../db/seed/demo-catalogue.ts';
import { seedDemo } from '../../db/seed/index.ts';
import { reviews } from './reviews.table.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;

beforeAll(async () => {
  t = await createTestApp();
  await seedDemo(t.db);
});
afterAll(() => t.close());

describe('GET /api/reviews', () => {
  it('lists the reviews newest first with img, comment, rating and name', async () => {
    await t.db
      .insert(reviews)
      .values({ name: 'Newest Reviewer', rating: 2, comment: 'Just posted', img: null });
    const res = await t.app.inject({ method: 'GET', url: '/api/reviews' });
    expect(res.statusCode).toBe(200);
    const list = reviewList.parse(res.json());
    expect(list).toHaveLength(demoReviews.length + 1);
    expect(list[0]).toMatchObject({
      name: 'Newest Reviewer',
      rating: 2,
      comment: 'Just posted',
      img: null,
    });
    expect(list.slice(1).map((r) => r._id)).toEqual(demoReviews.map((r) => r.id));
    const dates = list.map((r) => Date.parse(r.createdAt));
    expect([...dates].sort((a, b) => b - a)).toEqual(dates);
  });

  it('seeds at least 6 reviews with local photos, and one relying on the default avatar', () => {
    expect(
      demoReviews.filter((r) => r.img?.startsWith('/images/avatars/')).length,
    ).toBeGreaterThanOrEqual(6);
    expect(demoReviews.some((r) => r.img === null)).toBe(true);
  });

  it('needs no token: visitors see reviews on the home page', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/reviews' });
    expect(res.statusCode).toBe(200);
  });
});
