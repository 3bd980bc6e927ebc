import { dayText, orderNumberText, orderStateText } from '@axle/contract/order-texts';
import { useId } from 'react';
import { Link } from 'react-router';
import { catalogStrings } from '../../catalog/index.ts';
import { accountText } from '../account-strings.ts';
import type { Order } from '../api.ts';
import { approvalText } from '../approval-strings.ts';
import { shipTo } from '../ship-to.ts';
import { ordersText } from '../strings.ts';
import { ApprovalBadge } from './ApprovalBadge.tsx';
import { InvoiceButton } from './InvoiceButton.tsx';
import { OnAccountLine } from './OnAccountLine.tsx';
import { OrderLines } from './OrderLines.tsx';
import { ReorderButton } from './ReorderButton.tsx';

const text = ordersText.myOrders;

/** One order on My Orders: what, how many, where to, the state's buttons and the progress bar. */
export function OrderCard({ order, onCancel }: { order: Order; onCancel: () => void }) {
  const titleId = useId();
  const price = catalogStrings.formatPrice;
  return (
    <article
      aria-labelledby={titleId}
      className="card bg-base-100 shadow-sm ring-1 ring-base-300 sm:card-side"
    >
      {order.partsImg ? (
        <figure className="part-picture m-3 mb-0 sm:mb-3 sm:w-48 sm:shrink-0">
          <img
            src={order.partsImg}
            alt=""
            width={300}
            height={200}
            loading="lazy"
            className="h-40 w-full object-cover sm:h-full"
          />
        </figure>
      ) : null}
      <div className="card-body min-w-0 gap-4">
        <div className="flex flex-col gap-1">
          <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
            <span className="font-semibold">{orderNumberText(order.number)}</span>
            <span>{text.placedOn(dayText(order.createdAt))}</span>
            <span className={`badge h-auto ${stateBadge(order)}`}>{orderStateText(order)}</span>
          </p>
          <h3 id={titleId} className="card-title [overflow-wrap:anywhere]">
            {order.parts}
          </h3>
        </div>
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          <dt className="font-medium">{text.orderId}</dt>
          <dd className="font-mono [overflow-wrap:anywhere]">{order._id}</dd>
          <dt className="font-medium">{text.transaction}</dt>
          <dd className="font-mono [overflow-wrap:anywhere]">
            {order.transaction ?? text.noTransaction}
          </dd>
          <dt className="font-medium">{text.quantity}</dt>
          <dd>{order.quantity}</dd>
          <dt className="font-medium">{text.unitPrice}</dt>
          <dd>{price(order.partsPrice)}</dd>
          <dt className="font-medium">{text.total}</dt>
          <dd>{price(order.totalPrice)}</dd>
          <dt className="font-medium">{text.address}</dt>
          <dd className="[overflow-wrap:anywhere]">{shipTo(order)}</dd>
          {order.poNumber ? (
            <>
              <dt className="font-medium">{text.poNumber}</dt>
              <dd className="break-words">{order.poNumber}</dd>
            </>
          ) : null}
          {order.note ? (
            <>
              <dt className="font-medium">{text.note}</dt>
              <dd className="break-words">{order.note}</dd>
            </>
          ) : null}
          {order.trackingNumber ? (
            <>
              <dt className="font-medium">{text.tracking}</dt>
              <dd className="font-mono">{order.trackingNumber}</dd>
            </>
          ) : null}
          {order.invoiceNumber ? (
            <>
              <dt className="font-medium">{text.invoice}</dt>
              <dd className="font-mono">{order.invoiceNumber}</dd>
            </>
          ) : null}
          {order.onAccount ? (
            <>
              <dt className="font-medium">{accountText.label}</dt>
              <dd>
                <OnAccountLine order={order} />
              </dd>
            </>
          ) : null}
          {order.approval && order.approval !== 'awaiting' ? (
            <>
              <dt className="font-medium">{approvalText.label}</dt>
              <dd>
                <ApprovalBadge order={order} />
              </dd>
            </>
          ) : null}
        </dl>
        <OrderLines order={order} />
        <div className="flex flex-wrap gap-2">
          <InvoiceButton order={order} />
          <ReorderButton order={order} />
        </div>
        <OrderActions order={order} onCancel={onCancel} />
        <OrderProgress order={order} />
      </div>
    </article>
  );
}

/** The state's badge: calm while the order moves on, red once it is cancelled. */
function stateBadge(order: Order): string {
  if (order.cancelled) return 'badge-error';
  if (order.shipped) return 'badge-success';
  return order.paid ? 'badge-info' : 'badge-warning';
}

/**
 * SPEC §4 'Customer buttons'. The two status buttons say where the order is; they do nothing. An
 * order awaiting a company owner's approval (issue 18) cannot be paid yet, and says why; an order
 * on the company's account is invoiced, never paid by card (the server refuses it one).
 */
function OrderActions({ order, onCancel }: { order: Order; onCancel: () => void }) {
  if (!order.transaction) {
    const awaiting = order.approval === 'awaiting';
    return (
      <div className="flex flex-col gap-2">
        {awaiting ? <p className="text-sm">{approvalText.awaitingPayment}</p> : null}
        <div className="card-actions">
          {awaiting || order.onAccount ? null : (
            <Link to={`/payment/${order._id}`} className="btn btn-primary btn-sm">
              {text.payNow}
            </Link>
          )}
          <button type="button" className="btn btn-error btn-outline btn-sm" onClick={onCancel}>
            {text.cancel}
          </button>
        </div>
      </div>
    );
  }
  return (
    <div className="card-actions">
      <button type="button" className="btn btn-sm" disabled>
        {order.shipped ? text.received : text.processShipment}
      </button>
    </div>
  );
}

/** SPEC §4 'Progress bar': the first two steps always lit, then Payment, then Receive Product. */
function OrderProgress({ order }: { order: Order }) {
  const lit = [true, true, order.transaction !== null, order.shipped];
  return (
    <ol aria-label={text.progress} className="steps steps-horizontal w-full text-xs sm:text-sm">
      {text.steps.map((step, index) => {
        const done = lit[index] === true;
        return (
          <li key={step} className={`step ${done ? 'step-primary' : ''}`}>
            {step}
            <span className="sr-only"> ({done ? text.stepDone : text.stepPending})</span>
          </li>
        );
      })}
    </ol>
  );
}
