import type { FieldErrors, FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { InputField } from '../../../components/ui/Field.tsx';
import { addressesText } from '../strings.ts';
import type { AddressValues } from './address-values.ts';

const text = addressesText.fields;

export { type AddressValues, blankAddress } from './address-values.ts';

/** The keys of a form's values that hold an address. */
type AddressKey<T> = {
  [K in keyof T & string]: T[K] extends AddressValues ? K : never;
}[keyof T & string];

type AddressFieldsProps<T extends FieldValues> = {
  /** The form the fields belong to (`useShopForm`'s answer): its `register` and its errors. */
  form: Pick<UseFormReturn<T>, 'register' | 'formState'>;
  /** The start of the controls' ids, unique on the page (`${idPrefix}-line1`, …). */
  idPrefix: string;
  /** A legend makes the fields a group of their own, named so. */
  legend?: string;
} & (T extends AddressValues
  ? { name?: undefined }
  : {
      /** The key of the form's values that holds the address (the form holds more than one). */
      name: AddressKey<T>;
    });

const autoComplete = {
  line1: 'shipping address-line1',
  line2: 'shipping address-line2',
  city: 'shipping address-level2',
  postalCode: 'shipping postal-code',
  country: 'shipping country-name',
} as const;

/**
 * An address's fields (line 1, line 2 optional, city, postal code, country) in a react-hook-form
 * form: either the form's values are the address, or `name` says which of them is (a checkout
 * form's `address`, say). The form's rules give the messages.
 */
export function AddressFields<T extends FieldValues>(props: AddressFieldsProps<T>) {
  const { form, idPrefix, legend } = props;
  const name: string | undefined = props.name;
  const errors = (name === undefined ? form.formState.errors : form.formState.errors[name]) as
    | FieldErrors<AddressValues>
    | undefined;

  const field = (key: keyof AddressValues, extra: { hint?: string; optional?: boolean } = {}) => (
    <InputField
      id={`${idPrefix}-${key}`}
      label={
        extra.optional ? (
          <>
            {text[key]}
            <span className="ml-2 font-normal text-base-content/75">{text.optional}</span>
          </>
        ) : (
          text[key]
        )
      }
      hint={extra.hint}
      error={errors?.[key]?.message}
      {...form.register((name === undefined ? key : `${name}.${key}`) as Path<T>)}
      autoComplete={autoComplete[key]}
      required={!extra.optional}
    />
  );

  const fields = (
    <div className="flex flex-col gap-4">
      {field('line1', { hint: text.line1Hint })}
      {field('line2', { hint: text.line2Hint, optional: true })}
      <div className="grid gap-4 sm:grid-cols-2">
        {field('city')}
        {field('postalCode')}
      </div>
      {field('country')}
    </div>
  );

  if (legend === undefined) return fields;
  return (
    <fieldset className="flex flex-col gap-3">
      <legend className="mb-3 text-lg font-semibold">{legend}</legend>
      {fields}
    </fieldset>
  );
}
