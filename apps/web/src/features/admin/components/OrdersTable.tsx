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
 * Manage All Orders on a wide screen: one row per order, named by its number and the day it was
 * placed above its item, lines and credit notes, its PO number and note with the buyer, its
 * invoice's number with the payment and its state in words (the tracking number too) with its
 * status.
 */
export function OrdersTable({ orders, ...actions }: { orders: Order[] } & OrderActions) {
  return (
    <div className="overflow-x-auto rounded-box bg-base-100 ring-1 ring-base-300">
      <table className="table [&_td]:px-2 [&_th]:px-2">
        <caption className="sr-only">{text.caption}</caption>
        <thead>
          <tr>
            <th scope="col">{text.item}</th>
            <th scope="col">{text.payment}</th>
            <th scope="col">{text.orderedBy}</th>
            <th scope="col">{text.quantity}</th>
            <th scope="col">{text.price}</th>
            <th scope="col">{text.status}</th>
            <th scope="col">{text.action}</th>
          </tr>
        </thead>
        <tbody>
          {orders.map((order) => (
            <tr key={order._id}>
              <th scope="row" className="font-normal">
                <div className="flex min-w-40 flex-col gap-3">
                  <OrderNumber order={order} />
                  <OrderItem order={order} />
                  <OrderLines order={order} />
                  <OrderCreditNotes order={order} />
                </div>
              </th>
              <td>
                <PaidBadge order={order} />
              </td>
              <td>
                <OrderedBy order={order} />
              </td>
              <td>{order.quantity}</td>
              <td>
                <OrderPrice order={order} />
              </td>
              <td>
                <OrderStatus order={order} />
              </td>
              <td>
                <div className="flex flex-col gap-2">
                  <SelectOrder order={order} {...actions} />
                  <OrderAction order={order} {...actions} />
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
