import {
  ADDRESSES_MAX,
  type Address,
  type AddressBody,
  type AddressFields,
  addressMessages,
} from '@axle/contract';
import { and, asc, count, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { Conflict, NotFound } from '../../domain/errors.ts';
import { addresses } from './addresses.table.ts';

// Ship-to addresses (issue 17 #3): every call works on the caller's own address book only: their
// own addresses, or, once they belong to a company, the company's (issue 18). At most one is the
// default: the first one saved is, and making another the default clears it.

type AddressRow = typeof addresses.$inferSelect;

/** Whose addresses a call works on: a customer's own, or their company's when they have one. */
export type AddressBook = { userId: string; companyId: string | null };

const own = (book: AddressBook) =>
  book.companyId
    ? eq(addresses.companyId, book.companyId)
    : and(eq(addresses.userId, book.userId), isNull(addresses.companyId));

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

/** The book's addresses, the default first, then the newest. */
export async function listAddresses(db: Db | Tx, book: AddressBook): Promise<Address[]> {
  const rows = await db
    .select()
    .from(addresses)
    .where(own(book))
    .orderBy(desc(addresses.isDefault), desc(addresses.createdAt), asc(addresses.id))
    .limit(ADDRESSES_MAX);
  return rows.map(toAddress);
}

/** One of the book's addresses; anyone else's (or none) is a 404, so ids reveal nothing. */
export async function ownAddress(db: Db | Tx, book: AddressBook, id: string): Promise<Address> {
  const [row] = await db
    .select()
    .from(addresses)
    .where(and(own(book), eq(addresses.id, id)));
  if (!row) throw new NotFound(addressMessages.notFound);
  return toAddress(row);
}

/** One book's address writes take turns, so the bound and the one default always hold. */
async function lockAddresses(tx: Tx, book: AddressBook) {
  const key = `addresses:${book.companyId ?? book.userId}`;
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${key}, 0))`);
}

const fields = (body: AddressFields) => ({
  line1: body.line1,
  line2: body.line2 ?? null,
  city: body.city,
  postalCode: body.postalCode,
  country: body.country,
});

/** Saves a new address (409 past ADDRESSES_MAX); the first one is the default. */
export async function addAddress(db: Db, book: AddressBook, body: AddressBody): Promise<Address> {
  return db.transaction(async (tx) => {
    await lockAddresses(tx, book);
    const [held] = await tx.select({ n: count() }).from(addresses).where(own(book));
    const n = held?.n ?? 0;
    if (n >= ADDRESSES_MAX) throw new Conflict(addressMessages.full);
    const isDefault = n === 0 || body.isDefault === true;
    if (isDefault) await tx.update(addresses).set({ isDefault: false }).where(own(book));
    const [row] = await tx
      .insert(addresses)
      .values({ userId: book.userId, companyId: book.companyId, ...fields(body), isDefault })
      .returning();
    if (!row) throw new Error('the new address was not returned');
    return toAddress(row);
  });
}

/** Replaces one of the caller's addresses; `isDefault: true` makes it the default. */
export async function updateAddress(
  db: Db,
  book: AddressBook,
  id: string,
  body: AddressBody,
): Promise<Address> {
  return db.transaction(async (tx) => {
    await lockAddresses(tx, book);
    await ownAddress(tx, book, id);
    if (body.isDefault === true)
      await tx.update(addresses).set({ isDefault: false }).where(own(book));
    const [row] = await tx
      .update(addresses)
      .set({ ...fields(body), ...(body.isDefault === true ? { isDefault: true } : {}) })
      .where(and(own(book), eq(addresses.id, id)))
      .returning();
    if (!row) throw new NotFound(addressMessages.notFound);
    return toAddress(row);
  });
}

/** Deletes one of the caller's addresses; when it was the default, the newest other one becomes it. */
export async function deleteAddress(
  db: Db,
  book: AddressBook,
  id: string,
): Promise<{ deletedCount: number }> {
  return db.transaction(async (tx) => {
    await lockAddresses(tx, book);
    const [gone] = await tx
      .delete(addresses)
      .where(and(own(book), eq(addresses.id, id)))
      .returning();
    if (!gone) throw new NotFound(addressMessages.notFound);
    if (gone.isDefault) {
      const [next] = await tx
        .select({ id: addresses.id })
        .from(addresses)
        .where(own(book))
        .orderBy(desc(addresses.createdAt))
        .limit(1);
      if (next)
        await tx.update(addresses).set({ isDefault: true }).where(eq(addresses.id, next.id));
    }
    return { deletedCount: 1 };
  });
}

/**
 * A customer joins a company: the addresses of their own become the company's. The company's
 * default stays its default; theirs does too when the company had none.
 */
export async function shareAddressesWithCompany(
  tx: Tx,
  userId: string,
  companyId: string,
): Promise<void> {
  await lockAddresses(tx, { userId, companyId });
  await tx
    .update(addresses)
    .set({
      companyId,
      isDefault: sql`${addresses.isDefault} and not exists (select 1 from ${addresses} a
        where a.company_id = ${companyId} and a.is_default)`,
    })
    .where(and(eq(addresses.userId, userId), isNull(addresses.companyId)));
}
