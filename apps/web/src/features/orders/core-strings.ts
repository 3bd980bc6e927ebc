/**
 * Words of an order's core charges (issue 32 #4) on the buyer's pages: each line's deposit and the
 * old parts still owed or returned (the contract's `coreMessages`), and the order's credit notes.
 */
import type { OrderLine } from '@axle/contract';
import { coreMessages } from '@axle/contract/core-texts';
import { dayText } from '@axle/contract/order-texts';

/** What a line with a core charge says: its deposit and, once paid, what is owed and returned. */
export type CoreLineTexts = {
  deposit: string;
  owed: string | null;
  returned: string | null;
};

/** A line's core charge: a cart's (charge and deposit) or an order's (with what came back). */
type LineCore = Pick<NonNullable<OrderLine['core']>, 'charge'> &
  Partial<Pick<NonNullable<OrderLine['core']>, 'owed' | 'returned' | 'dueBy'>>;

export function coreLineTexts(
  line: { quantity: number; core?: LineCore | undefined } | undefined,
): CoreLineTexts | null {
  const core = line?.core;
  if (!line || !core) return null;
  return {
    deposit: coreMessages.lineDeposit(line.quantity, core.charge),
    // The day is the reader's calendar day: a date without a time zone is read as local midnight,
    // so 2027-03-01 stays 1 March west of Greenwich.
    owed:
      core.owed && core.dueBy
        ? coreMessages.owed(core.owed, dayText(`${core.dueBy}T00:00:00`))
        : null,
    returned: core.returned ? coreMessages.returned(core.returned) : null,
  };
}

export const coreText = {
  deposits: coreMessages.depositsLabel,
  /** The same, as the term of a list of a few words each (the payment page's summary). */
  depositsTerm: 'Core deposits',
  depositsRefunded: 'refunded when the old parts come back',
  creditNotes: 'Credit notes',
  /** What came back of the order's deposits so far. */
  givenBack: (credited: string, deposits: string) =>
    `Core deposits given back: ${credited} of ${deposits}`,
  /** What a credit note gave back: "2 cores of 0 986 011 Starter motor". */
  creditNoteFor: (quantity: number, partNumber: string, name: string) =>
    `${quantity} ${quantity === 1 ? 'core' : 'cores'} of ${partNumber} ${name}`,
  refundedToCard: 'Refunded to your card',
  creditedToAccount: 'Credited to your company’s account',
  refundPending: 'Refund to your card pending',
  download: 'Download',
  /** After "Download", for screen readers: which note the button saves. */
  downloadOf: (number: string) => ` credit note ${number}`,
  downloading: 'Preparing…',
  downloadFailed: 'The credit note could not be downloaded. Please try again.',
  downloadDenied: 'Only the buyer who placed this order can download its credit notes.',
} as const;
