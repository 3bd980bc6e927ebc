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

describe('the carousel at size: the newest 10, the average and the count', () => {
  it('pages the reviews with the total and a link to the next page, and sums them all up', async () => {
    await t.db.insert(reviews).values(
      Array.from({ length: 25 }, (_, i) => ({
        name: `Bulk ${i}`,
        rating: (i % 5) + 1,
        comment: `Bulk review ${i}`,
        createdAt: new Date(Date.parse('2020-01-01T00:00:00Z') + i * 1000),
      })),
    );
    const stored = await t.db.select({ rating: reviews.rating }).from(reviews);
    const first = await t.app.inject({ method: 'GET', url: '/api/reviews?limit=10' });
    expect(reviewList.parse(first.json())).toHaveLength(10);
    expect(first.headers['x-total-count']).toBe(String(stored.length));
    expect(first.headers.link).toBe('</api/reviews?limit=10&page=2>; rel="next"');
    const last = Math.ceil(stored.length / 10);
    const end = await t.app.inject({ method: 'GET', url: `/api/reviews?limit=10&page=${last}` });
    expect(reviewList.parse(end.json())).toHaveLength(stored.length - (last - 1) * 10);
    expect(end.headers.link).toBeUndefined();

    const summary = await t.app.inject({ method: 'GET', url: '/api/reviews/summary' });
    expect(summary.statusCode).toBe(200);
    const average = stored.reduce((sum, row) => sum + row.rating, 0) / stored.length;
    expect(summary.json()).toEqual({
      average: Math.round(average * 10) / 10,
      count: stored.length,
    });
  });

  it('refuses bad paging input with a 400', async () => {
    for (const query of ['limit=0', 'limit=101', 'page=0', 'page=-2', 'page=x', 'cursor=a'])
      expect((await t.app.inject({ method: 'GET', url: `/api/reviews?${query}` })).statusCode).toBe(
        400,
      );
  });
});
