import { stockText } from './stock-strings.ts';

/**
 * "5 backordered, expected 1 Mar 2027": the words of the contract's `backorderMessages.line`
 * (backorder-text.test.ts holds them to it) with the day as people read it, said here so that
 * the order pages, which need nothing else of buying, do not load buying-texts with the cart's
 * calls: that took Manage All Orders over its 118 KB budget.
 */
const line = (quantity: number, expected: string | null) =>
  expected ? `${quantity} backordered, expected ${expected}` : `${quantity} backordered`;

/**
 * The units of a cart or order line that wait for the part's restock (issue 32 #3), and when more
 * is expected (null: not known any more); null when none wait.
 */
export function backorderText(
  backorder: { quantity: number; expected: string | null } | undefined,
): string | null {
  if (!backorder || backorder.quantity <= 0) return null;
  return line(
    backorder.quantity,
    backorder.expected ? stockText.formatDay(backorder.expected) : null,
  );
}
