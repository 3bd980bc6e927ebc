import { catalogStrings } from '../../catalog/index.ts';
import type { Order } from '../api.ts';
import { adminText } from '../strings.ts';

const text = adminText.orders;
const price = catalogStrings.formatPrice;

/** What an admin may do to one order, and which order is being worked on right now. */
export type OrderActions = {
  onShip: (order: Order) => void;
  onDelete: (order: Order) => void;
  /** The id of the order being shipped, if any. */
  shippingId: string | null;
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

export function PaidBadge({ order }: { order: Order }) {
  return order.paid ? (
    <span className="badge badge-success">{text.paid}</span>
  ) : (
    <span className="badge badge-error">{text.unpaid}</span>
  );
}

export function OrderedBy({ order }: { order: Order }) {
  return (
    <span className="flex flex-col">
      <span className="break-words">{order.name}</span>
      <span className="break-all text-sm text-base-content/80">{order.email}</span>
    </span>
  );
}

/** The total, and how it is made up. */
export function OrderPrice({ order }: { order: Order }) {
  return (
    <span className="flex flex-col">
      <span className="font-medium">{price(order.totalPrice)}</span>
      <span className="whitespace-nowrap text-sm text-base-content/80">
        {text.unitPrice(price(order.partsPrice), order.quantity)}
      </span>
    </span>
  );
}

/** SPEC §4 'Admin view of status': 'Pending' when paid and not shipped, then 'Shipped'. */
export function OrderStatus({ order }: { order: Order }) {
  if (order.cancelled) return <span className="badge badge-neutral">{text.cancelled}</span>;
  if (order.shipped) return <span className="badge badge-info">{text.shipped}</span>;
  if (order.paid) return <span className="badge badge-warning">{text.pending}</span>;
  return <span className="badge badge-ghost whitespace-nowrap">{text.awaitingPayment}</span>;
}

/** Ship a pending order; delete an unpaid one (after a confirmation the page asks). A cancelled
 * order is only listed. */
export function OrderAction({
  order,
  onShip,
  onDelete,
  shippingId,
}: { order: Order } & OrderActions) {
  if (order.cancelled) return null;
  const which = (
    <span className="sr-only">{text.which(order.quantity, order.parts, order.email)}</span>
  );
  if (order.paid && !order.shipped) {
    const busy = shippingId === order._id;
    return (
      <button
        type="button"
        className="btn btn-primary btn-sm"
        disabled={busy}
        onClick={() => onShip(order)}
      >
        {busy ? text.shipping : text.ship}
        {which}
      </button>
    );
  }
  if (!order.paid) {
    return (
      <button type="button" className="btn btn-error btn-sm" onClick={() => onDelete(order)}>
        {text.delete}
        {which}
      </button>
    );
  }
  return null;
}
