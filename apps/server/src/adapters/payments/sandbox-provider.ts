import { randomBytes } from 'node:crypto';
import { cardMessages } from '@axle/contract';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { PaymentIntent, PaymentProvider } from './payment-provider.ts';
import { sandboxIntents, sandboxRefunds } from './sandbox.table.ts';

/** A card refused the way Stripe refuses it: its code, its words, and the HTTP status to answer. */
export class CardError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly statusCode: 400 | 402 | 404 | 409,
  ) {
    super(message);
    this.name = 'CardError';
  }
}

export type SandboxCard = { number: string; expMonth: number; expYear: number; cvc: string };

/** Stripe's documented test cards that fail, and how. Every other valid number succeeds. */
const declines: Record<string, { code: string; message: string }> = {
  '4000000000000002': { code: 'card_declined', message: cardMessages.declined },
  '4000000000009995': { code: 'insufficient_funds', message: cardMessages.insufficientFunds },
  '4000000000000069': { code: 'expired_card', message: cardMessages.expired },
  '4000000000000127': { code: 'incorrect_cvc', message: cardMessages.incorrectCvc },
};

export function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

function brandOf(digits: string): string {
  if (digits.startsWith('4')) return 'visa';
  if (/^(5[1-5]|2(2[2-9]|[3-6]\d|7[01]|720))/.test(digits)) return 'mastercard';
  if (/^3[47]/.test(digits)) return 'amex';
  if (/^(6011|65)/.test(digits)) return 'discover';
  return 'unknown';
}

/** Checks the card as Stripe would before charging: number (Luhn), expiry, CVC. */
function checkCard(card: SandboxCard, now: Date): string {
  const digits = card.number.replace(/[\s-]/g, '');
  if (!/^\d{12,19}$/.test(digits) || !passesLuhn(digits)) {
    throw new CardError('invalid_number', cardMessages.invalidNumber, 400);
  }
  const year = card.expYear < 100 ? 2000 + card.expYear : card.expYear;
  const endOfMonth = new Date(Date.UTC(year, card.expMonth, 1));
  if (
    card.expMonth < 1 ||
    card.expMonth > 12 ||
    endOfMonth <= now ||
    year > now.getUTCFullYear() + 50
  ) {
    throw new CardError('invalid_expiry', cardMessages.invalidExpiry, 400);
  }
  if (!/^\d{3,4}$/.test(card.cvc)) throw new CardError('invalid_cvc', cardMessages.invalidCvc, 400);
  return digits;
}

type IntentRow = typeof sandboxIntents.$inferSelect;

function toIntent(row: IntentRow): PaymentIntent {
  return {
    id: row.id,
    clientSecret: row.clientSecret,
    amountCents: row.amountCents,
    currency: row.currency,
    status: row.status as PaymentIntent['status'],
    orderId: row.orderId,
    card: row.cardBrand && row.cardLast4 ? { brand: row.cardBrand, last4: row.cardLast4 } : null,
  };
}

export type SandboxProvider = PaymentProvider & {
  /** The page's card form: confirms an intent by its client secret, as Stripe.js would. */
  confirm(clientSecret: string, card: SandboxCard): Promise<PaymentIntent>;
};

/**
 * Behaves like Stripe's test mode without leaving the machine: intents live in this database,
 * and only the card's brand and last four digits are ever kept.
 */
