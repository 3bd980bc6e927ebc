import { dayText, orderStateText } from '@axle/contract/order-texts';
import { lazy, Suspense } from 'react';
import { BusyButton } from '../../../components/ui/BusyButton.tsx';
import { catalogStrings } from '../../catalog/index.ts';
import type { Order } from '../api.ts';
import { adminText } from '../strings.ts';
import { EmailText } from './EmailText.tsx';

const text = adminText.orders;
const price = catalogStrings.formatPrice;

/** What an admin may do to one order, and which order is being worked on right now. */
export type OrderActions = {
  onShip: (order: Order) => void;
  onDelete: (order: Order) => void;
  onInvoice: (order: Order) => void;
  /** The id of the order being shipped, if any. */
  shippingId: string | null;
  /** The id of the order being deleted, if any. */
  deletingId: string | null;
  /** The id of the order whose invoice is being fetched, if any. */
  invoiceId: string | null;
  /** Old parts received for a paid order (issue 32 #4): the page asks which and how many. */
  onRecordCores: (order: Order) => void;
  /** The paid orders ticked to ship at once (issue 33 #2), by id, and a tick given or taken. */
  selected: ReadonlyMap<string, Order>;
  onSelect: (order: Order, selected: boolean) => void;
};

// A paid order's packing slip comes with its call and words in a chunk of their own (issue 33 #2).
const PackingSlipButton = lazy(() => import('./PackingSlipButton.tsx'));

/** A paid order's tick, to ship it with others (issue 33 #2); nothing for any other order. */
export function SelectOrder({
  order,
  selected,
  onSelect,
}: { order: Order } & Pick<OrderActions, 'selected' | 'onSelect'>) {
  if (!order.paid || order.shipped || order.cancelled) return null;
  return (
    <label className="flex w-fit cursor-pointer items-center gap-2 text-sm">
      <input
        type="checkbox"
        className="checkbox"
        checked={selected.has(order._id)}
        onChange={(event) => onSelect(order, event.target.checked)}
      />
      {text.select}
      <span className="sr-only">{text.which(order.number, order.email)}</span>
    </label>
  );
}

/**
 * Whether old parts (cores) are still owed on a paid order that is not cancelled (issue 32 #4):
 * its deposits are not all credited back yet (credit notes give back cores only). Told by the
 * order itself, since a list carries only the first few of its lines.
 */
export const coresOwed = (order: Order) =>
  order.paid && !order.cancelled && Math.round((order.deposits - order.credited) * 100) > 0;

// An order's credit notes come in a chunk of their own, with their words and download: the
// page's first JavaScript (budget 118 KB) lacks room for them.
const CreditNotes = lazy(() => import('./CreditNotes.tsx'));

/** The order's credit notes (issue 32 #4), if it has any. */
export function OrderCreditNotes({ order }: { order: Order }) {
  if (order.creditNotes.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <CreditNotes order={order} />
    </Suspense>
  );
}

/**
 * The order as people name it: its short number ("Order 10042", the card's title on a phone) and
 * the day it was placed.
 */
export function OrderNumber({ order, as: Name = 'span' }: { order: Order; as?: 'span' | 'h3' }) {
  return (
    <span className="flex flex-col">
      <Name className="text-lg font-semibold">{text.number(order.number)}</Name>
      <span className="text-sm text-base-content/80">
        {text.placed} <time dateTime={order.createdAt}>{dayText(order.createdAt)}</time>
      </span>
    </span>
  );
}

/** The part's picture (decorative: its name is beside it) and name. */
export function OrderItem({ order }: { order: Order }) {
  return (
    <div className="flex items-center gap-3">
      <span aria-hidden="true" className="part-picture block size-12 shrink-0">
        {order.partsImg ? (
          <img
            src={order.partsImg}
            alt=""
            width={48}
            height={48}
            loading="lazy"
            className="h-full w-full object-cover"
          />
        ) : null}
      </span>
      <span className="min-w-0 break-words text-base font-medium">{order.parts}</span>
    </div>
  );
}

/** A labelled fact under a cell's main value: "PO number PO-4471". */
function Fact({ label, value }: { label: string; value: string }) {
  return (
    <span className="text-sm break-words">
      <span className="font-medium">{label}</span> {value}
    </span>
  );
}

/** Paid or unpaid, and the invoice's number once paid. */
export function PaidBadge({ order }: { order: Order }) {
  return order.paid ? (
    <span className="flex flex-col items-start gap-1">
      <span className="badge badge-success">{text.paid}</span>
      {order.invoiceNumber ? (
        <span className="flex flex-col text-sm">
          <span className="font-medium">{text.invoiceNumber}</span>
          <span className="whitespace-nowrap font-mono">{order.invoiceNumber}</span>
        </span>
      ) : null}
    </span>
  ) : (
    <span className="badge badge-error">{text.unpaid}</span>
  );
}

