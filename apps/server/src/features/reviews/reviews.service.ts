import type { Review } from '@axle/contract';
import { desc } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { reviews } from './reviews.table.ts';

export async function listReviews(db: Db): Promise<Review[]> {
  const rows = await db.select().from(reviews).orderBy(desc(reviews.createdAt), desc(reviews.id));
  return rows.map((row) => ({
    _id: row.id,
    rating: row.rating,
    comment: row.comment,
    name: row.name,
    img: row.img,
    createdAt: row.createdAt.toISOString(),
  }));
}
