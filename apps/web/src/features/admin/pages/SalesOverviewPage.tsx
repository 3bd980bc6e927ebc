import type { SalesReport } from '@axle/contract';
import { addDays, daysIn, type SalesInterval } from '@axle/contract/report-texts';
import { useQuery } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useId, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Spinner } from '../../../components/ui/Spinner.tsx';
import { ChoiceFilter } from '../components/ChoiceFilter.tsx';
import { DateRange } from '../components/DateRange.tsx';
import { ListTools } from '../components/ListTools.tsx';
import { LoadFailed, Loading } from '../components/LoadState.tsx';
import { salesReportQuery } from '../sales-api.ts';
import { salesText as text } from '../sales-strings.ts';

// The chart library (Recharts) comes with the chart, in a chunk this page alone loads.
const SalesChart = lazy(() => import('../components/SalesChart.tsx'));

/**
 * The admin's dashboard home (issue 33 #1): the sales of a range, chosen from the last 7, 30, 90
 * or 365 days or between two dates, per day, week or month (all in the address); the range's
 * revenue, paid orders and average order against the days before; the orders waiting to ship and
 * the invoices past due; revenue as a bar chart, or as a table ("Show as table"); the top parts and
 * customers. Days are the shop's (SHOP_TIME_ZONE).
 */
export default function SalesOverviewPage() {
  const [params, setParams] = useSearchParams();
  const chosen = {
    from: params.get('from') || undefined,
    to: params.get('to') || undefined,
    interval: params.get('interval') || undefined,
  };
  const { data, isPending, isError, isPlaceholderData, refetch } = useQuery(
    salesReportQuery(chosen),
  );
  // The shop's today, as the server said it for a report up to today.
  const today = useRef<string | null>(null);
  if (data && !chosen.to) today.current = data.to;

  const set = (changes: Record<string, string>) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [name, value] of Object.entries(changes))
          if (value) next.set(name, value);
          else next.delete(name);
        return next;
      },
      { replace: true },
    );

  const end = today.current ?? data?.to;
  const preset =
    !chosen.from && !chosen.to
      ? '30'
      : data && end && data.to === end
        ? (text.ranges.find((range) => range.value === String(daysIn(data.from, data.to)))?.value ??
          'custom')
        : 'custom';

  return (
    <section aria-labelledby="sales-heading" className="flex flex-col gap-6">
      <title>{text.title}</title>
      <div className="flex flex-col gap-1">
        <h2 id="sales-heading" className="text-2xl font-bold sm:text-3xl">
          {text.heading}
        </h2>
        <p className="text-base-content/80">{text.lead}</p>
      </div>
      <ListTools>
        <ChoiceFilter
          label={text.range}
          value={preset}
          choices={text.ranges}
          onChange={(value) => {
            const days = Number(value);
            if (!end || !Number.isInteger(days)) return;
            set({ from: addDays(end, -(days - 1)), to: end });
          }}
        />
        <DateRange
          from={data?.from ?? chosen.from ?? ''}
          to={data?.to ?? chosen.to ?? ''}
          onChange={(range) => set(range)}
        />
        <ChoiceFilter
          label={text.interval}
          value={chosen.interval ?? 'day'}
          choices={text.intervals}
          onChange={(value) => set({ interval: value === 'day' ? '' : value })}
        />
      </ListTools>
      {isPending ? (
        <Loading label={text.loading} />
      ) : isError ? (
        <LoadFailed message={text.loadFailed} onRetry={() => refetch()} />
      ) : (
        <div
          className={`flex flex-col gap-6 ${isPlaceholderData ? 'opacity-60' : ''}`}
          aria-busy={isPlaceholderData}
        >
          <Figures report={data} />
          <Revenue report={data} />
          <div className="grid gap-6 lg:grid-cols-2">
            <TopParts report={data} />
            <TopCustomers report={data} />
          </div>
          <p className="text-sm text-base-content/80">{text.timeZone(data.timeZone)}</p>
        </div>
      )}
    </section>
  );
}

/** The range at a glance: each figure, and how it compares with the days before. */
function Figures({ report }: { report: SalesReport }) {
  const days = daysIn(report.from, report.to);
  const before = report.previous;
  const averageBefore = before.orders === 0 ? 0 : before.revenue / before.orders;
  const figures = [
    {
      label: text.revenue,
      value: text.money(report.totals.revenue),
      note: text.change(report.totals.revenue, before.revenue, days),
    },
    {
      label: text.orders,
      value: text.count(report.totals.orders),
      note: text.change(report.totals.orders, before.orders, days),
    },
    {
      label: text.averageOrder,
      value: text.money(report.totals.averageOrder),
      note: text.change(report.totals.averageOrder, averageBefore, days),
    },
    {
      label: text.toShip,
      value: text.count(report.toShip),
      link: { to: '/dashboard/manageallorders?state=paid', label: text.seeToShip },
    },
    {
      label: text.overdue,
      value: text.overdueAmount(report.overdue.invoices, report.overdue.amount),
      link: { to: '/dashboard/overdue', label: text.seeOverdue },
    },
  ];
  const titleId = useId();
  return (
    <section aria-labelledby={titleId}>
      <h3 id={titleId} className="sr-only">
        {text.figures}
      </h3>
      <dl className="grid grid-cols-1 gap-3 min-[30rem]:grid-cols-2 lg:grid-cols-3 2xl:grid-cols-5">
        {figures.map((figure) => (
          <div
            key={figure.label}
            className="flex flex-col gap-1 rounded-box bg-base-100 p-4 ring-1 ring-base-300"
          >
            <dt className="text-sm font-medium text-base-content/80">{figure.label}</dt>
            <dd className="text-2xl font-bold break-words">{figure.value}</dd>
            {figure.note ? <dd className="text-sm text-base-content/80">{figure.note}</dd> : null}
            {figure.link ? (
              <dd>
                <Link to={figure.link.to} className="link text-sm">
                  {figure.link.label}
                </Link>
              </dd>
            ) : null}
          </div>
        ))}
      </dl>
    </section>
  );
}

