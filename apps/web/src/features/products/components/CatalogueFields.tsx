import { type HTMLAttributes, useId } from 'react';
import type { FieldError, FieldPath } from 'react-hook-form';
import { ErrorText } from '../../../components/ui/ErrorText.tsx';
import { controlClass, Field, InputField } from '../../../components/ui/Field.tsx';
import { useCategoryOptions } from '../../catalog/index.ts';
import { catalogueText } from '../catalogue-strings.ts';
import type { PartFormApi, PartFormValues } from '../part-form-values.ts';
import { useRows } from '../rows.ts';

const text = catalogueText;
type Form = PartFormApi;

type TextRows = 'oeNumbers' | 'crossReferences' | 'attributes' | 'priceTiers';
type Column = {
  key: string;
  label: (row: number) => string;
  maxLength: number;
  inputMode?: HTMLAttributes<HTMLInputElement>['inputMode'];
};

/** A list's own message (too many rows), apart from its rows' field messages. */
function ListError({ error }: { error: FieldError | undefined }) {
  return error?.message ? <ErrorText alert>{error.message}</ErrorText> : null;
}

/**
 * A list of rows of text fields (volume prices, OE numbers, cross-references, specifications):
 * each row its labelled fields and a button to remove it, and a button to add one.
 */
function TextRowsField(props: {
  form: Form;
  name: TextRows;
  words: {
    legend: string;
    /** What the list takes, below its legend. */
    hint?: string;
    none: string;
    add: string;
    remove: (row: number) => string;
  };
  columns: Column[];
  /** The grid of a row on a larger screen: its fields, then the remove button. */
  grid: string;
}) {
  const { form, name, words, columns } = props;
  const rows = useRows(form, name);
  const hintId = useId();
  const errors = form.formState.errors[name] as
    | (Record<number, Record<string, FieldError | undefined> | undefined> & FieldError)
    | undefined;
  return (
    <fieldset
      className="flex flex-col gap-3 rounded-box border border-base-300 p-4"
      aria-describedby={words.hint ? hintId : undefined}
    >
      <legend className="px-1 text-sm font-medium">{words.legend}</legend>
      {words.hint ? (
        <p id={hintId} className="text-xs text-base-content/75">
          {words.hint}
        </p>
      ) : null}
      {rows.rows.length === 0 ? <p className="text-sm">{words.none}</p> : null}
      {rows.rows.map((_, index) => (
        // A row is its place in the list (its inputs are registered by index).
        <div key={index} className={`grid items-end gap-2 ${props.grid}`}>
          {columns.map((column) => (
            <InputField
              key={column.key}
              id={`part-${name}-${index}-${column.key}`}
              label={column.label(index + 1)}
              error={errors?.[index]?.[column.key]?.message}
              {...form.register(`${name}.${index}.${column.key}` as FieldPath<PartFormValues>)}
              maxLength={column.maxLength}
              inputMode={column.inputMode}
            />
          ))}
          <button type="button" className="btn btn-ghost" onClick={() => rows.remove(index)}>
            {words.remove(index + 1)}
          </button>
        </div>
      ))}
      <ListError error={errors?.root ?? errors} />
      <button
        type="button"
        className="btn btn-outline btn-sm self-start"
        onClick={() =>
          rows.append(Object.fromEntries(columns.map((column) => [column.key, ''])) as never)
        }
      >
        {words.add}
      </button>
    </fieldset>
  );
}

/** Another brand's numbers for the part: the OE numbers or the cross-references. */
function BrandNumbers({ form, name }: { form: Form; name: 'oeNumbers' | 'crossReferences' }) {
  const words = text[name];
  return (
    <TextRowsField
      form={form}
      name={name}
      words={words}
      grid="sm:grid-cols-[1fr_1fr_auto]"
      columns={[
        { key: 'brand', label: words.brand, maxLength: 60 },
        { key: 'number', label: words.number, maxLength: 40 },
      ]}
    />
  );
}

