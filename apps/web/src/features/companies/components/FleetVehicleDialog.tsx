import type { FleetVehicle, UpdateFleetVehicleBody } from '@axle/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { FormDialog } from '../../../components/ui/FormDialog.tsx';
import { useShopForm } from '../../../lib/form.ts';
import { toast } from '../../../lib/toast.ts';
import { FLEET_KEY, updateFleetVehicle } from '../api.ts';
import { companiesText } from '../strings.ts';
import {
  FleetVehicleFields,
  type FleetVehicleValues,
  fleetVehicleValues,
} from './FleetVehicleFields.tsx';

const text = companiesText.fleetForm;
const FORM_ID = 'fleet-vehicle-form';
const updateRules = () => import('../form-rules.ts').then((rules) => rules.updateFleetVehicleRules);

type Props = {
  /** The vehicle whose plate, name and mileage a member changes, or null while it is closed. */
  vehicle: FleetVehicle | null;
  onClose: () => void;
};

/** A member changes a fleet vehicle's plate, name and mileage; the server's refusal shows inside. */
export function FleetVehicleDialog({ vehicle, onClose }: Props) {
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: ({ id, body }: { id: string; body: UpdateFleetVehicleBody }) =>
      updateFleetVehicle(id, body),
    onSuccess: (saved) => {
      queryClient.setQueryData<FleetVehicle[]>(FLEET_KEY, (fleet) =>
        fleet?.map((entry) => (entry._id === saved._id ? saved : entry)),
      );
      void queryClient.invalidateQueries({ queryKey: FLEET_KEY, exact: true });
      toast.success(text.saved(saved.label));
      onClose();
    },
  });

  function close() {
    save.reset();
    onClose();
  }

  return (
    <FormDialog
      open={vehicle !== null}
      title={vehicle ? text.editTitle(vehicle.label) : ''}
      formId={FORM_ID}
      submitLabel={text.save}
      busyLabel={text.saving}
      cancelLabel={text.cancel}
      busy={save.isPending}
      onCancel={close}
      error={save.isError ? save.error.message : null}
    >
      {/* A new form for each vehicle: nothing typed for one is left for the next. */}
      {vehicle ? (
        <VehicleForm
          key={vehicle._id}
          vehicle={vehicle}
          onSave={(body) => {
            if (!save.isPending) save.mutate({ id: vehicle._id, body });
          }}
        />
      ) : null}
    </FormDialog>
  );
}

function VehicleForm({
  vehicle,
  onSave,
}: {
  vehicle: FleetVehicle;
  onSave: (body: UpdateFleetVehicleBody) => void;
}) {
  const form = useShopForm<FleetVehicleValues, UpdateFleetVehicleBody>(
    updateRules,
    fleetVehicleValues(vehicle),
  );
  return (
    <form
      id={FORM_ID}
      noValidate
      className="flex flex-col gap-4"
      onSubmit={form.handleSubmit(onSave)}
    >
      <p className="text-sm">
        <span className="font-mono">{vehicle.vin}</span>
        <span className="block text-base-content/80">{companiesText.fleet.vehicleOf(vehicle)}</span>
      </p>
      <FleetVehicleFields form={form} idPrefix="fleet-edit" />
    </form>
  );
}
