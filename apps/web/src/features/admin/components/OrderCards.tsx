import { useId } from 'react';
import type { Order } from '../api.ts';
import { adminText } from '../strings.ts';
import {
  OrderAction,
  type OrderActions,
  OrderCreditNotes,
  OrderedBy,
  OrderItem,
  OrderNumber,
  OrderPrice,
  OrderStatus,
  PaidBadge,
  SelectOrder,
} from './OrderBits.tsx';
import { OrderLines } from './OrderLines.tsx';

const text = adminText.orders;

/**
 * Manage All Orders on a phone: one card per order, titled by its number, with its lines and
 * credit notes.
 */
export function OrderCards({ orders, ...actions }: { orders: Order[] } & OrderActions) {
  return (
    <ul aria-label={text.list} className="grid items-start gap-4 md:grid-cols-2">
      {orders.map((order) => (
        <li key={order._id}>
          <OrderCard order={order} {...actions} />
        </li>
      ))}
    </ul>
  );
}

function OrderCard({ order, ...actions }: { order: Order } & OrderActions) {
  const titleId = useId();
  return (
    <article
      aria-labelledby={titleId}
      className="card card-sm bg-base-100 shadow-sm ring-1 ring-base-300"
    >
      <div className="card-body gap-3">
        <div id={titleId}>
          <OrderNumber order={order} as="h3" />
        </div>
        <SelectOrder order={order} {...actions} />
        <OrderItem order={order} />
        <OrderLines order={order} />
        <OrderCreditNotes order={order} />
        <dl className="grid grid-cols-[auto_minmax(0,1fr)] items-center gap-x-4 gap-y-2 text-sm">
          <dt className="font-medium">{text.payment}</dt>
          <dd>
            <PaidBadge order={order} />
          </dd>
          <dt className="font-medium">{text.orderedBy}</dt>
          <dd className="min-w-0">
            <OrderedBy order={order} />
          </dd>
          <dt className="font-medium">{text.quantity}</dt>
          <dd>{order.quantity}</dd>
          <dt className="font-medium">{text.price}</dt>
          <dd>
            <OrderPrice order={order} />
          </dd>
          <dt className="font-medium">{text.status}</dt>
          <dd>
            <OrderStatus order={order} />
          </dd>
        </dl>
        <div className="card-actions justify-end">
          <OrderAction order={order} {...actions} />
        </div>
      </div>
    </article>
  );
}
