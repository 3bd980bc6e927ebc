import { COMPANY_PRICES_MAX } from '@axle/contract/company-texts';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, type RefObject, useEffect, useId, useRef, useState } from 'react';
import type { FieldError, FieldPath, UseFormReturn } from 'react-hook-form';
import { BusyButton } from '../../../components/ui/BusyButton.tsx';
import { ConfirmDialog } from '../../../components/ui/ConfirmDialog.tsx';
import { ErrorText } from '../../../components/ui/ErrorText.tsx';
import { controlClass, Field, InputField } from '../../../components/ui/Field.tsx';
import { useShopForm } from '../../../lib/form.ts';
import { useOneAtATimeMutation } from '../../../lib/idempotent-mutation.ts';
import { formatPrice } from '../../../lib/money.ts';
import { toast } from '../../../lib/toast.ts';
import { AUDIT_LOG_KEY } from '../../admin/index.ts';
import { useCategoryOptions } from '../../catalog/index.ts';
import {
  type AdminCompanyDetail,
  type CompanyPriceList,
  type CompanyPriceListBody,
  companyPricesQuery,
  setCompanyPrices,
} from '../api.ts';
import type { CompanyPricesValues } from '../form-rules.ts';
import { adminCompaniesText } from '../strings.ts';

const text = adminCompaniesText.prices;
const pricesRules = () => import('../form-rules.ts').then((rules) => rules.companyPricesRules);

/**
 * A row: its fields side by side on a wider screen, their tops level (a message below one field
 * leaves the others where they are), the remove button level with the inputs below the labels.
 */
const rowGrid = 'grid items-start gap-2 sm:grid-cols-[minmax(0,1fr)_12rem_auto]';
const removeButton = 'btn btn-ghost justify-self-start sm:mt-6';

type Form = UseFormReturn<CompanyPricesValues, unknown, CompanyPriceListBody>;
type ListName = keyof CompanyPricesValues;

/** The form's rows as the price list stands: amounts as text, prices to the cent. */
const valuesOf = (list: CompanyPriceList): CompanyPricesValues => ({
  categories: list.categories.map((line) => ({
    categoryId: line.categoryId,
    percentOff: String(line.percentOff),
  })),
  parts: list.parts.map((line) => ({ partNumber: line.partNumber, price: line.price.toFixed(2) })),
});

/** A part number as the catalogue matches it: its letters and digits, whatever the spelling. */
const numberKey = (partNumber: string) => partNumber.toUpperCase().replace(/[^0-9A-Z]/g, '');

/** The saved prices a list to save leaves out, in words: what saving it would remove. */
function removedBy(saved: CompanyPriceList, body: CompanyPriceListBody): string[] {
  const categories = new Set(body.categories.map((line) => line.categoryId));
  const parts = new Set(body.parts.map((line) => numberKey(line.partNumber)));
  return [
    ...saved.categories
      .filter((line) => !categories.has(line.categoryId))
      .map((line) => text.removedDiscount(line.name, text.percentText(line.percentOff))),
    ...saved.parts
      .filter((line) => !parts.has(numberKey(line.partNumber)))
      .map((line) => text.removedFixed(line.partNumber, line.name, formatPrice(line.price))),
  ];
}

/**
 * The admin replaces a company's price list (issue 18 #5): adds or removes percentages off by
 * category and fixed prices by part number, checked with the server's rules, then saves the
 * whole list at once; a save that removes saved prices names them and asks first. The server's
 * refusal (a part number it does not know) shows in the form.
 */
