// Words and limits of buying as a business (issue 17): the cart, quick order, reorder, ship-to
// addresses, checkout and invoices. Free of zod, so that any page can show them (ADR 008).

/** How many different parts a cart holds at most (409 for one more). */
export const CART_LINES_MAX = 200;

/** What a cart line's problem says, with the part's numbers. */
export const cartMessages = {
  belowMinimum: (minimum: number) => `The minimum order for this part is ${minimum}`,
  aboveStock: (available: number) => `Only ${available} in stock`,
  outOfStock: 'Out of stock',
  full: `A cart holds at most ${CART_LINES_MAX} different parts`,
  noPart: 'No part with this id',
  empty: 'Your cart is empty',
  notOrderable: 'Some lines cannot be ordered as they are: change or remove them first',
} as const;

/** Quick order: how much text it reads, and why a line is refused. */
export const QUICK_ORDER_MAX_CHARS = 20_000;
export const QUICK_ORDER_MAX_LINES = 500;
export const quickOrderMessages = {
  malformed: 'Write a part number and a quantity, such as "P 83 140, 100"',
  quantity: 'The quantity must be a whole number from 1',
  unknown: (number: string) => `No part with number ${number}`,
  belowMinimum: (minimum: number) => `Below the minimum order of ${minimum}`,
  aboveStock: (available: number) => `Only ${available} in stock`,
  merged: (line: number) => `Same part as line ${line}: the quantities were added up`,
  tooLong: `Paste at most ${QUICK_ORDER_MAX_LINES} lines at once`,
  replaced: (old: string, newest: string) =>
    `${old} is replaced by ${newest}, which was added instead`,
  stillOld: (old: string, newest: string) =>
    `${old} is replaced by ${newest}; the old number's stock was added`,
  neither: (newest: string, reason: string) => `Replaced by ${newest}: ${reason}`,
} as const;

/** Reorder: what changed for a line since the order was placed. */
export const reorderMessages = {
  priceChanged: (then: string, now: string) => `The price was $${then}, it is $${now} now`,
  gone: 'This part is no longer in the catalogue',
  belowMinimum: (minimum: number) => `The minimum order is now ${minimum}`,
  aboveStock: (available: number) => `Only ${available} in stock`,
  replaced: (newest: string) => `Replaced by ${newest}, which is in your cart instead`,
  stillOld: (newest: string) =>
    `Replaced by ${newest}; your cart holds the old number while its stock lasts`,
} as const;

export const ADDRESSES_MAX = 20;
export const addressMessages = {
  line1: 'Address line 1 is required (at most 120 characters)',
  line2: 'Address line 2 is at most 120 characters',
  city: 'City is required (at most 80 characters)',
  postalCode: 'Postal code is letters, digits, spaces and dashes (at most 12 characters)',
  country: 'Country is required (at most 60 characters)',
  full: `You can keep at most ${ADDRESSES_MAX} addresses`,
  notFound: 'No such address',
} as const;

/** A checkout's PO number and note, at most (characters). */
export const PO_NUMBER_MAX = 40;
export const ORDER_NOTE_MAX = 500;

export const checkoutMessages = {
  oneAddress: 'Choose a saved address or enter a new one (one of addressId and address)',
  poNumber: 'The PO number is at most 40 characters',
  note: 'The note is at most 500 characters',
  tel: 'A phone number is required (at most 40 characters)',
  lineRefused: (partNumber: string, reason: string) => `${partNumber}: ${reason}`,
} as const;

/** An invoice number as people read it: INV-000042. */
export const invoiceNumberText = (n: number) => `INV-${String(n).padStart(6, '0')}`;

/** Backorders (issue 32 #3): a line above the stock of a part that allows them. */
export const backorderMessages = {
  line: (quantity: number, expected: string | null) =>
    expected ? `${quantity} backordered, expected ${expected}` : `${quantity} backordered`,
  waiting: 'This order waits for backordered parts: it ships complete when they arrive',
} as const;

/**
 * How many units of a line are backordered: those above the stock, when the part accepts
 * backorders now (a restock date is known); 0 otherwise.
 */
export function backorderedOf(
  part: { availableQuantity: number; backorderExpected?: string | null | undefined },
  quantity: number,
): number {
  return part.backorderExpected ? Math.max(0, quantity - part.availableQuantity) : 0;
}

/**
 * Why a cart line cannot be ordered as it is, from the part as it is now; empty when it can. A
 * part that accepts backorders takes any quantity above its minimum.
 */
export function cartProblems(
  part: {
    availableQuantity: number;
    minimumQuantity: number;
    backorderExpected?: string | null | undefined;
  },
  quantity: number,
): { code: 'below_minimum' | 'above_stock' | 'out_of_stock'; message: string }[] {
  const backorders = Boolean(part.backorderExpected);
  if (part.availableQuantity === 0 && !backorders)
    return [{ code: 'out_of_stock', message: cartMessages.outOfStock }];
  const problems: { code: 'below_minimum' | 'above_stock'; message: string }[] = [];
  if (quantity < part.minimumQuantity)
    problems.push({
      code: 'below_minimum',
      message: cartMessages.belowMinimum(part.minimumQuantity),
    });
  if (quantity > part.availableQuantity && !backorders)
    problems.push({
      code: 'above_stock',
      message: cartMessages.aboveStock(part.availableQuantity),
    });
  return problems;
}
