import type { Warehouse } from '@axle/contract';
import { useId } from 'react';
import { warehousesText } from '../strings.ts';

const text = warehousesText.page;

type Props = { warehouses: Warehouse[]; onEdit: (warehouse: Warehouse) => void };

/** Each button names its warehouse for a screen reader ("Edit Dhaka"). */
function EditButton({ warehouse, onEdit }: { warehouse: Warehouse; onEdit: Props['onEdit'] }) {
  return (
    <button type="button" className="btn btn-outline btn-sm" onClick={() => onEdit(warehouse)}>
      {text.edit}
      <span className="sr-only"> {warehouse.name}</span>
    </button>
  );
}

/**
 * The warehouses in the shop's order: code, name, city, cutoff, time zone and working days, each
 * with its Edit button; a table on a wide screen, one card per warehouse on a phone or a small
 * laptop (beside the dashboard's menu, the table's eight columns want some 750 px).
 */
export function WarehouseList({ warehouses, onEdit }: Props) {
  return (
    <>
      <div className="hidden overflow-x-auto rounded-box bg-base-100 ring-1 ring-base-300 xl:block">
        <table className="table">
          <caption className="sr-only">{text.caption}</caption>
          <thead>
            <tr>
              <th scope="col">{text.code}</th>
              <th scope="col">{text.name}</th>
              <th scope="col">{text.city}</th>
              <th scope="col">{text.cutoff}</th>
              <th scope="col">{text.timeZone}</th>
              <th scope="col">{text.workingDays}</th>
              <th scope="col">{text.position}</th>
              <th scope="col">
                <span className="sr-only">{text.actions}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {warehouses.map((warehouse) => (
              <tr key={warehouse.code}>
                <th scope="row" className="font-mono">
                  {warehouse.code}
                </th>
                <td className="break-words">{warehouse.name}</td>
                <td className="break-words">{warehouse.city}</td>
                <td>{warehouse.cutoff}</td>
                <td className="[overflow-wrap:anywhere]">{warehouse.timeZone}</td>
                <td>{text.days(warehouse.workingDays)}</td>
                <td>{warehouse.position}</td>
                <td className="text-right">
                  <EditButton warehouse={warehouse} onEdit={onEdit} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ul aria-label={text.list} className="flex flex-col gap-4 xl:hidden">
        {warehouses.map((warehouse) => (
          <li key={warehouse.code}>
            <WarehouseCard warehouse={warehouse} onEdit={onEdit} />
          </li>
        ))}
      </ul>
    </>
  );
}

function WarehouseCard({ warehouse, onEdit }: { warehouse: Warehouse; onEdit: Props['onEdit'] }) {
  const titleId = useId();
  return (
    <article
      aria-labelledby={titleId}
      className="card card-sm bg-base-100 shadow-sm ring-1 ring-base-300"
    >
      <div className="card-body gap-2">
        <h3 id={titleId} className="text-lg font-semibold break-words">
          {warehouse.name} <span className="font-mono text-base">({warehouse.code})</span>
        </h3>
        <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1 text-sm">
          <dt className="font-medium">{text.city}</dt>
          <dd className="break-words">{warehouse.city}</dd>
          <dt className="font-medium">{text.cutoff}</dt>
          <dd>{warehouse.cutoff}</dd>
          <dt className="font-medium">{text.timeZone}</dt>
          <dd className="[overflow-wrap:anywhere]">{warehouse.timeZone}</dd>
          <dt className="font-medium">{text.workingDays}</dt>
          <dd>{text.days(warehouse.workingDays)}</dd>
          <dt className="font-medium">{text.position}</dt>
          <dd>{warehouse.position}</dd>
        </dl>
        <div>
          <EditButton warehouse={warehouse} onEdit={onEdit} />
        </div>
      </div>
    </article>
  );
}
