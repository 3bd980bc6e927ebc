import type { UpdateWarehouseBody, Warehouse } from '@axle/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { FormDialog } from '../../../components/ui/FormDialog.tsx';
import { useShopForm } from '../../../lib/form.ts';
import { toast } from '../../../lib/toast.ts';
import { keepWarehouse, updateWarehouse } from '../api.ts';
import { warehousesText } from '../strings.ts';
import { WarehouseFields, type WarehouseValues, warehouseValues } from './WarehouseFields.tsx';

const text = warehousesText.form;
const FORM_ID = 'warehouse-edit-form';
const editRules = () => import('../form-rules.ts').then((rules) => rules.editWarehouseRules);

type Props = {
  /** The warehouse an admin changes, or null while the dialog is closed. */
  warehouse: Warehouse | null;
  onClose: () => void;
};

/**
 * An admin changes a warehouse's name, city, cutoff, time zone, working days or position (its
 * code stays); the server's refusal shows inside the dialog.
 */
export function WarehouseDialog({ warehouse, onClose }: Props) {
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: ({ code, body }: { code: string; body: UpdateWarehouseBody }) =>
      updateWarehouse(code, body),
    onSuccess: (saved) => {
      keepWarehouse(queryClient, saved);
      toast.success(text.saved(saved.name));
      onClose();
    },
  });

  function close() {
    save.reset();
    onClose();
  }

  return (
    <FormDialog
      open={warehouse !== null}
      title={warehouse ? text.editTitle(`${warehouse.name} (${warehouse.code})`) : ''}
      formId={FORM_ID}
      submitLabel={text.save}
      busyLabel={text.saving}
      cancelLabel={text.cancel}
      busy={save.isPending}
      onCancel={close}
      error={save.isError ? save.error.message : null}
    >
      {/* A new form for each warehouse: nothing typed for one is left for the next. */}
      {warehouse ? (
        <EditForm
          key={warehouse.code}
          warehouse={warehouse}
          onSave={(body) => {
            if (!save.isPending) save.mutate({ code: warehouse.code, body });
          }}
        />
      ) : null}
    </FormDialog>
  );
}

function EditForm({
  warehouse,
  onSave,
}: {
  warehouse: Warehouse;
  onSave: (body: UpdateWarehouseBody) => void;
}) {
  const form = useShopForm<WarehouseValues, UpdateWarehouseBody>(
    editRules,
    warehouseValues(warehouse),
  );
  return (
    <form
      id={FORM_ID}
      noValidate
      className="flex flex-col gap-4"
      onSubmit={form.handleSubmit(onSave)}
    >
      <p className="text-sm">
        {text.code} <span className="font-mono font-semibold">{warehouse.code}</span>
      </p>
      <WarehouseFields form={form} idPrefix="warehouse-edit" editing />
    </form>
  );
}