/**
 * The catalogue's fields of the part form (issue 16 #7): volume prices (issue 17 #6, beside the
 * price above), part number, the part it is replaced by, whether it takes backorders (issue 32 #3),
 * its core charge and return window (issue 32 #4), brand, category, weight, OE numbers,
 * cross-references and specifications. (The vehicles it fits: `FitmentField`.)
 */
export default function CatalogueFields({ form }: { form: Form }) {
  const { errors } = form.formState;
  const categories = useCategoryOptions();
  return (
    <>
      <TextRowsField
        form={form}
        name="priceTiers"
        words={text.priceTiers}
        grid="sm:grid-cols-[1fr_1fr_auto]"
        columns={[
          {
            key: 'minQuantity',
            label: text.priceTiers.minQuantity,
            maxLength: 7,
            inputMode: 'numeric',
          },
          { key: 'price', label: text.priceTiers.price, maxLength: 10, inputMode: 'decimal' },
        ]}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <InputField
          id="part-partNumber"
          label={text.partNumber}
          hint={text.partNumberHint}
          error={errors.partNumber?.message}
          {...form.register('partNumber')}
          maxLength={40}
        />
        <InputField
          id="part-supersededBy"
          label={text.supersededBy}
          hint={text.supersededByHint}
          error={errors.supersededBy?.message}
          {...form.register('supersededBy')}
          maxLength={40}
        />
        <div className="sm:col-span-2">
          <Field
            id="part-allowBackorder"
            label={text.allowBackorder}
            hint={text.allowBackorderHint}
            error={errors.allowBackorder?.message}
          >
            {(control) => (
              <input
                type="checkbox"
                className="checkbox checkbox-primary"
                {...control}
                {...form.register('allowBackorder')}
              />
            )}
          </Field>
        </div>
        <InputField
          id="part-coreCharge"
          label={text.coreCharge}
          hint={text.coreChargeHint}
          error={errors.coreCharge?.message}
          {...form.register('coreCharge')}
          inputMode="decimal"
        />
        <InputField
          id="part-coreReturnDays"
          label={text.coreReturnDays}
          hint={text.coreReturnDaysHint}
          error={errors.coreReturnDays?.message}
          {...form.register('coreReturnDays')}
          inputMode="numeric"
        />
        <InputField
          id="part-brand"
          label={text.brand}
          hint={text.brandHint}
          error={errors.brand?.message}
          {...form.register('brand')}
          maxLength={60}
        />
        <Field
          id="part-categoryId"
          label={text.category}
          error={
            errors.categoryId?.message ?? (categories.failed ? text.categoriesFailed : undefined)
          }
        >
          {(control) =>
            // Registered once its options are there: a select without the part's category among
            // its options would hand the form an empty value.
            categories.loaded ? (
              <select
                {...control}
                {...form.register('categoryId')}
                className={controlClass('select', errors.categoryId?.message)}
              >
                <option value="">{text.noCategory}</option>
                {categories.options.map((option) => (
                  <option key={option.id} value={option.id}>
                    {option.label}
                  </option>
                ))}
              </select>
            ) : (
              <select {...control} disabled className={controlClass('select', undefined)}>
                <option>{text.loadingCategories}</option>
              </select>
            )
          }
        </Field>
        <InputField
          id="part-weightKg"
          label={text.weight}
          hint={text.weightHint}
          error={errors.weightKg?.message}
          {...form.register('weightKg')}
          inputMode="decimal"
        />
      </div>
      <BrandNumbers form={form} name="oeNumbers" />
      <BrandNumbers form={form} name="crossReferences" />
      <TextRowsField
        form={form}
        name="attributes"
        words={text.attributes}
        grid="sm:grid-cols-[1fr_1fr_6rem_auto]"
        columns={[
          { key: 'name', label: text.attributes.name, maxLength: 60 },
          { key: 'value', label: text.attributes.value, maxLength: 120 },
          { key: 'unit', label: text.attributes.unit, maxLength: 20 },
        ]}
      />
    </>
  );
}