export function CompanyPricesForm({
  company,
  list,
}: {
  company: AdminCompanyDetail;
  list: CompanyPriceList;
}) {
  const queryClient = useQueryClient();
  const form = useShopForm(pricesRules, valuesOf(list));
  const [removing, setRemoving] = useState<{
    body: CompanyPriceListBody;
    removed: string[];
  } | null>(null);

  const save = useOneAtATimeMutation({
    mutationFn: (body: CompanyPriceListBody) => setCompanyPrices(company._id, body),
    onSuccess: (saved) => {
      queryClient.setQueryData(companyPricesQuery(company._id).queryKey, saved);
      form.reset(valuesOf(saved));
      toast.success(text.saved(company.legalName));
    },
    onSettled: () => {
      setRemoving(null);
      void queryClient.invalidateQueries({ queryKey: AUDIT_LOG_KEY });
    },
  });

  return (
    <form
      noValidate
      aria-labelledby="company-prices-form-heading"
      className="flex flex-col gap-4"
      onSubmit={form.handleSubmit((body) => {
        const removed = removedBy(list, body);
        if (removed.length > 0) setRemoving({ body, removed });
        else save.mutate(body);
      })}
    >
      <Discounts form={form} />
      <FixedPrices form={form} />
      {save.error ? <ErrorText alert>{save.error.message}</ErrorText> : null}
      <div>
        <BusyButton
          type="submit"
          className="btn btn-primary"
          busy={save.isPending}
          busyLabel={text.saving}
        >
          {text.save}
        </BusyButton>
      </div>
      <ConfirmDialog
        open={removing !== null}
        title={text.removeTitle(company.legalName)}
        confirmLabel={text.removeConfirm}
        cancelLabel={text.keepEditing}
        busyLabel={text.saving}
        busy={save.isPending}
        danger
        onConfirm={() => {
          if (removing) save.mutate(removing.body);
        }}
        onCancel={() => setRemoving(null)}
      >
        {removing ? (
          <div className="flex flex-col gap-2">
            <p>{text.removeBody(removing.removed.length)}</p>
            <ul className="list-disc pl-6">
              {removing.removed.map((line) => (
                <li key={line} className="[overflow-wrap:anywhere]">
                  {line}
                </li>
              ))}
            </ul>
          </div>
        ) : null}
      </ConfirmDialog>
    </form>
  );
}

/**
 * A list of the form's rows, and adding or removing one; each row's fields are registered by
 * index (`parts.0.price`). Not react-hook-form's useFieldArray, like the part form's lists (it
 * would add to the form library's chunk that every form page loads). A row added takes the focus
 * in its first field; a row removed gives it to the list's Add button.
 */
function useRows<Name extends ListName>(form: Form, name: Name, firstField: string) {
  const rows = form.watch(name) as CompanyPricesValues[Name];
  const addButton = useRef<HTMLButtonElement>(null);
  const [focus, setFocus] = useState<'added' | 'removed' | null>(null);
  useEffect(() => {
    if (focus === 'added')
      form.setFocus(`${name}.${rows.length - 1}.${firstField}` as FieldPath<CompanyPricesValues>);
    if (focus === 'removed') addButton.current?.focus();
    if (focus) setFocus(null);
  }, [focus, form, name, firstField, rows.length]);
  const set = (next: CompanyPricesValues[Name]) =>
    form.setValue(name, next as never, {
      shouldDirty: true,
      shouldValidate: form.formState.isSubmitted,
    });
  return {
    rows,
    addButton,
    full: rows.length >= COMPANY_PRICES_MAX,
    append: (row: CompanyPricesValues[Name][number]) => {
      set([...rows, row] as CompanyPricesValues[Name]);
      setFocus('added');
    },
    remove: (index: number) => {
      set(rows.filter((_, at) => at !== index) as CompanyPricesValues[Name]);
      setFocus('removed');
    },
  };
}

type RowErrors<Row> =
  | (Record<number, { [Key in keyof Row]?: FieldError } | undefined> & FieldError)
  | undefined;

/** A list of rows with its legend, its hint, what it says when empty and its Add button. */
function RowList(props: {
  words: { legend: string; hint: string; none: string; add: string };
  count: number;
  /** A list's own message (too many rows), apart from its rows' field messages. */
  error: FieldError | undefined;
  rows: { addButton: RefObject<HTMLButtonElement | null>; full: boolean };
  onAdd: () => void;
  /** Said in place of the rows while what they need is loading (the Add button waits too). */
  waiting?: string | undefined;
  children: ReactNode;
}) {
  const { words, rows } = props;
  const hintId = useId();
  return (
    <fieldset
      aria-describedby={hintId}
      className="flex min-w-0 flex-col gap-3 rounded-box border border-base-300 p-3 sm:p-4"
    >
      <legend className="px-1 text-sm font-medium">{words.legend}</legend>
      <p id={hintId} className="text-xs text-base-content/75">
        {words.hint}
      </p>
      {props.waiting ? (
        <p className="text-sm">{props.waiting}</p>
      ) : props.count === 0 ? (
        <p className="text-sm">{words.none}</p>
      ) : (
        props.children
      )}
      {props.error?.message ? <ErrorText alert>{props.error.message}</ErrorText> : null}
      <button
        ref={rows.addButton}
        type="button"
        className="btn btn-outline btn-sm self-start"
        disabled={rows.full || Boolean(props.waiting)}
        onClick={props.onAdd}
      >
        {words.add}
      </button>
    </fieldset>
  );
}

