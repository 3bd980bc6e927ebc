import { catalogStrings } from '../../catalog/index.ts';
import type { Order } from '../api.ts';
import { adminText } from '../strings.ts';

const text = adminText.orders;
const price = catalogStrings.formatPrice;

/** What an admin may do to one order, and which order is being worked on right now. */
export type OrderActions = {
  onShip: (order: Order) => void;
  onDelete: (order: Order) => void;
  onInvoice: (order: Order) => void;
  /** The id of the order being shipped, if any. */
  shippingId: string | null;
  /** The id of the order whose invoice is being fetched, if any. */
  invoiceId: string | null;
};

/** The part's picture (decorative: its name is beside it) and name, with the order's short id. */
export function OrderItem({ order, as: Name = 'span' }: { order: Order; as?: 'span' | 'h3' }) {
  return (
    <div className="flex items-center gap-3">
      {order.partsImg ? (
        <img
          src={order.partsImg}
          alt=""
          width={48}
          height={48}
          loading="lazy"
          className="size-12 shrink-0 rounded-box bg-base-200 object-cover"
        />
      ) : (
        <span aria-hidden="true" className="size-12 shrink-0 rounded-box bg-base-200" />
      )}
      <span className="flex min-w-0 flex-col">
        <Name className="break-words font-semibold">{order.parts}</Name>
        <span className="font-mono text-xs text-base-content/80">{text.orderId(order._id)}</span>
      </span>
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
      {order.invoiceNumber ? <Fact label={text.invoiceNumber} value={order.invoiceNumber} /> : null}
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
      <span className="break-all text-sm text-base-content/80">{order.email}</span>
      {order.poNumber ? <Fact label={text.poNumber} value={order.poNumber} /> : null}
      {order.note ? <Fact label={text.note} value={order.note} /> : null}
    </span>
  );
}

/** The total, and how it is made up: the one line's quantity and price, or how many lines. */
export function OrderPrice({ order }: { order: Order }) {
  return (
    <span className="flex flex-col">
      <span className="font-medium">{price(order.total)}</span>
      <span className="whitespace-nowrap text-sm text-base-content/80">
        {order.lineCount === 1
          ? text.unitPrice(price(order.partsPrice), order.quantity)
          : text.lineCount(order.lineCount)}
      </span>
    </span>
  );
}

/**
 * SPEC §4 'Admin view of status': 'Pending' when paid and not shipped, then 'Shipped' (with the
 * carrier's tracking number when the admin gave one).
 */
export function OrderStatus({ order }: { order: Order }) {
  if (order.cancelled) return <span className="badge badge-neutral">{text.cancelled}</span>;
  if (order.shipped)
    return (
      <span className="flex flex-col items-start gap-1">
        <span className="badge badge-info">{text.shipped}</span>
        {order.trackingNumber ? (
          <Fact label={text.trackingNumber} value={order.trackingNumber} />
        ) : null}
      </span>
    );
  if (order.paid) return <span className="badge badge-warning">{text.pending}</span>;
  return <span className="badge badge-ghost whitespace-nowrap">{text.awaitingPayment}</span>;
}

/**
 * Ship a pending order (after the page asks for a tracking number); delete an unpaid one (after a
 * confirmation the page asks); download a paid order's invoice. A cancelled order is only listed.
 */
export function OrderAction({ order, ...actions }: { order: Order } & OrderActions) {
  if (order.cancelled) return null;
  const which = (
    <span className="sr-only">{text.which(order.quantity, order.parts, order.email)}</span>
  );
  const shipping = actions.shippingId === order._id;
  const fetching = actions.invoiceId === order._id;
  return (
    <div className="flex flex-wrap gap-2">
      {order.paid && !order.shipped ? (
        <button
          type="button"
          className="btn btn-primary btn-sm"
          disabled={shipping}
          onClick={() => actions.onShip(order)}
        >
          {shipping ? text.shipping : text.ship}
          {which}
        </button>
      ) : null}
      {order.paid ? null : (
        <button
          type="button"
          className="btn btn-error btn-sm"
          onClick={() => actions.onDelete(order)}
        >
          {text.delete}
          {which}
        </button>
      )}
      {order.paid && order.invoiceNumber ? (
        <button
          type="button"
          className="btn btn-outline btn-sm"
          aria-busy={fetching}
          onClick={() => {
            // A second press while the file is on its way would save it twice.
            if (!fetching) actions.onInvoice(order);
          }}
        >
          {fetching ? text.downloadingInvoice : text.downloadInvoice}
          {which}
        </button>
      ) : null}
    </div>
  );
}
