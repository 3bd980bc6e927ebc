import { useId } from 'react';
import { Link } from 'react-router';
import { formatPrice } from '../../../lib/money.ts';
import type { Order } from '../api.ts';
import { adminText } from '../strings.ts';

const text = adminText.overdue;
const DAY_MS = 86_400_000;

/** The invoice's number (an order on account is invoiced when it is placed). */
export const invoiceOf = (order: Order) =>
  order.invoiceNumber ?? adminText.orders.orderId(order._id);

/** Whole days since the invoice fell due. */
const daysOverdue = (order: Order, now: number) =>
  order.dueAt ? Math.floor((now - Date.parse(order.dueAt)) / DAY_MS) : 0;

export type OverdueActions = {
  onRecord: (order: Order) => void;
  /** The order whose payment is being recorded, if any. */
  recordingId: string | null;
};

type OverdueListProps = { orders: Order[]; now: number } & OverdueActions;

/** The overdue invoices: a table on a wide screen, one card per invoice on a phone. */
export function OverdueList({ orders, now, ...actions }: OverdueListProps) {
  return (
    <>
      <div className="hidden overflow-x-auto rounded-box bg-base-100 ring-1 ring-base-300 lg:block">
        <table className="table">
          <caption className="sr-only">{text.caption}</caption>
          <thead>
            <tr>
              <th scope="col">{text.invoice}</th>
              <th scope="col">{text.orderedBy}</th>
              <th scope="col">{text.total}</th>
              <th scope="col">{text.due}</th>
              <th scope="col">{text.overdue}</th>
              <th scope="col">{text.action}</th>
            </tr>
          </thead>
          <tbody>
            {orders.map((order) => (
              <tr key={order._id}>
                <th scope="row" className="whitespace-nowrap font-mono font-medium">
                  {invoiceOf(order)}
                </th>
                <td>
                  <Customer order={order} />
                </td>
                <td className="whitespace-nowrap">{formatPrice(order.total)}</td>
                <td className="whitespace-nowrap">
                  <Due order={order} />
                </td>
                <td className="whitespace-nowrap">{text.daysOverdue(daysOverdue(order, now))}</td>
                <td>
                  <RecordButton order={order} {...actions} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ul aria-label={text.list} className="flex flex-col gap-4 lg:hidden">
        {orders.map((order) => (
          <li key={order._id}>
            <OverdueCard order={order} now={now} {...actions} />
          </li>
        ))}
      </ul>
    </>
  );
}

function OverdueCard({ order, now, ...actions }: { order: Order; now: number } & OverdueActions) {
  const titleId = useId();
  return (
    <article
      aria-labelledby={titleId}
      className="card card-sm bg-base-100 shadow-sm ring-1 ring-base-300"
    >
      <div className="card-body gap-2">
        <h3 id={titleId} className="font-mono text-base font-semibold">
          {invoiceOf(order)}
        </h3>
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          <dt className="font-medium">{text.orderedBy}</dt>
          <dd className="min-w-0">
            <Customer order={order} />
          </dd>
          <dt className="font-medium">{text.total}</dt>
          <dd>{formatPrice(order.total)}</dd>
          <dt className="font-medium">{text.due}</dt>
          <dd>
            <Due order={order} />
          </dd>
          <dt className="font-medium">{text.overdue}</dt>
          <dd>{text.daysOverdue(daysOverdue(order, now))}</dd>
        </dl>
        <div className="card-actions justify-end">
          <RecordButton order={order} {...actions} />
        </div>
      </div>
    </article>
  );
}

/** Who placed the order, and the company whose account it is on. */
function Customer({ order }: { order: Order }) {
  return (
    <div className="flex flex-col gap-0.5">
      <span className="break-words">{order.name}</span>
      <span className="break-all text-sm text-base-content/80">{order.email}</span>
      {order.companyId ? (
        <Link to={`/dashboard/companies/${order.companyId}`} className="link self-start text-sm">
          {text.company}
          <span className="sr-only">{text.which(invoiceOf(order))}</span>
        </Link>
      ) : null}
    </div>
  );
}

function Due({ order }: { order: Order }) {
  return order.dueAt ? <time dateTime={order.dueAt}>{text.date(order.dueAt)}</time> : null;
}

function RecordButton({ order, onRecord, recordingId }: { order: Order } & OverdueActions) {
  const recording = recordingId === order._id;
  return (
    <button
      type="button"
      className="btn btn-primary btn-sm whitespace-nowrap"
      disabled={recording}
      onClick={() => onRecord(order)}
    >
      {recording ? text.recording : text.record}
      <span className="sr-only">{text.which(invoiceOf(order))}</span>
    </button>
  );
}
