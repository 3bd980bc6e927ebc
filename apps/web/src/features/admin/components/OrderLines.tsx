import type { OrderLine } from '@axle/contract';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useId, useState } from 'react';
import { ErrorText } from '../../../components/ui/ErrorText.tsx';
import { Spinner } from '../../../components/ui/Spinner.tsx';
import { catalogStrings } from '../../catalog/index.ts';
import { backorderText, shipsFromText } from '../../warehouses/index.ts';
import { type Order, orderQuery } from '../api.ts';
import { adminText } from '../strings.ts';

const text = adminText.orders;
const price = catalogStrings.formatPrice;

// A line's core charge comes in a chunk of its own, with the contract's words of cores: the
// page's first JavaScript (budget 118 KB) lacks room for them.
const CoreFacts = lazy(() => import('./CoreFacts.tsx'));

/**
 * One line: its part's number and name, then quantity × unit price = line total, the warehouses
 * it ships from (issue 32 #2), what of it waits for a restock (issue 32 #3): the order cannot ship
 * until it comes, and its core deposit with the old parts owed and returned (issue 32 #4).
 */
function Line({ line }: { line: OrderLine }) {
  const shipsFrom = shipsFromText(line.shipsFrom);
  const backordered = backorderText(line.backorder);
  // Below the part's own price, a volume price applied: the admin sees what it saved.
  const unit =
    line.listPrice > line.unitPrice
      ? `${price(line.unitPrice)} (${text.listPrice(price(line.listPrice))})`
      : price(line.unitPrice);
  return (
    <li className="flex flex-col">
      <span className="break-words text-sm">
        <span className="font-mono text-xs [overflow-wrap:anywhere]">{line.partNumber}</span>{' '}
        {line.name}
      </span>
      <span className="text-sm text-base-content/80">
        {text.lineSum(line.quantity, unit, price(line.total))}
      </span>
      {line.vehicle ? (
        <span className="text-sm text-base-content/80">{text.forVehicle(line.vehicle.label)}</span>
      ) : null}
      {shipsFrom ? <span className="text-sm text-base-content/80">{shipsFrom}</span> : null}
      {backordered ? <span className="text-sm font-medium">{backordered}</span> : null}
      {line.core ? (
        <Suspense fallback={null}>
          <CoreFacts core={line.core} quantity={line.quantity} />
        </Suspense>
      ) : null}
    </li>
  );
}

/**
 * An order's lines: part number, name, quantity, unit price and line total. A list of orders
 * carries the first few of each; "Show all N lines" reads the order with all of them, and the same
 * button then shows the first few again (the focus stays where it is).
 */
export function OrderLines({ order }: { order: Order }) {
  const [all, setAll] = useState(false);
  const more = order.lineCount > order.lines.length;
  const full = useQuery({ ...orderQuery(order._id), enabled: all && more });
  const allLines = all ? full.data?.lines : undefined;
  const lines = allLines ?? order.lines;
  const id = useId();

  return (
    <div className="flex flex-col gap-2">
      <ul id={id} aria-label={text.lines(order.number)} className="flex flex-col gap-1">
        {lines.map((line, index) => (
          // A part may be on two lines of an order; its place tells them apart.
          <Line key={`${line.partId}-${index}`} line={line} />
        ))}
      </ul>
      {more ? (
        <div className="flex flex-wrap items-center gap-2">
          <button
            type="button"
            className="btn btn-outline btn-xs"
            aria-expanded={allLines !== undefined}
            aria-controls={id}
            onClick={() => {
              if (allLines) return setAll(false);
              setAll(true);
              if (full.isError) void full.refetch();
            }}
          >
            {allLines ? text.showFirst(order.lines.length) : text.showAll(order.lineCount)}
          </button>
          {all && full.isFetching && !full.data ? (
            <Spinner size="sm" label={text.loadingLines} />
          ) : null}
          {all && full.isError && !full.isFetching ? (
            <ErrorText alert>{text.linesFailed}</ErrorText>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
