import type { Db } from '../../db/client.ts';
import { newsletterSubscriptions } from './newsletter.table.ts';

/** Stores the address once (case-insensitively); subscribing again changes nothing. */
export async function subscribe(db: Db, email: string): Promise<void> {
  await db.insert(newsletterSubscriptions).values({ email }).onConflictDoNothing();
}
