import type { Db } from '../client.ts';
import { parts, reviews } from '../schema.ts';
import { demoParts, demoReviews } from './demo-catalogue.ts';

const SEED_EPOCH = Date.parse('2026-01-05T09:00:00Z');
const DAY = 24 * 60 * 60 * 1000;

/**
 * True when the database holds no parts: a shop that never had a catalogue (the shop cannot delete
 * a part). Users do not count: the README makes the first admin with the CLI before the first
 * start, and that shop must still open with the demo catalogue.
 */
export async function hasNoParts(db: Db): Promise<boolean> {
  const found = await db.select({ id: parts.id }).from(parts).limit(1);
  return found.length === 0;
}

/**
 * Inserts the demo catalogue and reviews. Idempotent: rows are keyed by fixed ids and existing
 * ones are left untouched (also when an admin has since edited them).
 */
export async function seedDemo(db: Db): Promise<{ parts: number; reviews: number }> {
  return db.transaction(async (tx) => {
    const insertedParts = await tx
      .insert(parts)
      .values(
        // The list is newest first: the catalogue's first part is the newest, and parts an admin
        // adds later come before all of them.
        demoParts.map((part, i) => ({
          ...part,
          createdAt: new Date(SEED_EPOCH + (demoParts.length - i) * 60_000),
        })),
      )
      .onConflictDoNothing({ target: parts.id })
      .returning({ id: parts.id });
    const insertedReviews = await tx
      .insert(reviews)
      .values(
        demoReviews.map((review, i) => ({
          ...review,
          createdAt: new Date(SEED_EPOCH + (demoReviews.length - i) * DAY),
        })),
      )
      .onConflictDoNothing({ target: reviews.id })
      .returning({ id: reviews.id });
    return { parts: insertedParts.length, reviews: insertedReviews.length };
  });
}
