import type { PartStock, SetPartStockBody, Warehouse } from '@axle/contract';
import { stockTexts } from '@axle/contract/warehouse-texts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { BusyButton } from '../../../components/ui/BusyButton.tsx';
import { ErrorText } from '../../../components/ui/ErrorText.tsx';
import { InputField } from '../../../components/ui/Field.tsx';
import { ListLoad } from '../../../components/ui/ListLoad.tsx';
import { useShopForm } from '../../../lib/form.ts';
import { toast } from '../../../lib/toast.ts';
import { ITEMS_KEY } from '../../catalog/index.ts';
import { adminWarehousesQuery } from '../../warehouses/index.ts';
import type { Part } from '../api.ts';
import { setPartStock } from '../edit-api.ts';
import { partStockText as text } from '../stock-strings.ts';

const stockRules = () => import('../form-rules.ts').then((rules) => rules.partStockRules);

type Props = {
  /** The part as it is now: its stock in each warehouse, and its version. */
  part: Part;
  /** The part as a save left it (its available quantity and version have moved). */
  onSaved: (part: Part) => void;
};

/**
 * A part's stock in each warehouse (issue 32 #2), every warehouse of the shop on a row of its own
 * (one that holds none shows 0): how many it holds and when more is expected there, each row
 * saved on its own; the server's refusal shows on its row.
 */
export function PartStockEditor({ part, onSaved }: Props) {
  const warehouses = useQuery(adminWarehousesQuery());
  return (
    <section aria-labelledby="part-stock-heading" className="flex max-w-2xl flex-col gap-4">
      <div className="flex flex-col gap-1">
        <h3 id="part-stock-heading" className="text-xl font-semibold">
          {stockTexts.heading}
        </h3>
        <p className="text-sm text-base-content/80">{text.intro}</p>
      </div>
      <ListLoad query={warehouses} text={text}>
        {(list) => (
          <ul className="flex flex-col gap-3">
            {list.map((warehouse) => (
              <li key={warehouse.code}>
                <StockRow
                  partId={part._id}
                  warehouse={warehouse}
                  held={part.stock.find((entry) => entry.warehouse === warehouse.code)}
                  onSaved={onSaved}
                />
              </li>
            ))}
          </ul>
        )}
      </ListLoad>
    </section>
  );
}

type Values = { quantity: string; restockDate: string };
type Typed = Omit<SetPartStockBody, 'warehouse'>;

const valuesOf = (held: PartStock | undefined): Values => ({
  quantity: String(held?.quantity ?? 0),
  restockDate: held?.restockDate ?? '',
});

function StockRow({
  partId,
  warehouse,
  held,
  onSaved,
}: {
  partId: string;
  warehouse: Warehouse;
  held: PartStock | undefined;
  onSaved: Props['onSaved'];
}) {
  const queryClient = useQueryClient();
  const id = useId();
  const form = useShopForm<Values, Typed>(stockRules, valuesOf(held));
  const { errors } = form.formState;
  const where = <span className="sr-only">{text.inWarehouse(warehouse.name)}</span>;

  const save = useMutation({
    mutationFn: (body: Typed) => setPartStock(partId, { warehouse: warehouse.code, ...body }),
    onSuccess: (part) => {
      const now = part.stock.find((entry) => entry.warehouse === warehouse.code);
      form.reset(valuesOf(now));
      toast.success(text.saved(warehouse.name, now?.quantity ?? 0));
      onSaved(part);
      // The catalogue's lists and pages show the new stock.
      void queryClient.invalidateQueries({ queryKey: ITEMS_KEY });
    },
  });

  return (
    <form
      noValidate
      aria-labelledby={`${id}-name`}
      className="flex flex-col gap-3 rounded-box bg-base-100 p-4 ring-1 ring-base-300"
      onSubmit={form.handleSubmit((body) => save.mutateAsync(body).catch(() => undefined))}
    >
      <h4 id={`${id}-name`} className="font-semibold break-words">
        {warehouse.name} <span className="font-mono text-sm font-normal">({warehouse.code})</span>
      </h4>
      <div className="flex flex-wrap items-start gap-4">
        <div className="w-36">
          <InputField
            id={`${id}-quantity`}
            label={
              <>
                {text.quantity}
                {where}
              </>
            }
            error={errors.quantity?.message}
            inputMode="numeric"
            autoComplete="off"
            required
            {...form.register('quantity', { onChange: () => save.reset() })}
          />
        </div>
        <div className="w-full max-w-52">
          <InputField
            id={`${id}-restock`}
            type="date"
            label={
              <>
                {text.restockDate}
                {where}
              </>
            }
            hint={text.restockHint}
            error={errors.restockDate?.message}
            {...form.register('restockDate', { onChange: () => save.reset() })}
          />
        </div>
        <BusyButton
          type="submit"
          className="btn btn-outline sm:mt-6"
          busy={save.isPending}
          busyLabel={text.saving}
        >
          {text.save}
          <span className="sr-only">{text.saveOf(warehouse.name)}</span>
        </BusyButton>
      </div>
      {save.isError ? <ErrorText alert>{save.error.message}</ErrorText> : null}
    </form>
  );
}
