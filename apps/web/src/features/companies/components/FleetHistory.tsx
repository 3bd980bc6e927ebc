import type { FleetVehicle, FleetHistory as History } from '@axle/contract';
import { useInfiniteQuery } from '@tanstack/react-query';
import { ListLoad } from '../../../components/ui/ListLoad.tsx';
import { LoadMore } from '../../../components/ui/LoadMore.tsx';
import { fleetHistoryQuery } from '../api.ts';
import { companiesText } from '../strings.ts';

const text = companiesText.fleetHistory;

/** A cell: a column of the table; on a phone, a row of its own with the column's name. */
const cell =
  'max-md:flex max-md:justify-between max-md:gap-4 max-md:border-0 max-md:px-0 max-md:py-0.5';

/** On a phone, the column's name before the value (the header row is there for screen readers). */
function PhoneLabel({ children }: { children: string }) {
  return (
    <span aria-hidden="true" className="font-medium md:hidden">
      {children}
    </span>
  );
}

/**
 * The parts ordered for one vehicle of the fleet, newest first: the day, the order, the part and
 * how many, 20 at a time with "Load more". A table on a wide screen; on a phone each part is a
 * block of labelled rows, so that nothing is cut at the screen's edge.
 */
export function FleetHistory({ vehicle }: { vehicle: FleetVehicle }) {
  const history = useInfiniteQuery(fleetHistoryQuery(vehicle._id));
  const rows = history.data?.pages.flatMap((page) => page.rows);
  const total = history.data?.pages[0]?.total ?? null;
  return (
    <ListLoad
      // A later page that fails keeps the rows shown: it says so beside "Load more".
      query={{ ...history, isError: history.isError && !history.data, data: rows }}
      text={text}
    >
      {(list) => (
        <div className="flex flex-col gap-3">
          <HistoryTable label={vehicle.label} rows={list} />
          <LoadMore query={history} status={text.showing(list.length, total)} text={text} />
        </div>
      )}
    </ListLoad>
  );
}

function HistoryTable({ label, rows }: { label: string; rows: History }) {
  return (
    <table className="table table-sm max-md:block">
      <caption className="sr-only">{text.caption(label)}</caption>
      <thead className="max-md:sr-only">
        <tr>
          <th scope="col">{text.date}</th>
          <th scope="col">{text.order}</th>
          <th scope="col">{text.partNumber}</th>
          <th scope="col">{text.part}</th>
          <th scope="col" className="text-right">
            {text.quantity}
          </th>
        </tr>
      </thead>
      <tbody className="max-md:block">
        {rows.map((row) => (
          <tr
            key={`${row.orderId}-${row.partId}`}
            className="max-md:block max-md:border-b max-md:border-base-300 max-md:py-2"
          >
            <td className={`whitespace-nowrap ${cell}`}>
              <PhoneLabel>{text.date}</PhoneLabel>
              {companiesText.date(row.date)}
            </td>
            <td className={cell}>
              <PhoneLabel>{text.order}</PhoneLabel>
              {row.orderNumber}
            </td>
            <td className={`whitespace-nowrap ${cell}`}>
              <PhoneLabel>{text.partNumber}</PhoneLabel>
              <span className="font-mono">{row.partNumber}</span>
            </td>
            <td className={`[overflow-wrap:anywhere] ${cell}`}>
              <PhoneLabel>{text.part}</PhoneLabel>
              <span className="max-md:text-right">{row.name}</span>
            </td>
            <td className={`text-right ${cell}`}>
              <PhoneLabel>{text.quantity}</PhoneLabel>
              {row.quantity}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
