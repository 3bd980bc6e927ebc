import type { Order } from '@axle/contract';
import { useInfiniteQuery } from '@tanstack/react-query';
import { lazy, Suspense, useId, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { Link, useSearchParams } from 'react-router';
import { Breakable } from '../../../components/ui/Breakable.tsx';
import { ListLoad } from '../../../components/ui/ListLoad.tsx';
import { LoadMore } from '../../../components/ui/LoadMore.tsx';
import { formatPrice } from '../../../lib/money.ts';
import { ApprovalBadge, OnAccountLine, OrderLines } from '../../orders/index.ts';
import { type CompanyOrdersState, companyOrdersQuery } from '../api.ts';
import { companiesText } from '../strings.ts';

/** The decision's dialog (a form) loads as the list is shown (docs/decisions/008). */
const DecisionDialog = lazy(() =>
  import('./DecisionDialog.tsx').then((m) => ({ default: m.DecisionDialog })),
);

import type { Decision } from './DecisionDialog.tsx';

const text = companiesText.orders;

const stateOf = (value: string | null): CompanyOrdersState =>
  value === 'awaiting' || value === 'cancelled' ? value : 'all';

type CompanyOrdersProps = {
  /** Whether the caller owns the company: owners decide on orders awaiting approval. */
  owner: boolean;
  /** The caller's e-mail address: nobody decides on their own order. */
  myEmail: string;
};

/**
 * Every order of the company, newest first, with who placed it, its total, state and approval;
 * filtered (All, Awaiting approval, Cancelled; kept in the page's address) and a page at a time
 * ("Load more"). Owners approve or reject the orders of others that await approval.
 */
export function CompanyOrders({ owner, myEmail }: CompanyOrdersProps) {
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const [params, setParams] = useSearchParams();
  const state = stateOf(params.get('orders'));
  const orders = useInfiniteQuery(companyOrdersQuery(state));
  const rows = orders.data?.pages.flatMap((page) => page.rows);
  const total = orders.data?.pages[0]?.total ?? null;
  const [decision, setDecision] = useState<Decision | null>(null);

  function choose(next: CompanyOrdersState) {
    const updated = new URLSearchParams(params);
    if (next === 'all') updated.delete('orders');
    else updated.set('orders', next);
    setParams(updated, { replace: true });
  }

  const mayDecide = (order: Order) =>
    owner &&
    order.approval === 'awaiting' &&
    !order.cancelled &&
    order.email.toLowerCase() !== myEmail.toLowerCase();

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-4">
      <div className="flex flex-col gap-1">
        <h3
          id={headingId}
          ref={heading}
          tabIndex={-1}
          className="text-xl font-semibold focus:outline-none"
        >
          {text.heading}
        </h3>
        <p className="text-base-content/80">{text.intro}</p>
      </div>
      <fieldset className="tabs tabs-box w-full flex-nowrap overflow-x-auto sm:w-fit">
        <legend className="sr-only">{text.filter}</legend>
        {text.filters.map((filter) => (
          <button
            key={filter.value}
            type="button"
            aria-pressed={filter.value === state}
            className={`tab whitespace-nowrap text-base-content ${filter.value === state ? 'tab-active font-semibold' : ''}`}
            onClick={() => choose(filter.value)}
          >
            {filter.label}
          </button>
        ))}
      </fieldset>

      <ListLoad
        // A later page that fails keeps the rows shown: it says so beside "Load more".
        query={{ ...orders, isError: orders.isError && !orders.data, data: rows }}
        text={{ ...text, empty: text.empty[state] }}
        emptyAction={
          state === 'all' ? (
            <Link to="/parts" className="btn btn-primary btn-sm">
              {text.browseParts}
            </Link>
          ) : (
            <button type="button" className="btn btn-outline btn-sm" onClick={() => choose('all')}>
              {text.showAll}
            </button>
          )
        }
      >
        {(list) => (
          <div className="flex flex-col gap-4">
            <ul aria-label={text.list} className="flex flex-col gap-4">
              {list.map((order) => (
                <li key={order._id}>
                  <CompanyOrder
                    order={order}
                    onDecide={
                      mayDecide(order) ? (verdict) => setDecision({ order, verdict }) : null
                    }
                  />
                </li>
              ))}
            </ul>
            <LoadMore query={orders} status={text.showing(list.length, total)} text={text} />
          </div>
        )}
      </ListLoad>

      <Suspense fallback={null}>
        <DecisionDialog
          decision={decision}
          onClose={() => setDecision(null)}
          onDecided={() => {
            // The order's buttons are gone: the focus goes back to the list's heading.
            flushSync(() => setDecision(null));
            heading.current?.focus();
          }}
        />
      </Suspense>
    </section>
  );
}