/** Percentages off by category: a category chosen from the tree and how much off. */
function Discounts({ form }: { form: Form }) {
  const words = text.discounts;
  const rows = useRows(form, 'categories', 'categoryId');
  const categories = useCategoryOptions();
  const errors = form.formState.errors.categories as RowErrors<{
    categoryId: string;
    percentOff: string;
  }>;
  return (
    <RowList
      words={words}
      count={rows.rows.length}
      error={errors?.root ?? errors}
      rows={rows}
      onAdd={() => rows.append({ categoryId: '', percentOff: '' })}
      // The rows wait for the tree: a row's select comes before its percentage, for the focus on
      // the first refused field too.
      waiting={categories.loading ? text.loadingCategories : undefined}
    >
      {rows.rows.map((_, index) => {
        const categoryError =
          errors?.[index]?.categoryId?.message ??
          (categories.failed ? text.categoriesFailed : undefined);
        // Registered only with its options (a select without the saved category among them would
        // take the first one in its place), and before the percentage: the first refused field
        // takes the focus in the order they were registered.
        const category = categories.loaded ? form.register(`categories.${index}.categoryId`) : null;
        return (
          // A row is its place in the list (its fields are registered by index).
          <div key={index} className={rowGrid}>
            <Field
              id={`prices-categories-${index}-categoryId`}
              label={words.category(index + 1)}
              error={categoryError}
            >
              {(control) =>
                category ? (
                  <select
                    {...control}
                    {...category}
                    className={controlClass('select', categoryError)}
                  >
                    <option value="">{text.chooseCategory}</option>
                    {categories.options.map((option) => (
                      <option key={option.id} value={option.id}>
                        {option.label}
                      </option>
                    ))}
                  </select>
                ) : (
                  <select {...control} disabled className={controlClass('select', categoryError)}>
                    <option>{text.chooseCategory}</option>
                  </select>
                )
              }
            </Field>
            <InputField
              id={`prices-categories-${index}-percentOff`}
              label={words.percentOff(index + 1)}
              error={errors?.[index]?.percentOff?.message}
              inputMode="decimal"
              autoComplete="off"
              {...form.register(`categories.${index}.percentOff`)}
            />
            <button type="button" className={removeButton} onClick={() => rows.remove(index)}>
              {words.remove(index + 1)}
            </button>
          </div>
        );
      })}
    </RowList>
  );
}

/** Fixed prices by part number, in any spelling. */
function FixedPrices({ form }: { form: Form }) {
  const words = text.fixed;
  const rows = useRows(form, 'parts', 'partNumber');
  const errors = form.formState.errors.parts as RowErrors<{ partNumber: string; price: string }>;
  return (
    <RowList
      words={words}
      count={rows.rows.length}
      error={errors?.root ?? errors}
      rows={rows}
      onAdd={() => rows.append({ partNumber: '', price: '' })}
    >
      {rows.rows.map((_, index) => (
        // A row is its place in the list (its fields are registered by index).
        <div key={index} className={rowGrid}>
          <InputField
            id={`prices-parts-${index}-partNumber`}
            label={words.partNumber(index + 1)}
            error={errors?.[index]?.partNumber?.message}
            autoComplete="off"
            spellCheck={false}
            className="font-mono"
            {...form.register(`parts.${index}.partNumber`)}
          />
          <InputField
            id={`prices-parts-${index}-price`}
            label={words.price(index + 1)}
            error={errors?.[index]?.price?.message}
            inputMode="decimal"
            autoComplete="off"
            {...form.register(`parts.${index}.price`)}
          />
          <button type="button" className={removeButton} onClick={() => rows.remove(index)}>
            {words.remove(index + 1)}
          </button>
        </div>
      ))}
    </RowList>
  );
}
