import type { PartStock } from '@axle/contract';
import { stockTexts } from '@axle/contract/warehouse-texts';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { warehousesQuery } from '../query.ts';
import { nameOf, promiseFor } from '../ship-promise.ts';
import { stockText as text } from '../stock-strings.ts';
import { useMinuteClock } from '../use-minute-clock.ts';

type Props = {
  /** What each warehouse holds of the part, in the shop's order (the part's `stock`). */
  stock: readonly PartStock[];
  /** The least a customer may order: the promise is of a warehouse that holds at least that. */
  minimumQuantity: number;
  /**
   * When more is expected of a part that takes orders above its stock (issue 32 #3, the part's
   * `backorderExpected`); null when an order cannot go above the stock now.
   */
  backorderExpected?: string | null;
};

/**
 * A part's stock in each warehouse (issue 32 #2), named as customers know them, with the day more
 * is expected where one is; above it, when the part ships today or next ("Order within 2 h 10 min
 * to ship today from Dhaka"), counted down minute by minute. The countdown is plain text, not a
 * live region: a screen reader reads it when it comes to it, not at every minute. A part that takes
 * backorders says that orders above the stock are taken, and when more is expected.
 */
export function StockByWarehouse({ stock, minimumQuantity, backorderExpected = null }: Props) {
  const headingId = useId();
  const warehouses = useQuery(warehousesQuery()).data;
  const now = useMinuteClock();
  const promise = warehouses ? promiseFor(stock, warehouses, minimumQuantity, now) : null;
  return (
    <section aria-labelledby={headingId} className="space-y-3">
      <h2 id={headingId} className="text-lg font-semibold">
        {stockTexts.heading}
      </h2>
      {promise ? (
        <p className="flex items-start gap-2 font-medium">
          <TruckIcon />
          <span>{promise}</span>
        </p>
      ) : null}
      {backorderExpected ? (
        <p className="max-w-xl">{text.backorders(text.formatDay(backorderExpected))}</p>
      ) : null}
      {stock.length === 0 ? (
        <p>{stockTexts.none}</p>
      ) : (
        <ul className="max-w-xl divide-y divide-base-300 rounded-box bg-base-100 ring-1 ring-base-300">
          {stock.map((held) => (
            <li
              key={held.warehouse}
              className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 px-4 py-2"
            >
              <span className="font-medium break-words">{nameOf(warehouses, held.warehouse)}</span>
              <span className="text-sm">
                {held.quantity > 0 ? stockTexts.inStock(held.quantity) : stockTexts.none}
                {held.restockDate
                  ? `, ${stockTexts.expected(text.formatDay(held.restockDate))}`
                  : null}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function TruckIcon() {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.75"
      strokeLinecap="round"
      strokeLinejoin="round"
      className="mt-0.5 size-5 shrink-0"
    >
      <path d="M3 6h11v9H3zM14 9h4l3 3v3h-7z" />
      <circle cx="7" cy="17" r="2" />
      <circle cx="17" cy="17" r="2" />
    </svg>
  );
}
