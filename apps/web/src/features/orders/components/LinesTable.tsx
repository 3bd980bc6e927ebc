import type { ReactNode } from 'react';
import { formatPrice as price } from '../../../lib/money.ts';
import { type CoreLineTexts, coreText } from '../core-strings.ts';
import { orderLinesText } from '../lines-strings.ts';
import { CoreNotes } from './CoreNotes.tsx';

const text = orderLinesText.lines;

export type LineRow = {
  key: string;
  partNumber: string;
  name: string;
  quantity: number;
  unitPrice: number;
  /** The part's list price: a lower unit price is a volume price and says so. */
  listPrice: number;
  total: number;
  /** What the customer must know about the line (checkout's problems). */
  notes?: ReactNode;
  /** The company's fleet vehicle the line is for (issue 32 #5), as people read it. */
  vehicle?: string | undefined;
  /** Where its units ship from (issue 32 #2): "Ships from Dhaka (1), Chattogram (14)". */
  shipsFrom?: string | null | undefined;
  /** What of it waits for the part's restock (issue 32 #3): "5 backordered, expected 1 Mar 2027". */
  backorder?: string | null | undefined;
  /** Its core deposit, and the old parts owed and returned (issue 32 #4). */
  core?: CoreLineTexts | null | undefined;
};

/** A number cell: right-aligned in the table; on a phone, a row of its own with its label. */
const phoneCell = 'max-md:border-0 max-md:px-0 max-md:py-0.5';
const numberCell = `text-right max-md:flex max-md:justify-between max-md:gap-4 ${phoneCell}`;

/** On a phone, the column's name before the value (the header row is there for screen readers). */
function PhoneLabel({ children }: { children: string }) {
  return (
    <span aria-hidden="true" className="font-medium md:hidden">
      {children}
    </span>
  );
}

/**
 * Lines of an order or of a cart about to become one (issue 17 #2): part number, part, quantity,
 * unit price and total, with the order's core deposits (issue 32 #4) and total below (or the
 * page's PriceSummary). The one table My Orders, the payment page and checkout show. Below `md`
 * each line is a stacked block (number and name, then quantity, unit price and total as labelled
 * rows), so that nothing is cut at a phone's edge and no box scrolls sideways.
 */
export function LinesTable({
  rows,
  total,
  deposits = 0,
  compact = false,
}: {
  rows: LineRow[];
  /** The order's total, in the table's foot; without, the page shows its own (PriceSummary). */
  total?: number;
  /** The core deposits among the total (issue 32 #4), a row of the foot above it when some. */
  deposits?: number;
  compact?: boolean;
}) {
  return (
    <table className={`table max-md:block ${compact ? 'table-sm' : ''}`}>
      <caption className="sr-only">{text.caption}</caption>
      <thead className="max-md:sr-only">
        <tr>
          <th scope="col">{text.partNumber}</th>
          <th scope="col">{text.part}</th>
          <th scope="col" className="text-right">
            {text.quantity}
          </th>
          <th scope="col" className="text-right">
            {text.unitPrice}
          </th>
          <th scope="col" className="text-right">
            {text.total}
          </th>
        </tr>
      </thead>
      <tbody className="max-md:block">
        {rows.map((row) => (
          <tr
            key={row.key}
            className="max-md:block max-md:border-b max-md:border-base-300 max-md:py-2"
          >
            <td className={`font-mono whitespace-nowrap max-md:block ${phoneCell}`}>
              {row.partNumber}
            </td>
            <td
              className={`[overflow-wrap:anywhere] max-md:block max-md:font-semibold ${phoneCell}`}
            >
              {row.name}
              {row.vehicle ? (
                <span className="block text-sm font-normal text-base-content/80">
                  {text.forVehicle(row.vehicle)}
                </span>
              ) : null}
              {row.shipsFrom ? (
                <span className="block text-sm font-normal text-base-content/80">
                  {row.shipsFrom}
                </span>
              ) : null}
              {row.backorder ? (
                <span className="block text-sm font-medium">{row.backorder}</span>
              ) : null}
              {row.core ? <CoreNotes texts={row.core} /> : null}
              {row.notes}
            </td>
            <td className={numberCell}>
              <PhoneLabel>{text.quantity}</PhoneLabel>
              {row.quantity}
            </td>
            <td className={numberCell}>
              <PhoneLabel>{text.unitPrice}</PhoneLabel>
              <span>
                {price(row.unitPrice)}
                {row.unitPrice < row.listPrice ? (
                  <span className="block text-xs">{text.volumePrice(price(row.listPrice))}</span>
                ) : null}
              </span>
            </td>
            <td className={numberCell}>
              <PhoneLabel>{text.total}</PhoneLabel>
              {price(row.total)}
            </td>
          </tr>
        ))}
      </tbody>
      {total === undefined ? null : (
        <tfoot className="max-md:block">
          {deposits > 0 ? (
            <tr className="max-md:flex max-md:justify-between max-md:gap-4">
              <th scope="row" colSpan={4} className="text-right font-normal max-md:text-left">
                {coreText.deposits}
              </th>
              <td className="text-right max-md:px-0">{price(deposits)}</td>
            </tr>
          ) : null}
          <tr className="max-md:flex max-md:justify-between">
            <th scope="row" colSpan={4} className="text-right max-md:text-left">
              {text.orderTotal}
            </th>
            <td className="text-right font-bold max-md:px-0">{price(total)}</td>
          </tr>
        </tfoot>
      )}
    </table>
  );
}
