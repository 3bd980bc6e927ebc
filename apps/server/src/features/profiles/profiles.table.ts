import { pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from '../accounts/accounts.table.ts';

/** Profile info of SPEC §3, one row per user (the API keys it by the user's e-mail). */
export const profiles = pgTable('profiles', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  location: text('location'),
  phone: text('phone'),
  education: text('education'),
  linkedin: text('linkedin'),
  img: text('img'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
