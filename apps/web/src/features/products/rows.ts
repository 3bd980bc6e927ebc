import type { PartFormApi, PartFormValues } from './part-form-values.ts';

type ListName = 'oeNumbers' | 'crossReferences' | 'attributes' | 'fitment' | 'priceTiers';

/**
 * A list of rows of the part form (volume prices, OE numbers, specifications, vehicles): the rows
 * it holds, and adding or removing one. Each row's inputs are registered by index
 * (`oeNumbers.0.number`).
 * Not react-hook-form's useFieldArray: it would add 1.5 KB gzipped to the form library's chunk,
 * which every form page loads (pages' budget 118 KB), for lists this short.
 */
export function useRows<Name extends ListName>(form: PartFormApi, name: Name) {
  const rows = form.watch(name) as PartFormValues[Name];
  const set = (next: PartFormValues[Name]) =>
    form.setValue(name, next as never, {
      shouldDirty: true,
      shouldValidate: form.formState.isSubmitted,
    });
  return {
    rows,
    append: (row: PartFormValues[Name][number]) => set([...rows, row] as PartFormValues[Name]),
    remove: (index: number) => set(rows.filter((_, at) => at !== index) as PartFormValues[Name]),
  };
}
