import { dayText } from '@axle/contract/order-texts';
import { useId } from 'react';
import { Link } from 'react-router';
import type { LowStockRow } from '../low-stock-api.ts';
import { lowStockText as text } from '../low-stock-strings.ts';

type LowStockListProps = {
  parts: LowStockRow[];
  /** Opens the dialog that changes the part's reorder point. */
  onChange: (part: LowStockRow) => void;
};

/**
 * The parts below their reorder point: a table on a wide screen, one card per part on a phone
 * (both are in the page; CSS shows one). Each names the part (a link to its page) with its stock,
 * reorder point, last 30 days' sales, days of cover and expected restock, and the button that
 * changes its reorder point.
 */
export function LowStockList({ parts, onChange }: LowStockListProps) {
  return (
    <>
      {/* Seven columns fit beside the menu only on a wide screen: cards up to there. */}
      <div className="hidden overflow-x-auto rounded-box bg-base-100 ring-1 ring-base-300 xl:block">
        <table className="table [&_td]:px-3 [&_th]:px-3">
          <caption className="sr-only">{text.caption}</caption>
          <thead>
            <tr>
              <th scope="col">{text.part}</th>
              <th scope="col" className="text-right">
                {text.inStock}
              </th>
              <th scope="col" className="text-right">
                {text.reorderPoint}
              </th>
              <th scope="col" className="text-right">
                {text.sold}
              </th>
              <th scope="col" className="text-right">
                {text.daysOfCover}
              </th>
              <th scope="col">{text.restock}</th>
              <th scope="col">{text.action}</th>
            </tr>
          </thead>
          <tbody>
            {parts.map((part) => (
              <tr key={part.partId}>
                <th scope="row" className="min-w-44 font-normal">
                  <PartName part={part} />
                </th>
                <td className="text-right tabular-nums">
                  <InStock part={part} />
                </td>
                <td className="text-right tabular-nums">
                  <ReorderPoint part={part} />
                </td>
                <td className="text-right tabular-nums">{text.number(part.soldLast30Days)}</td>
                <td className="text-right tabular-nums">
                  <DaysOfCover part={part} />
                </td>
                <td>
                  <Restock part={part} />
                </td>
                <td>
                  <ChangeButton part={part} onChange={onChange} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ul aria-label={text.list} className="grid items-start gap-4 md:grid-cols-2 xl:hidden">
        {parts.map((part) => (
          <li key={part.partId}>
            <LowStockCard part={part} onChange={onChange} />
          </li>
        ))}
      </ul>
    </>
  );
}

function LowStockCard({
  part,
  onChange,
}: { part: LowStockRow } & Pick<LowStockListProps, 'onChange'>) {
  const titleId = useId();
  return (
    <article
      aria-labelledby={titleId}
      className="card card-sm bg-base-100 shadow-sm ring-1 ring-base-300"
    >
      <div className="card-body gap-3">
        <h3 id={titleId} className="text-base">
          <PartName part={part} />
        </h3>
        <dl className="grid grid-cols-[auto_minmax(0,1fr)] items-baseline gap-x-4 gap-y-2 text-sm">
          <dt className="font-medium">{text.inStock}</dt>
          <dd>
            <InStock part={part} />
          </dd>
          <dt className="font-medium">{text.reorderPoint}</dt>
          <dd>
            <ReorderPoint part={part} />
          </dd>
          <dt className="font-medium">{text.sold}</dt>
          <dd>{text.number(part.soldLast30Days)}</dd>
          <dt className="font-medium">{text.daysOfCover}</dt>
          <dd>
            <DaysOfCover part={part} />
          </dd>
          <dt className="font-medium">{text.restock}</dt>
          <dd>
            <Restock part={part} />
          </dd>
        </dl>
        <div className="card-actions justify-end">
          <ChangeButton part={part} onChange={onChange} />
        </div>
      </div>
    </article>
  );
}

/** The part's number and name, a link to its page. */
function PartName({ part }: { part: LowStockRow }) {
  return (
    <Link
      to={`/parts/${encodeURIComponent(part.partNumber)}`}
      className="link link-hover flex flex-col break-words"
    >
      <span className="font-mono font-semibold">{part.partNumber}</span>
      <span>{part.name}</span>
    </Link>
  );
}

/** The units in stock, and "Out of stock" in words when there are none. */
function InStock({ part }: { part: LowStockRow }) {
  if (part.available > 0) return <>{text.number(part.available)}</>;
  return (
    <span className="inline-flex flex-wrap items-center gap-1">
      {text.number(part.available)}
      <span className="badge badge-error badge-sm whitespace-nowrap">{text.outOfStock}</span>
    </span>
  );
}

/** The reorder point, and "(default)" when it is twice the minimum order, not the part's own. */
function ReorderPoint({ part }: { part: LowStockRow }) {
  return (
    <>
      {text.number(part.reorderPoint)}
      {part.defaultReorderPoint ? (
        <span className="ms-1 text-base-content/80">{text.isDefault}</span>
      ) : null}
    </>
  );
}

/** How many days the stock lasts at the last 30 days' pace; a dash when none sold. */
function DaysOfCover({ part }: { part: LowStockRow }) {
  if (part.daysOfCover === null)
    return (
      <>
        <span aria-hidden="true">—</span>
        <span className="sr-only">{text.noneSold}</span>
      </>
    );
  return <>{text.formatDays(part.daysOfCover)}</>;
}

/** The day its warehouses expect more, if they said. */
function Restock({ part }: { part: LowStockRow }) {
  if (!part.restockDate) return <span className="text-base-content/80">{text.restockUnknown}</span>;
  return (
    <time dateTime={part.restockDate} className="whitespace-nowrap">
      {dayText(`${part.restockDate}T00:00:00`)}
    </time>
  );
}

function ChangeButton({
  part,
  onChange,
}: { part: LowStockRow } & Pick<LowStockListProps, 'onChange'>) {
  return (
    // Its words may wrap: the seventh column must not widen the table past a 1280 px screen.
    <button
      type="button"
      className="btn btn-outline btn-sm h-auto min-h-8 whitespace-normal py-1"
      onClick={() => onChange(part)}
    >
      {text.change}
      <span className="sr-only">{text.which(part.partNumber, part.name)}</span>
    </button>
  );
}
