import { useQuery } from '@tanstack/react-query';
import type { FieldError } from 'react-hook-form';
import { ErrorText } from '../../../components/ui/ErrorText.tsx';
import { controlClass, Field, InputField } from '../../../components/ui/Field.tsx';
import { categoriesQuery } from '../../catalog/index.ts';
import { catalogueText } from '../catalogue-strings.ts';
import type { PartFormApi } from '../part-form-values.ts';
import { useRows } from '../rows.ts';

const text = catalogueText;
type Form = PartFormApi;

/** The category tree as options: "Brakes › Brake pads", in the tree's order. */
function useCategoryOptions() {
  const tree = useQuery(categoriesQuery());
  const byId = new Map((tree.data ?? []).map((category) => [category.id, category]));
  const pathOf = (id: string): string[] => {
    const names: string[] = [];
    for (let at = byId.get(id); at && names.length < 20; at = byId.get(at.parentId ?? ''))
      names.unshift(at.name);
    return names;
  };
  const options = (tree.data ?? [])
    .map((category) => ({ id: category.id, label: pathOf(category.id).join(' › ') }))
    .sort((a, b) => a.label.localeCompare(b.label));
  return { options, loaded: tree.isSuccess, failed: tree.isError };
}

/** Another brand's numbers for the part (OE numbers, cross-references): rows added and removed. */
function BrandNumbers({ form, name }: { form: Form; name: 'oeNumbers' | 'crossReferences' }) {
  const rows = useRows(form, name);
  const words = text[name];
  const errors = form.formState.errors[name];
  return (
    <fieldset className="flex flex-col gap-3 rounded-box border border-base-300 p-4">
      <legend className="px-1 text-sm font-medium">{words.legend}</legend>
      {rows.rows.length === 0 ? <p className="text-sm">{words.none}</p> : null}
      {rows.rows.map((_, index) => (
        // A row is its place in the list (its inputs are registered by index).
        <div key={index} className="grid items-end gap-2 sm:grid-cols-[1fr_1fr_auto]">
          <InputField
            id={`part-${name}-${index}-brand`}
            label={words.brand(index + 1)}
            error={errors?.[index]?.brand?.message}
            {...form.register(`${name}.${index}.brand`)}
            maxLength={60}
          />
          <InputField
            id={`part-${name}-${index}-number`}
            label={words.number(index + 1)}
            error={errors?.[index]?.number?.message}
            {...form.register(`${name}.${index}.number`)}
            maxLength={40}
          />
          <button type="button" className="btn btn-ghost" onClick={() => rows.remove(index)}>
            {words.remove(index + 1)}
          </button>
        </div>
      ))}
      <ListError error={errors?.root ?? (errors as FieldError | undefined)} />
      <button
        type="button"
        className="btn btn-outline btn-sm self-start"
        onClick={() => rows.append({ brand: '', number: '' })}
      >
        {words.add}
      </button>
    </fieldset>
  );
}

/** A list's own message (too many rows), apart from its rows' field messages. */
function ListError({ error }: { error: FieldError | undefined }) {
  return error?.message ? <ErrorText alert>{error.message}</ErrorText> : null;
}

/** The part's specifications: name, value and unit, rows added and removed. */
function Attributes({ form }: { form: Form }) {
  const rows = useRows(form, 'attributes');
  const words = text.attributes;
  const errors = form.formState.errors.attributes;
  return (
    <fieldset className="flex flex-col gap-3 rounded-box border border-base-300 p-4">
      <legend className="px-1 text-sm font-medium">{words.legend}</legend>
      {rows.rows.length === 0 ? <p className="text-sm">{words.none}</p> : null}
      {rows.rows.map((_, index) => (
        // A row is its place in the list (its inputs are registered by index).
        <div key={index} className="grid items-end gap-2 sm:grid-cols-[1fr_1fr_6rem_auto]">
          <InputField
            id={`part-attribute-${index}-name`}
            label={words.name(index + 1)}
            error={errors?.[index]?.name?.message}
            {...form.register(`attributes.${index}.name`)}
            maxLength={60}
          />
          <InputField
            id={`part-attribute-${index}-value`}
            label={words.value(index + 1)}
            error={errors?.[index]?.value?.message}
            {...form.register(`attributes.${index}.value`)}
            maxLength={120}
          />
          <InputField
            id={`part-attribute-${index}-unit`}
            label={words.unit(index + 1)}
            error={errors?.[index]?.unit?.message}
            {...form.register(`attributes.${index}.unit`)}
            maxLength={20}
          />
          <button type="button" className="btn btn-ghost" onClick={() => rows.remove(index)}>
            {words.remove(index + 1)}
          </button>
        </div>
      ))}
      <ListError error={errors?.root ?? (errors as FieldError | undefined)} />
      <button
        type="button"
        className="btn btn-outline btn-sm self-start"
        onClick={() => rows.append({ name: '', value: '', unit: '' })}
      >
        {words.add}
      </button>
    </fieldset>
  );
}

/**
 * The catalogue's fields of the part form (issue 16 #7): part number, brand, category, weight,
 * OE numbers, cross-references and specifications. (The vehicles it fits: `FitmentField`.)
 */
export default function CatalogueFields({ form }: { form: Form }) {
  const { errors } = form.formState;
  const categories = useCategoryOptions();
  return (
    <>
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
      <Attributes form={form} />
    </>
  );
}
