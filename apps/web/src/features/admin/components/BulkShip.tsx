import type { BulkShipBody, BulkShipReply } from '@axle/contract';
import { useEffect, useRef, useState } from 'react';
import { BusyButton } from '../../../components/ui/BusyButton.tsx';
import { InputField } from '../../../components/ui/Field.tsx';
import { FormDialog } from '../../../components/ui/FormDialog.tsx';
import { useShopForm } from '../../../lib/form.ts';
import { useOneAtATimeMutation } from '../../../lib/idempotent-mutation.ts';
import { saveFile } from '../../../lib/save-file.ts';
import { toast } from '../../../lib/toast.ts';
import { catalogStrings } from '../../catalog/index.ts';
import type { Order } from '../api.ts';
import type { BulkShipValues } from '../form-rules.ts';
import { downloadPickingList, shipOrders } from '../fulfilment-api.ts';
import { fulfilmentText as text } from '../fulfilment-strings.ts';

const price = catalogStrings.formatPrice;
const FORM_ID = 'bulk-ship-form';

/** An order the admin may ship: paid, neither shipped nor cancelled. */
export const shippable = (order: Order) => order.paid && !order.shipped && !order.cancelled;

type Props = {
  /** The page's orders. */
  orders: Order[];
  /** The orders ticked, by id. */
  selected: ReadonlyMap<string, Order>;
  onSelect: (selected: Map<string, Order>) => void;
  /** The orders a bulk ship shipped, for the page to show at once. */
  onShipped: (shipped: Order[]) => void;
};

/** Each selected order's tracking number (optional), checked with the server's rules. */
function ShipManyForm({
  orders,
  busy,
  onShip,
}: {
  orders: Order[];
  busy: boolean;
  onShip: (body: BulkShipBody) => void;
}) {
  const form = useShopForm<BulkShipValues, BulkShipBody>(
    () => import('../form-rules.ts').then((rules) => rules.bulkShipRules),
    { orders: orders.map((order) => ({ id: order._id, trackingNumber: '' })) },
  );
  const errors = form.formState.errors.orders;
  return (
    <form
      id={FORM_ID}
      noValidate
      className="flex flex-col gap-4"
      onSubmit={form.handleSubmit((body) => {
        if (busy) return;
        onShip({
          orders: body.orders.map(({ id, trackingNumber }) =>
            trackingNumber ? { id, trackingNumber } : { id },
          ),
        });
      })}
    >
      <p>{text.dialogBody}</p>
      <ul className="flex flex-col gap-4">
        {orders.map((order, index) => (
          <li key={order._id} className="flex flex-col gap-1">
            <span className="font-medium break-words">
              {text.orderLine(order.number, order.name, price(order.total))}
            </span>
            <InputField
              id={`bulk-ship-${order._id}`}
              label={text.trackingLabel(order.number)}
              error={errors?.[index]?.trackingNumber?.message}
              autoComplete="off"
              spellCheck={false}
              {...form.register(`orders.${index}.trackingNumber`)}
            />
          </li>
        ))}
      </ul>
    </form>
  );
}

/**
 * Manage All Orders' shipping bar (issue 33 #2): ticks every paid order of the page at once, says
 * how many are ticked, ships them after a dialog that takes each one's tracking number, and prints
 * the picking list of the selection (or, with none, of the oldest orders waiting to ship). The
 * orders a ship left as they were stay listed with the reason until dismissed. A chunk of its own,
 * loaded after the page is shown.
 */
export default function BulkShip({ orders, selected, onSelect, onShipped }: Props) {
  const [asking, setAsking] = useState(false);
  const [refused, setRefused] = useState<BulkShipReply['refused']>([]);
  const selectAll = useRef<HTMLInputElement>(null);
  const onPage = orders.filter(shippable);
  const ticked = onPage.filter((order) => selected.has(order._id)).length;
  const chosen = [...selected.values()];

  useEffect(() => {
    if (selectAll.current) selectAll.current.indeterminate = ticked > 0 && ticked < onPage.length;
  });

  const ship = useOneAtATimeMutation({
    mutationFn: shipOrders,
    onSuccess: (reply) => {
      setAsking(false);
      onSelect(new Map());
      onShipped(reply.shipped);
      setRefused(reply.refused);
      if (reply.shipped.length > 0) toast.success(text.shippedToast(reply.shipped.length));
    },
    onError: (error) => {
      setAsking(false);
      toast.error(error.message);
    },
  });

  const picking = useOneAtATimeMutation({
    mutationFn: () => downloadPickingList(chosen.map((order) => order._id)),
    onSuccess: (file) => saveFile(file, text.pickingFile(new Date().toISOString().slice(0, 10))),
    onError: () => toast.error(text.pickingFailed),
  });

  return (
    <section
      aria-label={text.bar}
      className="flex flex-col gap-3 rounded-box bg-base-100 p-3 ring-1 ring-base-300"
    >
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        {onPage.length > 0 ? (
          <label className="flex min-h-11 cursor-pointer items-center gap-2">
            <input
              ref={selectAll}
              type="checkbox"
              className="checkbox"
              checked={ticked > 0 && ticked === onPage.length}
              onChange={(event) => {
                const next = new Map(selected);
                for (const order of onPage)
                  if (event.target.checked) next.set(order._id, order);
                  else next.delete(order._id);
                onSelect(next);
              }}
            />
            {text.selectPage(onPage.length)}
          </label>
        ) : null}
        <output aria-live="polite" className="text-sm text-base-content/80">
          {text.selected(selected.size)}
        </output>
      </div>
      <div className="flex flex-wrap gap-2">
        {selected.size > 0 ? (
          <>
            <button type="button" className="btn btn-primary" onClick={() => setAsking(true)}>
              {text.ship(selected.size)}
            </button>
            <button type="button" className="btn btn-ghost" onClick={() => onSelect(new Map())}>
              {text.clear}
            </button>
          </>
        ) : null}
        <BusyButton
          className="btn btn-outline"
          busy={picking.isPending}
          busyLabel={text.picking}
          onClick={() => picking.mutate(undefined)}
        >
          {selected.size > 0 ? text.pickSelected : text.pickAll}
        </BusyButton>
      </div>
      {refused.length > 0 ? (
        <div role="alert" className="alert alert-warning flex flex-col items-start gap-2">
          <p className="font-medium">{text.refusedTitle(refused.length)}</p>
          <ul className="list-disc pl-5">
            {refused.map((entry) => (
              <li key={entry.id}>{text.refusedLine(entry.number, entry.reason)}</li>
            ))}
          </ul>
          <button type="button" className="btn btn-sm" onClick={() => setRefused([])}>
            {text.dismiss}
          </button>
        </div>
      ) : null}
      <FormDialog
        open={asking}
        title={text.dialogTitle(chosen.length)}
        formId={FORM_ID}
        submitLabel={text.confirm}
        busyLabel={text.shipping}
        cancelLabel={text.keep}
        busy={ship.isPending}
        onCancel={() => setAsking(false)}
      >
        {asking ? (
          <ShipManyForm
            orders={chosen}
            busy={ship.isPending}
            onShip={(body) => ship.mutate(body)}
          />
        ) : null}
      </FormDialog>
    </section>
  );
}
