import { useState } from 'react';
import type { FieldError } from 'react-hook-form';
import { ErrorText } from '../../../components/ui/ErrorText.tsx';
import { InputField } from '../../../components/ui/Field.tsx';
import { VehiclePicker } from '../../garage/index.ts';
import { catalogueText } from '../catalogue-strings.ts';
import type { PartFormApi } from '../part-form-values.ts';
import { useRows } from '../rows.ts';

const text = catalogueText.fitment;

/**
 * The vehicles a part fits (issue 16 #7), each with a note ("front axle"): added with the vehicle
 * picker (year → make → model → engine, or a VIN), removed by their row's button. Its own chunk:
 * the picker is loaded when the form is shown, not with the admin's first page.
 */
export default function FitmentField({ form }: { form: PartFormApi }) {
  const rows = useRows(form, 'fitment');
  const [notice, setNotice] = useState<string>();
  const errors = form.formState.errors.fitment;
  const listError = (errors?.root ?? (errors as FieldError | undefined))?.message;

  return (
    <fieldset className="flex flex-col gap-3 rounded-box border border-base-300 p-4">
      <legend className="px-1 text-sm font-medium">{text.legend}</legend>
      {rows.rows.length === 0 ? <p className="text-sm">{text.none}</p> : null}
      {rows.rows.length > 0 ? (
        <ul className="flex flex-col gap-2">
          {rows.rows.map((row, index) => (
            <li
              key={index}
              className="grid items-end gap-2 border-b border-base-300 pb-2 sm:grid-cols-[1fr_14rem_auto]"
            >
              <p className="self-center font-medium">{row.name}</p>
              <InputField
                id={`part-fitment-${index}-note`}
                label={text.note(row.name)}
                error={errors?.[index]?.note?.message}
                {...form.register(`fitment.${index}.note`)}
                maxLength={120}
              />
              <button
                type="button"
                className="btn btn-ghost"
                aria-label={text.removeLabel(row.name)}
                onClick={() => rows.remove(index)}
              >
                {text.remove}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {listError ? <ErrorText alert>{listError}</ErrorText> : null}
      <div className="rounded-box bg-base-200/60 p-3">
        <p className="mb-2 text-sm font-medium">{text.addHeading}</p>
        <VehiclePicker
          submitLabel={text.add}
          onPick={(picked) => {
            if (rows.rows.some((row) => row.vehicleId === picked.vehicleId)) {
              setNotice(text.already(picked.name));
              return;
            }
            rows.append({ vehicleId: picked.vehicleId, name: picked.name, note: '' });
            setNotice(text.added(picked.name));
          }}
        />
        <p role="status" className="mt-2 text-sm">
          {notice}
        </p>
      </div>
    </fieldset>
  );
}
