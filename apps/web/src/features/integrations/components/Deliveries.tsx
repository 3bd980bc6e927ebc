import type { WebhookDelivery, WebhookEndpoint } from '@axle/contract';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef } from 'react';
import { Breakable } from '../../../components/ui/Breakable.tsx';
import { ListLoad } from '../../../components/ui/ListLoad.tsx';
import { LoadMore } from '../../../components/ui/LoadMore.tsx';
import { deliveriesQuery } from '../api.ts';
import { integrationsText } from '../strings.ts';

const text = integrationsText.deliveries;

type DeliveriesProps = {
  endpoint: WebhookEndpoint;
  /** Take the focus as they appear (when the customer asked for them, not on a reload). */
  focus: boolean;
  onHide: () => void;
};

/**
 * One endpoint's deliveries, newest first, a page at a time ("Load more"): the event, its order,
 * its state, how often it was tried, the endpoint's last answer, and when it is tried again or
 * was delivered. A table on a wide screen, cards on a phone (CSS shows one).
 */
export function Deliveries({ endpoint, focus, onHide }: DeliveriesProps) {
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const deliveries = useInfiniteQuery(deliveriesQuery(endpoint.id));
  const rows = deliveries.data?.pages.flatMap((page) => page.rows);
  const total = deliveries.data?.pages[0]?.total ?? null;

  useEffect(() => {
    if (focus) heading.current?.focus();
  }, [focus]);

  return (
    <section aria-labelledby={headingId} className="flex min-w-0 flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3
          id={headingId}
          ref={heading}
          tabIndex={-1}
          className="min-w-0 text-xl font-semibold focus:outline-none"
        >
          <Breakable text={text.heading(endpoint.url)} />
        </h3>
        <button type="button" className="btn btn-ghost btn-sm" onClick={onHide}>
          {text.hide}
        </button>
      </div>
      <ListLoad
        // A later page that fails keeps the rows shown: it says so beside "Load more".
        query={{ ...deliveries, isError: deliveries.isError && !deliveries.data, data: rows }}
        text={text}
      >
        {(list) => (
          <div className="flex flex-col gap-4">
            <DeliveriesTable deliveries={list} />
            <DeliveryCards deliveries={list} />
            <LoadMore query={deliveries} status={text.showing(list.length, total)} text={text} />
          </div>
        )}
      </ListLoad>
    </section>
  );
}

const when = (iso: string | null) => (iso ? integrationsText.when(iso) : text.none);

function State({ delivery }: { delivery: WebhookDelivery }) {
  const badge = {
    pending: 'badge-warning',
    delivered: 'badge-success',
    failed: 'badge-error',
  }[delivery.state];
  return <span className={`badge whitespace-nowrap ${badge}`}>{text.states[delivery.state]}</span>;
}

/** The endpoint's last answer: its status, and why the attempt failed. */
function LastAnswer({ delivery }: { delivery: WebhookDelivery }) {
  const { lastStatus, lastError } = delivery;
  if (lastStatus === null && lastError === null) return text.none;
  return (
    <span className="flex flex-col">
      {lastStatus === null ? null : <span>{text.status(lastStatus)}</span>}
      {lastError === null ? null : <span className="break-words">{lastError}</span>}
    </span>
  );
}

function DeliveriesTable({ deliveries }: { deliveries: WebhookDelivery[] }) {
  return (
    <div className="hidden overflow-x-auto rounded-box bg-base-100 ring-1 ring-base-300 md:block">
      <table className="table">
        <caption className="sr-only">{text.caption}</caption>
        <thead>
          <tr>
            <th scope="col">{text.event}</th>
            <th scope="col">{text.order}</th>
            <th scope="col">{text.state}</th>
            <th scope="col">{text.attempts}</th>
            <th scope="col">{text.lastAnswer}</th>
            <th scope="col">{text.nextAttempt}</th>
            <th scope="col">{text.deliveredAt}</th>
          </tr>
        </thead>
        <tbody>
          {deliveries.map((delivery) => (
            <tr key={delivery.id}>
              <th scope="row" className="whitespace-nowrap font-mono text-sm font-normal">
                {delivery.event}
              </th>
              <td className="font-mono text-xs">
                <Breakable text={delivery.orderId} />
              </td>
              <td>
                <State delivery={delivery} />
              </td>
              <td>{delivery.attempts}</td>
              <td className="text-sm">
                <LastAnswer delivery={delivery} />
              </td>
              <td className="text-sm">{when(delivery.nextAttemptAt)}</td>
              <td className="text-sm">{when(delivery.deliveredAt)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function DeliveryCards({ deliveries }: { deliveries: WebhookDelivery[] }) {
  return (
    <ul aria-label={text.list} className="flex flex-col gap-3 md:hidden">
      {deliveries.map((delivery) => (
        <li key={delivery.id} className="card card-sm bg-base-100 shadow-sm ring-1 ring-base-300">
          <div className="card-body gap-2">
            <p className="flex flex-wrap items-center justify-between gap-2">
              <code className="font-mono text-sm font-semibold">{delivery.event}</code>
              <State delivery={delivery} />
            </p>
            <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
              <dt className="font-medium">{text.order}</dt>
              <dd className="min-w-0 font-mono text-xs">
                <Breakable text={delivery.orderId} />
              </dd>
              <dt className="font-medium">{text.attempts}</dt>
              <dd>{delivery.attempts}</dd>
              <dt className="font-medium">{text.lastAnswer}</dt>
              <dd className="min-w-0">
                <LastAnswer delivery={delivery} />
              </dd>
              <dt className="font-medium">{text.nextAttempt}</dt>
              <dd>{when(delivery.nextAttemptAt)}</dd>
              <dt className="font-medium">{text.deliveredAt}</dt>
              <dd>{when(delivery.deliveredAt)}</dd>
            </dl>
          </div>
        </li>
      ))}
    </ul>
  );
}