export function createSandboxProvider(db: Db, now: () => Date = () => new Date()): SandboxProvider {
  const find = async (id: string) => {
    const [row] = await db.select().from(sandboxIntents).where(eq(sandboxIntents.id, id));
    if (!row) throw new CardError('resource_missing', `No such payment_intent: '${id}'`, 404);
    return row;
  };
  return {
    name: 'sandbox',
    async createIntent({ orderId, amountCents, idempotencyKey }) {
      const id = `pi_sandbox_${randomBytes(12).toString('hex')}`;
      const [created] = await db
        .insert(sandboxIntents)
        .values({
          id,
          clientSecret: `${id}_secret_${randomBytes(16).toString('hex')}`,
          idempotencyKey,
          orderId,
          amountCents,
          status: 'requires_payment_method',
        })
        .onConflictDoNothing({ target: sandboxIntents.idempotencyKey })
        .returning();
      if (created) return toIntent(created);
      const [existing] = await db
        .select()
        .from(sandboxIntents)
        .where(eq(sandboxIntents.idempotencyKey, idempotencyKey));
      if (!existing) throw new Error('sandbox intent vanished');
      return toIntent(existing);
    },
    async retrieveIntent(id) {
      return toIntent(await find(id));
    },
    async cancelIntent(id) {
      const row = await find(id);
      if (row.status === 'succeeded')
        throw new CardError(
          'payment_intent_unexpected_state',
          'This PaymentIntent has already succeeded.',
          409,
        );
      await db
        .update(sandboxIntents)
        .set({ status: 'canceled', updatedAt: now() })
        .where(eq(sandboxIntents.id, id));
    },
    async refund({ intentId, amountCents, idempotencyKey }) {
      return db.transaction(async (tx) => {
        const [earlier] = await tx
          .select()
          .from(sandboxRefunds)
          .where(eq(sandboxRefunds.idempotencyKey, idempotencyKey));
        if (earlier) return { id: earlier.id, amountCents: earlier.amountCents };
        // The intent locked: refunds of one payment take turns, and never exceed it.
        const [intent] = await tx
          .select()
          .from(sandboxIntents)
          .where(eq(sandboxIntents.id, intentId))
          .for('update');
        if (!intent)
          throw new CardError('resource_missing', `No such payment_intent: '${intentId}'`, 404);
        if (intent.status !== 'succeeded')
          throw new CardError(
            'charge_not_refundable',
            'This PaymentIntent has no succeeded charge to refund.',
            409,
          );
        const [done] = await tx
          .select({ cents: sql<number>`coalesce(sum(${sandboxRefunds.amountCents}), 0)::int` })
          .from(sandboxRefunds)
          .where(eq(sandboxRefunds.intentId, intentId));
        if (!Number.isInteger(amountCents) || amountCents < 1)
          throw new CardError('parameter_invalid_integer', 'Invalid positive integer', 400);
        if ((done?.cents ?? 0) + amountCents > intent.amountCents)
          throw new CardError(
            'charge_already_refunded',
            `Refund amount ($${(amountCents / 100).toFixed(2)}) is greater than unrefunded amount on charge ($${((intent.amountCents - (done?.cents ?? 0)) / 100).toFixed(2)})`,
            400,
          );
        const id = `re_sandbox_${randomBytes(12).toString('hex')}`;
        await tx.insert(sandboxRefunds).values({ id, intentId, idempotencyKey, amountCents });
        return { id, amountCents };
      });
    },
    async confirm(clientSecret, card) {
      const [row] = await db
        .select()
        .from(sandboxIntents)
        .where(eq(sandboxIntents.clientSecret, clientSecret));
      if (!row) throw new CardError('resource_missing', 'No such payment_intent.', 404);
      if (row.status !== 'requires_payment_method') {
        throw new CardError(
          'payment_intent_unexpected_state',
          `You cannot confirm this PaymentIntent because it has a status of ${row.status}.`,
          409,
        );
      }
      const digits = checkCard(card, now());
      const decline = declines[digits];
      if (decline) throw new CardError(decline.code, decline.message, 402);
      // Only the brand and the last four digits are kept; the number and CVC go no further.
      const [updated] = await db
        .update(sandboxIntents)
        .set({
          status: 'succeeded',
          cardBrand: brandOf(digits),
          cardLast4: digits.slice(-4),
          updatedAt: now(),
        })
        .where(eq(sandboxIntents.id, row.id))
        .returning();
      if (!updated) throw new Error('sandbox intent vanished');
      return toIntent(updated);
    },
  };
}
