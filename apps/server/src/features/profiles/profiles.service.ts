import type { ProfileInfo, UpdateProfileBody } from '@axle/contract';
import { eq, getTableColumns, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { RequestUser } from '../../domain/caller.ts';
import { Forbidden, NotFound } from '../../domain/errors.ts';
import { accountByEmail } from '../accounts/accounts.service.ts';
import { profiles } from './profiles.table.ts';

type ProfileRow = typeof profiles.$inferSelect;

const sameEmail = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

function toProfileInfo(
  email: string,
  row: ProfileRow | undefined,
  userImg: string | null,
): ProfileInfo {
  return {
    email,
    location: row?.location ?? null,
    phone: row?.phone ?? null,
    education: row?.education ?? null,
    linkedin: row?.linkedin ?? null,
    // The profile's own photo if one was ever set, else the account's.
    img: row?.img ?? userImg,
  };
}

/**
 * SPEC §7 `GET /profileinfo?email=`: your own profile, or anyone's for an admin. A user who never
 * saved a profile gets all nulls.
 */
export async function getProfileInfo(
  db: Db,
  caller: RequestUser,
  email: string,
): Promise<ProfileInfo> {
  if (!sameEmail(email, caller.email) && caller.role !== 'admin')
    throw new Forbidden('You can only read your own profile');
  const account = await accountByEmail(db, email);
  if (!account) throw new NotFound(`No account for ${email}`);
  const [row] = await db.select().from(profiles).where(eq(profiles.userId, account.id));
  return toProfileInfo(account.email, row, account.img);
}

/**
 * SPEC §7 `PUT /profile/{email}`: creates or replaces the caller's own profile (nobody, not even
 * an admin, writes someone else's). An empty linkedin clears it; an absent one keeps it.
 */
export async function updateOwnProfile(
  db: Db,
  caller: RequestUser,
  email: string,
  input: UpdateProfileBody,
): Promise<{ modifiedCount: number; upsertedCount: number; profile: ProfileInfo }> {
  if (!sameEmail(email, caller.email)) throw new Forbidden('You can only update your own profile');
  const fields = {
    location: input.location,
    phone: input.phone,
    education: input.education,
    ...(input.linkedin === undefined ? {} : { linkedin: input.linkedin || null }),
  };
  const [saved] = await db
    .insert(profiles)
    .values({ userId: caller.id, ...fields })
    .onConflictDoUpdate({ target: profiles.userId, set: { ...fields, updatedAt: new Date() } })
    // A row that was just inserted has no deleting transaction yet (xmax 0); an updated one has.
    .returning({ ...getTableColumns(profiles), inserted: sql<boolean>`(xmax = 0)` });
  if (!saved) throw new Error('profile not saved');
  const account = await accountByEmail(db, caller.email);
  return {
    modifiedCount: saved.inserted ? 0 : 1,
    upsertedCount: saved.inserted ? 1 : 0,
    profile: toProfileInfo(caller.email, saved, account?.img ?? null),
  };
}
