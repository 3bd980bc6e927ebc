import { useId } from 'react';
import { Link } from 'react-router';
import { BusyButton } from '../../../components/ui/BusyButton.tsx';
import { formatPrice } from '../../../lib/money.ts';
import { EmailText } from '../../admin/index.ts';
import type { Order } from '../api.ts';
import { adminCompaniesText } from '../strings.ts';

const text = adminCompaniesText.overdue;
const open = adminCompaniesText.invoices;
const DAY_MS = 86_400_000;

/** The invoice's number (an order on account is invoiced when it is placed). */
export const invoiceOf = (order: Order) => order.invoiceNumber ?? text.orderId(order._id);

/** Whole days since the invoice fell due: negative while it is not yet due. */
const daysOverdue = (order: Order, now: number) =>
  order.dueAt ? Math.floor((now - Date.parse(order.dueAt)) / DAY_MS) : 0;

/**
 * The two lists of invoices on account: every company's overdue ones (a page of their own, each
 * with a link to its company), and one company's open ones (a section of its page).
 */
const kinds = {
  overdue: {
    caption: text.caption,
    list: text.list,
    placedBy: text.orderedBy,
    statusHeading: text.overdue,
    status: (order: Order, now: number) => text.daysOverdue(daysOverdue(order, now)),
    companyLink: true,
    Card: 'h3',
  },
  open: {
    caption: open.caption,
    list: open.list,
    placedBy: open.placedBy,
    statusHeading: open.status,
    status: (order: Order, now: number) =>
      order.dueAt && now > Date.parse(order.dueAt)
        ? open.overdueBy(daysOverdue(order, now))
        : open.notDue,
    companyLink: false,
    Card: 'h4',
  },
} as const;

export type InvoiceKind = keyof typeof kinds;

export type SettleActions = {
  onRecord: (order: Order) => void;
  /** The order whose payment is being recorded, if any. */
  recordingId: string | null;
};

type InvoiceListProps = { kind: InvoiceKind; orders: Order[]; now: number } & SettleActions;

/**
 * Invoices on account: a table on a wide screen, one card per invoice below `xl`: six columns
 * beside the dashboard's menu do not fit a small laptop once an e-mail address is long.
 */
export function InvoiceList({ kind, orders, now, ...actions }: InvoiceListProps) {
  const words = kinds[kind];
  return (
    <>
      <div className="hidden overflow-x-auto rounded-box bg-base-100 ring-1 ring-base-300 xl:block">
        <table className="table">
          <caption className="sr-only">{words.caption}</caption>
          <thead>
            <tr>
              <th scope="col">{text.invoice}</th>
              <th scope="col">{words.placedBy}</th>
              <th scope="col">{text.total}</th>
              <th scope="col">{text.due}</th>
              <th scope="col">{words.statusHeading}</th>
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
                  <Customer order={order} companyLink={words.companyLink} />
                </td>
                <td className="whitespace-nowrap">{formatPrice(order.total)}</td>
                <td className="whitespace-nowrap">
                  <Due order={order} />
                </td>
                <td>{words.status(order, now)}</td>
                <td>
                  <RecordButton order={order} {...actions} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ul aria-label={words.list} className="flex flex-col gap-4 xl:hidden">
        {orders.map((order) => (
          <li key={order._id}>
            <InvoiceCard kind={kind} order={order} now={now} {...actions} />
          </li>
        ))}
      </ul>
    </>
  );
}

function InvoiceCard({
  kind,
  order,
  now,
  ...actions
}: { kind: InvoiceKind; order: Order; now: number } & SettleActions) {
  const titleId = useId();
  const { Card: Heading, ...words } = kinds[kind];
  return (
    <article
      aria-labelledby={titleId}
      className="card card-sm bg-base-100 shadow-sm ring-1 ring-base-300"
    >
      <div className="card-body gap-2">
        <Heading id={titleId} className="font-mono text-lg font-semibold">
          {invoiceOf(order)}
        </Heading>
        <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1 text-sm">
          <dt className="font-medium">{words.placedBy}</dt>
          <dd className="min-w-0">
            <Customer order={order} companyLink={words.companyLink} />
          </dd>
          <dt className="font-medium">{text.total}</dt>
          <dd>{formatPrice(order.total)}</dd>
          <dt className="font-medium">{text.due}</dt>
          <dd>
            <Due order={order} />
          </dd>
          <dt className="font-medium">{words.statusHeading}</dt>
          <dd>{words.status(order, now)}</dd>
        </dl>
        <div className="card-actions justify-end">
          <RecordButton order={order} {...actions} />
        </div>
      </div>
    </article>
  );
}

/** Who placed the order, and (where the list is every company's) a link to its company. */
function Customer({ order, companyLink }: { order: Order; companyLink: boolean }) {
  return (
    <div className="flex flex-col gap-0.5">
      <span className="break-words">{order.name}</span>
      <EmailText email={order.email} className="text-sm text-base-content/80" />
      {companyLink && order.companyId ? (
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

function RecordButton({ order, onRecord, recordingId }: { order: Order } & SettleActions) {
  const which = <span className="sr-only">{text.which(invoiceOf(order))}</span>;
  return (
    <BusyButton
      className="btn btn-outline btn-sm whitespace-nowrap"
      busy={recordingId === order._id}
      busyLabel={
        <>
          {text.recording}
          {which}
        </>
      }
      onClick={() => onRecord(order)}
    >
      {text.record}
      {which}
    </BusyButton>
  );
}
