import type { FleetVehicle } from '@axle/contract';
import type { FieldErrors, FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { InputField } from '../../../components/ui/Field.tsx';
import { companiesText } from '../strings.ts';

const text = companiesText.fleetForm;

/** A fleet vehicle's plate, name and mileage while they are typed (`form-rules.ts` checks them). */
export type FleetVehicleValues = { plate: string; name: string; mileageKm: string };

/** What the fields show of a vehicle: its values, or nothing where it has none. */
export const fleetVehicleValues = (vehicle: FleetVehicle): FleetVehicleValues => ({
  plate: vehicle.plate ?? '',
  name: vehicle.name ?? '',
  mileageKm: vehicle.mileageKm === null ? '' : String(vehicle.mileageKm),
});

type Props<T extends FieldValues & FleetVehicleValues> = {
  form: Pick<UseFormReturn<T>, 'register' | 'formState'>;
  /** The start of the controls' ids, unique on the page. */
  idPrefix: string;
};

function Optional({ children }: { children: string }) {
  return (
    <>
      {children}
      <span className="ml-2 font-normal text-base-content/75">{text.optional}</span>
    </>
  );
}

/**
 * The plate, name and mileage of a fleet vehicle, none of them required: in the form that adds a
 * vehicle and in the dialog that changes one.
 */
export function FleetVehicleFields<T extends FieldValues & FleetVehicleValues>({
  form,
  idPrefix,
}: Props<T>) {
  const errors = form.formState.errors as FieldErrors<FleetVehicleValues>;
  return (
    <>
      <InputField
        id={`${idPrefix}-plate`}
        label={<Optional>{text.plate}</Optional>}
        error={errors.plate?.message}
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        {...form.register('plate' as Path<T>)}
      />
      <InputField
        id={`${idPrefix}-name`}
        label={<Optional>{text.name}</Optional>}
        hint={text.nameHint}
        error={errors.name?.message}
        autoComplete="off"
        {...form.register('name' as Path<T>)}
      />
      <InputField
        id={`${idPrefix}-mileage`}
        label={<Optional>{text.mileage}</Optional>}
        hint={text.mileageHint}
        error={errors.mileageKm?.message}
        inputMode="numeric"
        autoComplete="off"
        {...form.register('mileageKm' as Path<T>)}
      />
    </>
  );
}
