import type { Warehouse } from '@axle/contract';
import type { FieldErrors, FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { ErrorText } from '../../../components/ui/ErrorText.tsx';
import { InputField } from '../../../components/ui/Field.tsx';
import { warehousesText } from '../strings.ts';

const text = warehousesText.form;

/** A warehouse's fields while they are typed (`form-rules.ts` checks them); days as ticked ("1"). */
export type WarehouseValues = {
  name: string;
  city: string;
  cutoff: string;
  timeZone: string;
  workingDays: string[];
  position: string;
};

/** What the fields show of a warehouse being edited. */
export const warehouseValues = (warehouse: Warehouse): WarehouseValues => ({
  name: warehouse.name,
  city: warehouse.city,
  cutoff: warehouse.cutoff,
  timeZone: warehouse.timeZone,
  workingDays: warehouse.workingDays.map(String),
  position: String(warehouse.position),
});

let zones: readonly string[] | undefined;
/** Every time zone this browser knows, for the field's suggestions (asked once). */
const timeZones = () => {
  zones ??= typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return zones;
};

type Props<T extends FieldValues & WarehouseValues> = {
  form: Pick<UseFormReturn<T>, 'register' | 'formState'>;
  /** The start of the controls' ids, unique on the page. */
  idPrefix: string;
  /** An edit: its position is the warehouse's, not "last" when left empty. */
  editing?: boolean;
};

/**
 * A warehouse's name, city, cutoff, time zone (typed, with every zone the browser knows as
 * suggestions), working days (seven boxes under one legend) and position: in the form that adds
 * one and in the dialog that changes one.
 */
export function WarehouseFields<T extends FieldValues & WarehouseValues>({
  form,
  idPrefix,
  editing = false,
}: Props<T>) {
  const errors = form.formState.errors as FieldErrors<WarehouseValues>;
  const field = (name: keyof WarehouseValues) => form.register(name as Path<T>);
  const daysError = errors.workingDays?.message;
  const daysErrorId = `${idPrefix}-days-error`;
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2">
        <InputField
          id={`${idPrefix}-name`}
          label={text.name}
          hint={text.nameHint}
          error={errors.name?.message}
          autoComplete="off"
          required
          {...field('name')}
        />
        <InputField
          id={`${idPrefix}-city`}
          label={text.city}
          error={errors.city?.message}
          autoComplete="off"
          required
          {...field('city')}
        />
        <InputField
          id={`${idPrefix}-cutoff`}
          label={text.cutoff}
          hint={text.cutoffHint}
          error={errors.cutoff?.message}
          inputMode="numeric"
          autoComplete="off"
          placeholder="16:00"
          required
          {...field('cutoff')}
        />
        <InputField
          id={`${idPrefix}-time-zone`}
          label={text.timeZone}
          hint={text.timeZoneHint}
          error={errors.timeZone?.message}
          list={`${idPrefix}-time-zones`}
          autoComplete="off"
          autoCapitalize="off"
          spellCheck={false}
          required
          {...field('timeZone')}
        />
        <datalist id={`${idPrefix}-time-zones`}>
          {timeZones().map((zone) => (
            <option key={zone} value={zone} />
          ))}
        </datalist>
      </div>
      <fieldset
        aria-describedby={daysError ? daysErrorId : undefined}
        className="flex flex-col gap-2"
      >
        <legend className="mb-1 text-sm font-medium">{text.workingDays}</legend>
        <div className="flex flex-wrap gap-x-5 gap-y-2">
          {text.weekdays.map((weekday, index) => (
            <label key={weekday} className="flex cursor-pointer items-center gap-2">
              <input
                type="checkbox"
                className="checkbox checkbox-sm"
                value={String(index + 1)}
                aria-invalid={daysError ? true : undefined}
                {...field('workingDays')}
              />
              <span>{weekday}</span>
            </label>
          ))}
        </div>
        {daysError ? <ErrorText id={daysErrorId}>{daysError}</ErrorText> : null}
      </fieldset>
      <InputField
        id={`${idPrefix}-position`}
        label={text.position}
        hint={editing ? text.positionEditHint : text.positionHint}
        error={errors.position?.message}
        inputMode="numeric"
        autoComplete="off"
        className="max-w-40"
        {...field('position')}
      />
    </>
  );
}