/** The state an order is in, as the company sees it. */
function OrderState({ order }: { order: Order }) {
  if (order.cancelled) return <span className="badge badge-neutral">{text.states.cancelled}</span>;
  if (order.shipped) return <span className="badge badge-info">{text.states.shipped}</span>;
  // Invoiced on the company's account (issue 18 #4), until the shop records its payment.
  if (order.paid && order.onAccount && !order.settledAt)
    return <span className="badge badge-info whitespace-nowrap">{text.states.invoiced}</span>;
  if (order.paid) return <span className="badge badge-success">{text.states.paid}</span>;
  return <span className="badge badge-ghost whitespace-nowrap">{text.states.unpaid}</span>;
}

type CompanyOrderProps = {
  order: Order;
  /** Approve or reject, when the caller may decide on this order. */
  onDecide: ((verdict: Decision['verdict']) => void) | null;
};

function CompanyOrder({ order, onDecide }: CompanyOrderProps) {
  const titleId = useId();
  const total = formatPrice(order.total);
  const which = <span className="sr-only">{text.which(order.number, order.name, total)}</span>;
  return (
    <article aria-labelledby={titleId} className="card bg-base-100 shadow-sm ring-1 ring-base-300">
      <div className="card-body min-w-0 gap-3 p-4 sm:p-6">
        <div className="flex flex-col gap-1">
          <h4 id={titleId} className="text-lg font-semibold break-words">
            {text.moreLines(order.parts, order.lineCount)}
          </h4>
          <span className="text-sm text-base-content/80">{text.orderNumber(order.number)}</span>
        </div>
        <dl className="grid grid-cols-[auto_1fr] items-start gap-x-4 gap-y-2 text-sm">
          <dt className="font-medium">{text.placedBy}</dt>
          <dd className="min-w-0">
            <span className="block break-words">{order.name}</span>
            <Breakable text={order.email} className="block text-base-content/80" />
          </dd>
          <dt className="font-medium">{text.placedOn}</dt>
          <dd>{companiesText.date(order.createdAt)}</dd>
          <dt className="font-medium">{text.total}</dt>
          <dd className="font-semibold">{total}</dd>
          {order.poNumber ? (
            <>
              <dt className="font-medium">{text.poNumber}</dt>
              <dd className="break-words">{order.poNumber}</dd>
            </>
          ) : null}
          <dt className="font-medium">{text.state}</dt>
          <dd>
            <OrderState order={order} />
          </dd>
          {order.onAccount ? (
            <>
              <dt className="font-medium">{text.payment}</dt>
              <dd className="min-w-0">
                <OnAccountLine order={order} />
              </dd>
            </>
          ) : null}
          {order.approval ? (
            <>
              <dt className="font-medium">{text.approval}</dt>
              <dd className="min-w-0">
                <ApprovalBadge order={order} />
              </dd>
            </>
          ) : null}
        </dl>
        <OrderLines order={order} />
        {onDecide ? (
          <div className="card-actions">
            <button
              type="button"
              className="btn btn-primary btn-sm"
              onClick={() => onDecide('approve')}
            >
              {text.approve}
              {which}
            </button>
            <button
              type="button"
              className="btn btn-outline btn-sm"
              onClick={() => onDecide('reject')}
            >
              {text.reject}
              {which}
            </button>
          </div>
        ) : null}
      </div>
    </article>
  );
}
