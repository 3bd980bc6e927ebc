import type { ReactNode } from 'react';
import { formatPrice as price } from '../../../lib/money.ts';
import { orderLinesText } from '../lines-strings.ts';

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
};

/**
 * Lines of an order or of a cart about to become one (issue 17 #2): part number, part, quantity,
 * unit price and total, with the order's total below. The one table My Orders, the payment page
 * and checkout show.
 */
export function LinesTable({
  rows,
  total,
  compact = false,
}: {
  rows: LineRow[];
  total: number;
  compact?: boolean;
}) {
  return (
    <div className="overflow-x-auto">
      <table className={compact ? 'table table-sm' : 'table'}>
        <caption className="sr-only">{text.caption}</caption>
        <thead>
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
        <tbody>
          {rows.map((row) => (
            <tr key={row.key}>
              <td className="font-mono">{row.partNumber}</td>
              <td>
                {row.name}
                {row.notes}
              </td>
              <td className="text-right">{row.quantity}</td>
              <td className="text-right">
                {price(row.unitPrice)}
                {row.unitPrice < row.listPrice ? (
                  <span className="block text-xs">{text.volumePrice(price(row.listPrice))}</span>
                ) : null}
              </td>
              <td className="text-right">{price(row.total)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" colSpan={4} className="text-right">
              {text.orderTotal}
            </th>
            <td className="text-right font-bold">{price(total)}</td>
          </tr>
        </tfoot>
      </table>
    </div>
  );
}
