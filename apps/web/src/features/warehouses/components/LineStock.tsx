import type { PartStock } from '@axle/contract';
import { useQuery } from '@tanstack/react-query';
import { warehousesQuery } from '../query.ts';
import { nameOf, promiseFor } from '../ship-promise.ts';
import { stockText as text } from '../stock-strings.ts';
import { useMinuteClock } from '../use-minute-clock.ts';

/**
 * A cart line's note (issue 32 #2): when its quantity ships from one warehouse, the promise of the
 * first that holds it all ("Order within 2 h 10 min to ship today from Dhaka"); when it must be
 * split, what each holds ("Dhaka 40 · Chattogram 12"); nothing when the stock falls short (the
 * line says so already). Plain text: the countdown is not announced at every minute.
 */
export function LineStock({
  stock,
  quantity,
  className = '',
}: {
  stock: readonly PartStock[];
  quantity: number;
  className?: string;
}) {
  const warehouses = useQuery(warehousesQuery()).data;
  const now = useMinuteClock();
  if (!warehouses) return null;
  const promise = promiseFor(stock, warehouses, quantity, now);
  if (promise) return <p className={className}>{promise}</p>;
  const held = stock.filter((entry) => entry.quantity > 0);
  const total = held.reduce((sum, entry) => sum + entry.quantity, 0);
  if (held.length < 2 || total < quantity) return null;
  return (
    <p className={className}>
      {text.splitStock(
        held
          .map((entry) => text.heldIn(nameOf(warehouses, entry.warehouse), entry.quantity))
          .join(' · '),
      )}
    </p>
  );
}
