import type { OrderLine } from '@axle/contract';
import { coreMessages } from '@axle/contract/core-texts';
import { dayText } from '@axle/contract/order-texts';

/**
 * A line's core charge (issue 32 #4): its deposit, the old parts still owed and by when (once the
 * order is paid), and those returned. A chunk of its own, with the contract's words of cores:
 * loaded for the lines that have one.
 */
export default function CoreFacts({
  core,
  quantity,
}: {
  core: NonNullable<OrderLine['core']>;
  quantity: number;
}) {
  return (
    <>
      <span className="text-sm text-base-content/80">
        {coreMessages.lineDeposit(quantity, core.charge)}
      </span>
      {core.owed > 0 && core.dueBy ? (
        <span className="text-sm font-medium">
          {/* A day of the calendar: read at the reader's midnight, it stays that day. */}
          {coreMessages.owed(core.owed, dayText(`${core.dueBy}T00:00:00`))}
        </span>
      ) : null}
      {core.returned > 0 ? (
        <span className="text-sm text-base-content/80">{coreMessages.returned(core.returned)}</span>
      ) : null}
    </>
  );
}
