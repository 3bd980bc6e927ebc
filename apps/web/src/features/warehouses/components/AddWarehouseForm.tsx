import type { Warehouse, WarehouseBody } from '@axle/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { BusyButton } from '../../../components/ui/BusyButton.tsx';
import { ErrorText } from '../../../components/ui/ErrorText.tsx';
import { InputField } from '../../../components/ui/Field.tsx';
import { showServerErrors, useShopForm } from '../../../lib/form.ts';
import { toast } from '../../../lib/toast.ts';
import { addWarehouse, keepWarehouse } from '../api.ts';
import { warehousesText } from '../strings.ts';
import { WarehouseFields, type WarehouseValues } from './WarehouseFields.tsx';

const text = warehousesText.form;
const addRules = () => import('../form-rules.ts').then((rules) => rules.addWarehouseRules);

type Values = WarehouseValues & { code: string };
/** A new warehouse ships Monday to Friday until 16:00, as the server would have it. */
const blank: Values = {
  code: '',
  name: '',
  city: '',
  cutoff: '16:00',
  timeZone: '',
  workingDays: ['1', '2', '3', '4', '5'],
  position: '',
};

/**
 * An admin adds a warehouse: its code (capitals, for good), name, city, cutoff, time zone,
 * working days and position. A code already used, or any other refusal, shows the server's words.
 */
export function AddWarehouseForm() {
  const queryClient = useQueryClient();
  const form = useShopForm<Values, WarehouseBody>(addRules, blank);
  const { errors } = form.formState;

  const add = useMutation({
    mutationFn: addWarehouse,
    onSuccess: (warehouse: Warehouse) => {
      keepWarehouse(queryClient, warehouse);
      toast.success(text.added(warehouse.name));
      form.reset(blank);
    },
    // A refusal the server pins on a field shows there; any other, below the form.
    onError: (error) => {
      if (showServerErrors(form, error)) add.reset();
    },
  });

  return (
    <form
      noValidate
      className="flex max-w-2xl flex-col gap-4"
      // The call's promise goes back to the form, which takes no other submit until it settles.
      onSubmit={form.handleSubmit((body) => add.mutateAsync(body).catch(() => undefined))}
    >
      <InputField
        id="warehouse-add-code"
        label={text.code}
        hint={text.codeHint}
        error={errors.code?.message}
        className="max-w-40 font-mono uppercase"
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        maxLength={8}
        required
        {...form.register('code', {
          onChange: () => {
            if (add.isError) add.reset();
          },
        })}
      />
      <WarehouseFields form={form} idPrefix="warehouse-add" />
      {add.isError ? <ErrorText alert>{add.error.message}</ErrorText> : null}
      <div>
        <BusyButton
          type="submit"
          className="btn btn-primary"
          busy={add.isPending}
          busyLabel={text.adding}
        >
          {text.add}
        </BusyButton>
      </div>
    </form>
  );
}
