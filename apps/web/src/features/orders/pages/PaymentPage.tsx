import { orderNumberText } from '@axle/contract/order-texts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import { ErrorText } from '../../../components/ui/ErrorText.tsx';
import { Spinner } from '../../../components/ui/Spinner.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { catalogStrings } from '../../catalog/index.ts';
import { backorderText, shipsFromText } from '../../warehouses/index.ts';
import { accountText } from '../account-strings.ts';
import { type Order, orderQuery } from '../api.ts';
import { CoreNotes } from '../components/CoreNotes.tsx';
import { OnAccountLine } from '../components/OnAccountLine.tsx';
import { OrderCreditNotes, OrderLines } from '../components/OrderLines.tsx';
import { coreLineTexts, coreText } from '../core-strings.ts';
import { ORDERS_KEY } from '../keys.ts';
import { shipTo } from '../ship-to.ts';
import { ordersText } from '../strings.ts';

const text = ordersText.payment;

type PaymentPageProps = {
  /** The card form for an order that is still to be paid; it calls `onPaid` with the paid order. */
  renderPayment: (order: Order, onPaid: (paid: Order) => void) => ReactNode;
};

/**
 * SPEC 'Payment page': the order summary and, while the order is unpaid, the card form. A paid
 * order shows its transaction id instead; one invoiced on its company's account (issue 18 #4)
 * shows its invoice and due date. A 403 on loading the order sends the page to / (the
 * fetch wrapper's `onDenied: 'home'`).
 */
export default function PaymentPage({ renderPayment }: PaymentPageProps) {
  const { id = '' } = useParams();
  const queryClient = useQueryClient();
  const { data: order, error, isPending, refetch } = useQuery(orderQuery(id));
  // Paid on this visit: say so with the congratulation, not just "paid".
  const [paidNow, setPaidNow] = useState(false);

  function onPaid(paid: Order) {
    queryClient.setQueryData(orderQuery(id).queryKey, paid);
    void queryClient.invalidateQueries({ queryKey: ORDERS_KEY });
    setPaidNow(true);
  }

  return (
    <div className="mx-auto max-w-5xl px-4 py-10">
      <title>{text.title}</title>
      <h1 className="mb-6 text-3xl font-bold">{text.heading}</h1>
      {isPending ? (
        <div className="flex justify-center py-16">
          <Spinner label={text.loading} size="lg" />
        </div>
      ) : error ? (
        <LoadError error={error} retry={() => refetch()} />
      ) : (
        <div className="grid items-start gap-8 lg:grid-cols-2">
          <OrderSummary order={order} />
          {order.paid && order.onAccount ? (
            <InvoicedNotice order={order} />
          ) : order.paid && order.transaction ? (
            <PaidNotice transaction={order.transaction} now={paidNow} />
          ) : order.cancelled ? (
            <ErrorText alert className="text-base">
              {text.cancelled}
            </ErrorText>
          ) : (
            renderPayment(order, onPaid)
          )}
        </div>
      )}
    </div>
  );
}

function LoadError({ error, retry }: { error: Error; retry: () => void }) {
  const missing = error instanceof ApiError && (error.status === 404 || error.status === 400);
  return (
    <div className="flex flex-col items-start gap-4">
      <ErrorText alert className="text-base">
        {missing ? text.notFound : text.loadFailed}
      </ErrorText>
      <div className="flex gap-2">
        {missing ? null : (
          <button type="button" className="btn btn-sm" onClick={retry}>
            {text.retry}
          </button>
        )}
        <Link to="/dashboard/myorder2" className="btn btn-sm btn-outline">
          {text.myOrders}
        </Link>
      </div>
    </div>
  );
}

/**
 * Name, part, unit price, quantity (its first line's, as SPEC shows them) and total (every line's,
 * as the server computed it); every line when there are several.
 */
