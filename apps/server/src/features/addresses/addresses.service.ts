import {
  ADDRESSES_MAX,
  type Address,
  type AddressBody,
  type AddressFields,
  addressMessages,
} from '@axle/contract';
import { and, asc, count, desc, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import type { RequestUser } from '../../domain/caller.ts';
import { Conflict, NotFound } from '../../domain/errors.ts';
import { addresses } from './addresses.table.ts';

// Ship-to addresses (issue 17 #3): every call works on the caller's own addresses only. At most
// one is the default: the first one saved is, and making another the default clears it.

type AddressRow = typeof addresses.$inferSelect;

const own = (caller: Pick<RequestUser, 'id'>) => eq(addresses.userId, caller.id);

function toAddress(row: AddressRow): Address {
  return {
    _id: row.id,
    line1: row.line1,
    line2: row.line2,
    city: row.city,
    postalCode: row.postalCode,
    country: row.country,
    isDefault: row.isDefault,
  };
}

/** The caller's addresses, the default first, then the newest. */
export async function listAddresses(db: Db | Tx, caller: RequestUser): Promise<Address[]> {
  const rows = await db
    .select()
    .from(addresses)
    .where(own(caller))
    .orderBy(desc(addresses.isDefault), desc(addresses.createdAt), asc(addresses.id))
    .limit(ADDRESSES_MAX);
  return rows.map(toAddress);
}

/** One of the caller's addresses; anyone else's (or none) is a 404, so ids reveal nothing. */
export async function ownAddress(db: Db | Tx, caller: RequestUser, id: string): Promise<Address> {
  const [row] = await db
    .select()
    .from(addresses)
    .where(and(own(caller), eq(addresses.id, id)));
  if (!row) throw new NotFound(addressMessages.notFound);
  return toAddress(row);
}

/** One customer's address writes take turns, so the bound and the one default always hold. */
async function lockAddresses(tx: Tx, caller: RequestUser) {
  await tx.execute(
    sql`SELECT pg_advisory_xact_lock(hashtextextended(${`addresses:${caller.id}`}, 0))`,
  );
}

const fields = (body: AddressFields) => ({
  line1: body.line1,
  line2: body.line2 ?? null,
  city: body.city,
  postalCode: body.postalCode,
  country: body.country,
});

/** Saves a new address (409 past ADDRESSES_MAX); the first one is the default. */
export async function addAddress(db: Db, caller: RequestUser, body: AddressBody): Promise<Address> {
  return db.transaction(async (tx) => {
    await lockAddresses(tx, caller);
    const [held] = await tx.select({ n: count() }).from(addresses).where(own(caller));
    const n = held?.n ?? 0;
    if (n >= ADDRESSES_MAX) throw new Conflict(addressMessages.full);
    const isDefault = n === 0 || body.isDefault === true;
    if (isDefault) await tx.update(addresses).set({ isDefault: false }).where(own(caller));
    const [row] = await tx
      .insert(addresses)
      .values({ userId: caller.id, ...fields(body), isDefault })
      .returning();
    if (!row) throw new Error('the new address was not returned');
    return toAddress(row);
  });
}

/** Replaces one of the caller's addresses; `isDefault: true` makes it the default. */
export async function updateAddress(
  db: Db,
  caller: RequestUser,
  id: string,
  body: AddressBody,
): Promise<Address> {
  return db.transaction(async (tx) => {
    await lockAddresses(tx, caller);
    await ownAddress(tx, caller, id);
    if (body.isDefault === true)
      await tx.update(addresses).set({ isDefault: false }).where(own(caller));
    const [row] = await tx
      .update(addresses)
      .set({ ...fields(body), ...(body.isDefault === true ? { isDefault: true } : {}) })
      .where(and(own(caller), eq(addresses.id, id)))
      .returning();
    if (!row) throw new NotFound(addressMessages.notFound);
    return toAddress(row);
  });
}

/** Deletes one of the caller's addresses; when it was the default, the newest other one becomes it. */
export async function deleteAddress(
  db: Db,
  caller: RequestUser,
  id: string,
): Promise<{ deletedCount: number }> {
  return db.transaction(async (tx) => {
    await lockAddresses(tx, caller);
    const [gone] = await tx
      .delete(addresses)
      .where(and(own(caller), eq(addresses.id, id)))
      .returning();
    if (!gone) throw new NotFound(addressMessages.notFound);
    if (gone.isDefault) {
      const [next] = await tx
        .select({ id: addresses.id })
        .from(addresses)
        .where(own(caller))
        .orderBy(desc(addresses.createdAt))
        .limit(1);
      if (next)
        await tx.update(addresses).set({ isDefault: true }).where(eq(addresses.id, next.id));
    }
    return { deletedCount: 1 };
  });
}
