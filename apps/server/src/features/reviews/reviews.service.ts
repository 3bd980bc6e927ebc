import {
  authMessages,
  type PostReviewBody,
  type Review,
  type ReviewsQuery,
  type ReviewsSummary,
} from '@axle/contract';
import { and, asc, desc, eq, getTableColumns, gt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { idIn, pageSize, pageTotal } from '../../db/paging.ts';
import { keptCount, keptCounts } from '../../db/row-counts.ts';
import type { RequestUser } from '../../domain/caller.ts';
import { TooManyRequests } from '../../domain/errors.ts';
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

/** A customer posts at most this many reviews a day, so no one account floods the public list. */
export const REVIEWS_PER_CUSTOMER = { max: 5, windowSeconds: 24 * 3600 };

/**
 * A page of the public reviews, newest first, with the count of them all: one statement, each row
 * carrying the kept count (only a page past the end reads the count apart).
 */
export async function listReviews(
  db: Db,
  query: ReviewsQuery,
): Promise<{ reviews: Review[]; total: number }> {
  const size = pageSize(query.limit);
  const newestFirst = [desc(reviews.createdAt), desc(reviews.id)];
  // The page's ids from the (created_at, id) index alone, then those rows: the rows OFFSET skips
  // are never read from the table (an index-only scan), so a deep page costs about a first one.
  const pageIds = db
    .select({ id: reviews.id })
    .from(reviews)
    .orderBy(...newestFirst)
    .limit(size)
    .offset(((query.page ?? 1) - 1) * size);
  const rows = await db
    .select({ ...getTableColumns(reviews), total: keptCount('reviews') })
    .from(reviews)
    .where(idIn(reviews.id, pageIds))
    .orderBy(...newestFirst);
  return {
    reviews: rows.map(toReview),
    total: await pageTotal(db, rows, keptCount('reviews')),
  };
}

/** The carousel's figures: the average rating of every review (none: null) and their count. */
export async function summarizeReviews(db: Db): Promise<ReviewsSummary> {
  // From the kept sum and count: no review is read, however many there are.
  const kept = await keptCounts(db, ['reviews', 'review_ratings']);
  const average =
    kept.reviews === 0 ? null : Math.round((kept.review_ratings / kept.reviews) * 10) / 10;
  return { average, count: kept.reviews };
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
  const row = await db.transaction(async (tx) => {
    // One customer's posts take turns (a lock per customer, for this transaction), so parallel
    // posts cannot all count the same recent reviews; the count runs on the database's clock.
    await tx.execute(
      sql`SELECT pg_advisory_xact_lock(hashtextextended(${`review:${caller.id}`}, 0))`,
    );
    const recent = await tx
      .select({ createdAt: reviews.createdAt, windowEnds: sql<string>`now()` })
      .from(reviews)
      .where(
        and(
          eq(reviews.userId, caller.id),
          gt(
            reviews.createdAt,
            sql`now() - make_interval(secs => ${REVIEWS_PER_CUSTOMER.windowSeconds})`,
          ),
        ),
      )
      .orderBy(asc(reviews.createdAt));
    const oldest = recent[0];
    if (oldest && recent.length >= REVIEWS_PER_CUSTOMER.max) {
      const freedAt = oldest.createdAt.getTime() + REVIEWS_PER_CUSTOMER.windowSeconds * 1000;
      const wait = Math.max(1, Math.ceil((freedAt - new Date(oldest.windowEnds).getTime()) / 1000));
      throw new TooManyRequests(authMessages.tooManyAttempts(Math.ceil(wait / 60)), wait);
    }
    const [inserted] = await tx
      .insert(reviews)
      .values({
        userId: caller.id,
        name: author?.name ?? caller.name,
        img: author?.img ?? null,
        rating: input.rating,
        comment: input.comment,
      })
      .returning();
    return inserted;
  });
  if (!row) throw new Error('review not saved');
  return toReview(row);
}