function OrderSummary({ order }: { order: Order }) {
  const price = catalogStrings.formatPrice;
  return (
    <section
      aria-labelledby="order-summary-heading"
      className="card bg-base-100 shadow ring-1 ring-base-300"
    >
      <div className="card-body gap-4">
        <p className="text-sm font-medium text-base-content/80">{text.hello(order.name)}</p>
        <h2 id="order-summary-heading" className="card-title flex-wrap">
          {text.summaryHeading}
          <span className="font-normal text-base-content/80">{orderNumberText(order.number)}</span>
        </h2>
        <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2">
          <dt className="font-medium">{text.name}</dt>
          <dd>{order.name}</dd>
          <dt className="font-medium">{text.part}</dt>
          <dd>{order.parts}</dd>
          <dt className="font-medium">{text.unitPrice}</dt>
          <dd>{price(order.partsPrice)}</dd>
          <dt className="font-medium">{text.quantity}</dt>
          <dd>{order.quantity}</dd>
          <dt className="font-medium">{text.shipTo}</dt>
          <dd className="[overflow-wrap:anywhere]">{shipTo(order)}</dd>
          {order.deposits > 0 ? (
            <>
              {/* The short term: a long one would take the narrow screen's width from the
                  amounts beside it. */}
              <dt className="font-medium">{coreText.depositsTerm}</dt>
              <dd>
                {price(order.deposits)}
                <span className="block text-sm text-base-content/80">
                  {coreText.depositsRefunded}
                </span>
              </dd>
            </>
          ) : null}
          <dt className="border-t border-base-300 pt-2 font-semibold">{text.total}</dt>
          <dd className="border-t border-base-300 pt-2 text-lg font-semibold">
            {price(order.totalPrice)}
          </dd>
        </dl>
        {/* An order of several lines (a checkout, issue 17 #2) shows every one of them; an
            order of one says where it ships from (issue 32 #2), what of it waits for a restock
            (issue 32 #3) and its core deposit (issue 32 #4), as each of the lines would, and
            the order's credit notes. */}
        {order.lineCount > 1 ? (
          <OrderLines order={order} />
        ) : (
          <>
            <OneLine line={order.lines[0]} />
            <OrderCreditNotes order={order} />
          </>
        )}
      </div>
    </section>
  );
}

function OneLine({ line }: { line: Order['lines'][number] | undefined }) {
  const shipsFrom = shipsFromText(line?.shipsFrom);
  const backordered = backorderText(line?.backorder);
  const core = coreLineTexts(line);
  return (
    <>
      {shipsFrom ? <p className="text-sm text-base-content/80">{shipsFrom}</p> : null}
      {backordered ? <p className="text-sm font-medium">{backordered}</p> : null}
      {core ? (
        <p>
          <CoreNotes texts={core} />
        </p>
      ) : null}
    </>
  );
}

function InvoicedNotice({ order }: { order: Order }) {
  return (
    <div
      role="status"
      className="flex flex-col items-start gap-2 rounded-box border border-success bg-success/10 p-4"
    >
      <p className="text-lg font-semibold">{accountText.invoiced}</p>
      <p>
        <OnAccountLine order={order} />
      </p>
      <Link to="/dashboard/myorder2" className="btn btn-outline btn-sm">
        {accountText.myOrders}
      </Link>
    </div>
  );
}

function PaidNotice({ transaction, now }: { transaction: string; now: boolean }) {
  const notice = useRef<HTMLDivElement>(null);
  // The card form the focus was in has gone: the news takes its place and the focus.
  useEffect(() => {
    if (now) notice.current?.focus();
  }, [now]);
  return (
    <div
      ref={notice}
      role="status"
      tabIndex={-1}
      className="flex flex-col items-start gap-2 rounded-box border border-success bg-success/10 p-4 outline-none"
    >
      <p className="text-lg font-semibold">{now ? text.paidNow : text.paidBefore}</p>
      <p className="break-all">
        {text.transaction} <strong>{transaction}</strong>
      </p>
      <Link to="/dashboard/myorder2" className="btn btn-outline btn-sm">
        {text.myOrders}
      </Link>
    </div>
  );
}
