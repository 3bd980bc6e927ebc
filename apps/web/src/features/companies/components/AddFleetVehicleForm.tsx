import type { AddFleetVehicleBody } from '@axle/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { BusyButton } from '../../../components/ui/BusyButton.tsx';
import { ErrorText } from '../../../components/ui/ErrorText.tsx';
import { InputField } from '../../../components/ui/Field.tsx';
import { useShopForm } from '../../../lib/form.ts';
import { toast } from '../../../lib/toast.ts';
import { addFleetVehicle, FLEET_KEY } from '../api.ts';
import { companiesText } from '../strings.ts';
import { FleetVehicleFields, type FleetVehicleValues } from './FleetVehicleFields.tsx';

const text = companiesText.fleetForm;
const addRules = () => import('../form-rules.ts').then((rules) => rules.addFleetVehicleRules);

type Values = FleetVehicleValues & { vin: string };
const blank: Values = { vin: '', plate: '', name: '', mileageKm: '' };

/**
 * Any member adds a vehicle to the company's fleet by its VIN, which the server decodes into the
 * year, make, model and engine; a VIN it refuses (a wrong check digit, one already in the fleet)
 * shows the server's words.
 */
export function AddFleetVehicleForm() {
  const queryClient = useQueryClient();
  const form = useShopForm<Values, AddFleetVehicleBody>(addRules, blank);
  const { errors } = form.formState;

  const add = useMutation({
    mutationFn: addFleetVehicle,
    onSuccess: (vehicle) => {
      toast.success(text.added(vehicle.label));
      form.reset(blank);
      void queryClient.invalidateQueries({ queryKey: FLEET_KEY, exact: true });
    },
  });

  return (
    <form
      noValidate
      className="flex flex-col gap-4"
      // The call's promise goes back to the form, which takes no other submit until it settles.
      onSubmit={form.handleSubmit((body) => add.mutateAsync(body).catch(() => undefined))}
    >
      <InputField
        id="fleet-add-vin"
        label={text.vin}
        hint={text.vinHint}
        error={errors.vin?.message}
        className="font-mono"
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        required
        // The server's refusal is of the VIN it was sent: a new one starts afresh.
        {...form.register('vin', {
          onChange: () => {
            if (add.isError) add.reset();
          },
        })}
      />
      <FleetVehicleFields form={form} idPrefix="fleet-add" />
      {add.isError ? <ErrorText alert>{add.error.message}</ErrorText> : null}
      <div>
        <BusyButton
          type="submit"
          className="btn btn-primary"
          busy={add.isPending}
          busyLabel={text.busy}
        >
          {text.submit}
        </BusyButton>
      </div>
    </form>
  );
}
