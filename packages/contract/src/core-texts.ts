// Core charges (issue 32 #4): the deposit on an exchange part (a starter, a caliper), refunded
// with a credit note when the old part, its core, comes back. The words every page and reply use.

/** The largest core charge a part may carry, in dollars, and the longest return window. */
export const CORE_CHARGE_MAX = 10_000;
export const CORE_RETURN_DAYS_MAX = 365;
/** The days a buyer has to return an old part when its part names no other window. */
export const CORE_RETURN_DAYS_DEFAULT = 30;

/** A credit note's number as people read it: CN-000042. */
export const creditNoteNumberText = (n: number) => `CN-${String(n).padStart(6, '0')}`;

const money = (dollars: number) =>
  `$${dollars.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

export const coreMessages = {
  charge: `A core charge is an amount in dollars from 0.01 to ${CORE_CHARGE_MAX}, at most two decimals`,
  returnDays: `Core return days is a whole number from 1 to ${CORE_RETURN_DAYS_MAX}`,
  /** The part page: what the deposit is and how it comes back. */
  partNotice: (charge: number, days: number) =>
    `Core charge ${money(charge)} per unit, refunded when you return the old part within ${days} days`,
  /** A cart, checkout or order line's deposit. */
  lineDeposit: (quantity: number, charge: number) =>
    `Core deposit: ${quantity} × ${money(charge)} = ${money(quantity * charge)}`,
  /** The cores of a paid order's line not returned yet. */
  owed: (owed: number, dueBy: string) =>
    `${owed} ${owed === 1 ? 'core' : 'cores'} to return by ${dueBy}`,
  returned: (returned: number) => `${returned} ${returned === 1 ? 'core' : 'cores'} returned`,
  depositsLabel: 'Core deposits (refunded when the old parts come back)',
  noCore: 'This order has no core charge for that part',
  notPaid: 'Cores can be returned once the order is paid',
  cancelled: 'This order was cancelled',
  tooMany: (left: number) =>
    left === 0
      ? 'Every core charged for this part has been returned already'
      : `At most ${left} ${left === 1 ? 'core is' : 'cores are'} still owed for this part`,
  refundFailed:
    'The payment provider could not refund the deposit now; nothing was recorded. Try again in a moment.',
  quantity: 'Enter how many old parts came back: a whole number, at least 1',
  noCreditNote: 'This order has no credit note with that number',
} as const;
