import type { Warehouse } from '@axle/contract';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { ListLoad } from '../../../components/ui/ListLoad.tsx';
import { Spinner } from '../../../components/ui/Spinner.tsx';
import { dashboardText } from '../../dashboard/index.ts';
import { adminWarehousesQuery } from '../api.ts';
import { WarehouseList } from '../components/WarehouseList.tsx';
import { warehousesText } from '../strings.ts';

/*
 * The forms (with the form pattern under them) load as the list is shown, not with the page
 * (docs/decisions/008).
 */
const AddWarehouseForm = lazy(() =>
  import('../components/AddWarehouseForm.tsx').then((m) => ({ default: m.AddWarehouseForm })),
);
const WarehouseDialog = lazy(() =>
  import('../components/WarehouseDialog.tsx').then((m) => ({ default: m.WarehouseDialog })),
);

const text = warehousesText.page;

/**
 * Dashboard 'Warehouses' (admins; issue 32 #2): the shop's warehouses in the order an order takes
 * stock from them, each changed in a dialog; below, the form that adds one.
 */
export default function WarehousesPage() {
  const warehouses = useQuery(adminWarehousesQuery());
  const [editing, setEditing] = useState<Warehouse | null>(null);
  return (
    <section aria-labelledby="warehouses-heading" className="flex flex-col gap-6">
      <title>{text.title}</title>
      <div className="flex flex-col gap-2">
        <h2 id="warehouses-heading" className="text-2xl font-bold sm:text-3xl">
          {dashboardText.warehouses}
        </h2>
        <p className="max-w-3xl text-base-content/80">{text.intro}</p>
      </div>
      <ListLoad query={warehouses} text={text}>
        {(list) => <WarehouseList warehouses={list} onEdit={setEditing} />}
      </ListLoad>
      <section aria-labelledby="warehouse-add-heading" className="flex flex-col gap-3">
        <h3 id="warehouse-add-heading" className="text-xl font-semibold">
          {warehousesText.form.addHeading}
        </h3>
        <Suspense fallback={<Spinner className="self-start" />}>
          <AddWarehouseForm />
        </Suspense>
      </section>
      <Suspense fallback={null}>
        <WarehouseDialog warehouse={editing} onClose={() => setEditing(null)} />
      </Suspense>
    </section>
  );
}