/** Who ordered, and the PO number and note they gave at checkout. */
export function OrderedBy({ order }: { order: Order }) {
  return (
    <span className="flex flex-col">
      <span className="break-words">{order.name}</span>
      <EmailText email={order.email} className="text-sm text-base-content/80" />
      {order.poNumber ? <Fact label={text.poNumber} value={order.poNumber} /> : null}
      {order.note ? <Fact label={text.note} value={order.note} /> : null}
    </span>
  );
}

/**
 * The total, and how it is made up: the one line's quantity and price, or how many lines; the
 * core deposits among it and what credit notes gave back (issue 32 #4).
 */
export function OrderPrice({ order }: { order: Order }) {
  return (
    <span className="flex flex-col">
      <span className="font-medium">{price(order.total)}</span>
      <span className="whitespace-nowrap text-sm text-base-content/80">
        {order.lineCount === 1
          ? text.unitPrice(price(order.partsPrice), order.quantity)
          : text.lineCount(order.lineCount)}
      </span>
      {order.deposits > 0 ? (
        <span className="text-sm text-base-content/80">{text.deposits(price(order.deposits))}</span>
      ) : null}
      {order.credited > 0 ? (
        <span className="text-sm text-base-content/80">{text.credited(price(order.credited))}</span>
      ) : null}
    </span>
  );
}

/** SPEC §4 'Admin view of status': 'Pending' when paid and not shipped, then 'Shipped'. */
function specBadge(order: Order): { label: string; className: string } | null {
  if (order.cancelled) return null;
  if (order.shipped) return { label: text.shipped, className: 'badge-info' };
  if (order.paid) return { label: text.pending, className: 'badge-warning' };
  return null;
}

/**
 * The order's state: SPEC's badge where SPEC names one ('Pending', 'Shipped'), and the state in
 * words as My Orders says it ("Paid — being prepared", "Shipped — tracking 1Z…", "Awaiting
 * payment", "Cancelled"), which a badge alone carries when it says it all.
 */
export function OrderStatus({ order }: { order: Order }) {
  const words = orderStateText(order);
  const badge = specBadge(order);
  if (!badge)
    return (
      <span className={`badge h-auto ${order.cancelled ? 'badge-neutral' : 'badge-ghost'}`}>
        {words}
      </span>
    );
  return (
    <span className="flex flex-col items-start gap-1">
      <span className={`badge ${badge.className}`}>{badge.label}</span>
      {words === badge.label ? null : (
        <span className="text-sm [overflow-wrap:anywhere]">{words}</span>
      )}
    </span>
  );
}

/**
 * Ship a pending order (after the page asks for a tracking number); delete an unpaid one (after a
 * confirmation the page asks); download a paid order's invoice; record the old parts returned of
 * a paid order that still owes some (issue 32 #4, after a dialog). A cancelled order is only
 * listed.
 */
export function OrderAction({ order, ...actions }: { order: Order } & OrderActions) {
  if (order.cancelled) return null;
  const which = <span className="sr-only">{text.which(order.number, order.email)}</span>;
  const label = (words: string) => (
    <>
      {words}
      {which}
    </>
  );
  return (
    <div className="flex flex-wrap gap-2">
      {order.paid && !order.shipped ? (
        <BusyButton
          className="btn btn-primary btn-sm whitespace-nowrap"
          busy={actions.shippingId === order._id}
          busyLabel={label(text.shipping)}
          onClick={() => actions.onShip(order)}
        >
          {label(text.ship)}
        </BusyButton>
      ) : null}
      {order.paid ? null : (
        <BusyButton
          className="btn btn-outline btn-error btn-sm whitespace-nowrap"
          busy={actions.deletingId === order._id}
          busyLabel={label(text.deleting)}
          onClick={() => actions.onDelete(order)}
        >
          {label(text.delete)}
        </BusyButton>
      )}
      {order.paid && order.invoiceNumber ? (
        <BusyButton
          className="btn btn-outline btn-sm whitespace-nowrap"
          busy={actions.invoiceId === order._id}
          busyLabel={label(text.downloadingInvoice)}
          onClick={() => actions.onInvoice(order)}
        >
          {label(text.downloadInvoice)}
        </BusyButton>
      ) : null}
      {order.paid ? (
        <Suspense fallback={null}>
          <PackingSlipButton order={order} which={text.which(order.number, order.email)} />
        </Suspense>
      ) : null}
      {coresOwed(order) ? (
        // Its words may wrap: one more button must not widen the table past a 1280 px screen.
        <button
          type="button"
          className="btn btn-outline btn-sm h-auto min-h-8 whitespace-normal py-1"
          onClick={() => actions.onRecordCores(order)}
        >
          {label(text.recordCores)}
        </button>
      ) : null}
    </div>
  );
}
