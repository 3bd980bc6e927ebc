import { type CreditNote, coreMessages, creditNoteNumberText } from '@axle/contract';
import { and, eq, isNull, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { NotFound } from '../../domain/errors.ts';
import { creditNoteCounter, creditNotes } from './credit-notes.table.ts';

// Credit notes (issue 32 #4): the core deposits given back when old parts come back, each with
// its own number from a gap-free counter, as invoices have.

/**
 * The next credit note number, inside the transaction that issues it: the counter's row stays
 * locked until that transaction ends, so returns recorded at once (on any instance) take turns,
 * and a transaction that does not commit gives its number back. No number is skipped or reused.
 */
export async function takeCreditNoteNumber(tx: Tx): Promise<number> {
  const [row] = await tx
    .update(creditNoteCounter)
    .set({ last: sql`${creditNoteCounter.last} + 1` })
    .where(eq(creditNoteCounter.id, 1))
    .returning({ number: creditNoteCounter.last });
  if (!row) throw new Error('the credit note counter has no row (migration 0031 makes it)');
  return row.number;
}

type CreditNoteRow = typeof creditNotes.$inferSelect;

/** Writes a credit note (its number taken in this transaction by `takeCreditNoteNumber`). */
export async function insertCreditNote(
  tx: Tx,
  note: Omit<CreditNoteRow, 'createdAt' | 'refundId' | 'refundedAt'>,
): Promise<CreditNoteRow> {
  const [row] = await tx.insert(creditNotes).values(note).returning();
  if (!row) throw new Error('the credit note was not written');
  return row;
}

/** A stored credit note as replies show it. */
export function toCreditNote(row: {
  number: number;
  partId: string;
  partNumber: string;
  partName: string;
  quantity: number;
  amountCents: number;
  refundedTo: 'card' | 'account';
  refundedAt: Date | string | null;
  createdAt: Date | string;
}): CreditNote {
  return {
    number: creditNoteNumberText(row.number),
    partId: row.partId,
    partNumber: row.partNumber,
    name: row.partName,
    quantity: row.quantity,
    amount: Number(row.amountCents) / 100,
    refundedTo: row.refundedTo,
    refundedAt: row.refundedAt === null ? null : new Date(row.refundedAt).toISOString(),
    createdAt: new Date(row.createdAt).toISOString(),
  };
}

/**
 * The credit notes of the order `orderId` names, oldest first, as one JSON value of the caller's
 * statement (rows as `toCreditNote` takes them); only read for orders some credit was given on.
 */
export function creditNotesOf(orderId: SQLWrapper, credited: SQLWrapper): SQL {
  return sql`case when ${credited} > 0 then (select json_agg(json_build_object(
      'number', c.number, 'partId', c.part_id, 'partNumber', c.part_number,
      'partName', c.part_name, 'quantity', c.quantity, 'amountCents', c.amount_cents,
      'refundedTo', c.refunded_to, 'refundedAt', c.refunded_at, 'createdAt', c.created_at) order by c.number)
    from ${creditNotes} c where c.order_id = ${orderId}) end`;
}

/** One credit note of an order, by its number as people read it (CN-000001); else a 404. */
/** The largest PostgreSQL integer. */
const INTEGER_MAX = 2_147_483_647;

export async function creditNoteOfOrder(
  db: Db | Tx,
  orderId: string,
  numberText: string,
): Promise<CreditNoteRow> {
  const number = Number(numberText.replace(/^CN-/, ''));
  // Numbers are PostgreSQL integers: a larger one names no credit note (and must not reach the
  // database, which refuses it as out of range).
  const [row] =
    Number.isSafeInteger(number) && number <= INTEGER_MAX
      ? await db
          .select()
          .from(creditNotes)
          .where(and(eq(creditNotes.orderId, orderId), eq(creditNotes.number, number)))
      : [];
  if (!row) throw new NotFound(coreMessages.noCreditNote);
  return row;
}

/**
 * Records that a credit note's deposit was refunded by the provider (`refundId`), once: a note
 * already refunded keeps its first refund. True when this call recorded it.
 */
export async function markCreditNoteRefunded(
  db: Db | Tx,
  number: number,
  refundId: string,
): Promise<boolean> {
  const rows = await db
    .update(creditNotes)
    .set({ refundId, refundedAt: new Date() })
    .where(and(eq(creditNotes.number, number), isNull(creditNotes.refundId)))
    .returning({ number: creditNotes.number });
  return rows.length > 0;
}

/** A credit note by its number, or null. */
export async function creditNoteByNumber(
  db: Db | Tx,
  number: number,
): Promise<CreditNoteRow | null> {
  const [row] = await db.select().from(creditNotes).where(eq(creditNotes.number, number));
  return row ?? null;
}