/** Revenue per period: a bar chart, or the same figures as a table. */
function Revenue({ report }: { report: SalesReport }) {
  const [asTable, setAsTable] = useState(false);
  const titleId = useId();
  const best = report.series.reduce<SalesReport['series'][number] | null>(
    (top, point) => (top === null || point.revenue > top.revenue ? point : top),
    null,
  );
  const title = text.chartTitle(report.interval);
  const summary = text.chartSummary(
    report.interval,
    report.from,
    report.to,
    report.totals.revenue,
    best,
  );
  return (
    <section
      aria-labelledby={titleId}
      className="flex flex-col gap-3 rounded-box bg-base-100 p-4 ring-1 ring-base-300"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={titleId} className="text-lg font-semibold">
          {title}
        </h3>
        <button
          type="button"
          className="btn btn-outline btn-sm"
          aria-pressed={asTable}
          onClick={() => setAsTable((shown) => !shown)}
        >
          {text.showTable}
        </button>
      </div>
      {asTable ? (
        <SeriesTable report={report} />
      ) : (
        <figure className="flex flex-col gap-2">
          <Suspense fallback={<Spinner label={text.loading} />}>
            <SalesChart report={report} title={title} summary={summary} />
          </Suspense>
          <figcaption className="text-sm text-base-content/80">{summary}</figcaption>
        </figure>
      )}
    </section>
  );
}

function SeriesTable({ report }: { report: SalesReport }) {
  const interval: SalesInterval = report.interval;
  return (
    <section
      aria-label={text.tableCaption(interval)}
      // Scrolls on its own past a few dozen periods: a keyboard reaches it (Tab, then the arrows).
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take the focus
      tabIndex={0}
      className="max-h-96 overflow-auto rounded-box focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary"
    >
      <CountRevenueTable
        caption={text.tableCaption(interval)}
        nameHeading={text.period(interval)}
        countHeading={text.orders}
        rows={report.series.map((point) => ({
          key: point.start,
          name: text.dayText(point.start),
          count: point.orders,
          revenue: point.revenue,
        }))}
      />
    </section>
  );
}

type CountRevenueRows = { key: string; name: ReactNode; count: number; revenue: number }[];

/** A table of names (periods, parts, customers) with a count and the revenue of each. */
function CountRevenueTable({
  caption,
  nameHeading,
  countHeading,
  rows,
}: {
  caption: string;
  nameHeading: string;
  countHeading: string;
  rows: CountRevenueRows;
}) {
  return (
    <table className="table table-sm">
      <caption className="sr-only">{caption}</caption>
      <thead>
        <tr>
          <th scope="col">{nameHeading}</th>
          <th scope="col" className="text-right">
            {countHeading}
          </th>
          <th scope="col" className="text-right">
            {text.revenue}
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.key}>
            <th scope="row" className="font-normal break-words">
              {row.name}
            </th>
            <td className="text-right">{text.count(row.count)}</td>
            <td className="text-right">{text.money(row.revenue)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function Ranked({
  title,
  caption,
  nameHeading,
  countHeading,
  rows,
}: {
  title: string;
  caption: string;
  nameHeading: string;
  countHeading: string;
  rows: CountRevenueRows;
}) {
  const titleId = useId();
  return (
    <section
      aria-labelledby={titleId}
      className="flex flex-col gap-2 rounded-box bg-base-100 p-4 ring-1 ring-base-300"
    >
      <h3 id={titleId} className="text-lg font-semibold">
        {title}
      </h3>
      {rows.length === 0 ? (
        <p className="text-base-content/80">{text.noSales}</p>
      ) : (
        <div className="overflow-x-auto">
          <CountRevenueTable
            caption={caption}
            nameHeading={nameHeading}
            countHeading={countHeading}
            rows={rows}
          />
        </div>
      )}
    </section>
  );
}

function TopParts({ report }: { report: SalesReport }) {
  return (
    <Ranked
      title={text.topParts}
      caption={text.topPartsCaption}
      nameHeading={text.part}
      countHeading={text.units}
      rows={report.topParts.map((part) => ({
        key: part.partId,
        name: (
          <>
            <span className="font-mono text-xs">{part.partNumber}</span> {part.name}
          </>
        ),
        count: part.quantity,
        revenue: part.revenue,
      }))}
    />
  );
}

function TopCustomers({ report }: { report: SalesReport }) {
  return (
    <Ranked
      title={text.topCustomers}
      caption={text.topCustomersCaption}
      nameHeading={text.customer}
      countHeading={text.orders}
      rows={report.topCustomers.map((customer) => ({
        key: `${customer.kind}-${customer.id}`,
        name:
          customer.kind === 'company' ? (
            <>
              {customer.name} <span className="badge badge-ghost badge-sm">{text.companyTag}</span>
            </>
          ) : (
            customer.name
          ),
        count: customer.orders,
        revenue: customer.revenue,
      }))}
    />
  );
}
