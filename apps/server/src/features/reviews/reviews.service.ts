import type { PostReviewBody, Review } from '@axle/contract';
import { desc } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { RequestUser } from '../../domain/caller.ts';
import { accountById } from '../accounts/accounts.service.ts';
import { reviews } from './reviews.table.ts';

type ReviewRow = typeof reviews.$inferSelect;

function toReview(row: ReviewRow): Review {
  return {
    _id: row.id,
    rating: row.rating,
    comment: row.comment,
    name: row.name,
    img: row.img,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function listReviews(db: Db): Promise<Review[]> {
  const rows = await db.select().from(reviews).orderBy(desc(reviews.createdAt), desc(reviews.id));
  return rows.map(toReview);
}

/**
 * SPEC §7 `POST /review`: a public review by the caller. Name and photo are the author's own (the
 * account's, at the time of posting), never the page's. The comment is stored as typed: pages
 * render it as text.
 */
export async function postReview(
  db: Db,
  caller: RequestUser,
  input: PostReviewBody,
): Promise<Review> {
  const author = await accountById(db, caller.id);
  const [row] = await db
    .insert(reviews)
    .values({
      userId: caller.id,
      name: author?.name ?? caller.name,
      img: author?.img ?? null,
      rating: input.rating,
      comment: input.comment,
    })
    .returning();
  if (!row) throw new Error('review not saved');
  return toReview(row);
}
