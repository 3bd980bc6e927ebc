import type { PartBody } from '@axle/contract';
import { partImagePattern, UPLOAD_IMAGE_MAX_BYTES, UPLOAD_IMAGE_TYPES } from '@axle/contract/texts';
import { useQueryClient } from '@tanstack/react-query';
import { type ChangeEvent, lazy, Suspense, useEffect, useRef, useState } from 'react';
import { BusyButton } from '../../../components/ui/BusyButton.tsx';
import { ErrorText } from '../../../components/ui/ErrorText.tsx';
import { controlClass, Field, InputField } from '../../../components/ui/Field.tsx';
import { Spinner } from '../../../components/ui/Spinner.tsx';
import { useShopForm } from '../../../lib/form.ts';
import { useOneAtATimeMutation } from '../../../lib/idempotent-mutation.ts';
import { toast } from '../../../lib/toast.ts';
import { ITEMS_KEY } from '../../catalog/index.ts';
import { addPart, editPart, type Part, uploadImage } from '../api.ts';
import type { PartFormApi, PartFormOutput, PartFormValues } from '../part-form-values.ts';
import { productsText as text } from '../strings.ts';

const ID = 'part';
const FORM_ID = 'part-form';
// The catalogue's fields and the vehicle picker come when the form is shown, in chunks of their
// own: with them the page's first JavaScript was over its 118 KB budget.
const CatalogueFields = lazy(() => import('./CatalogueFields.tsx'));
const FitmentField = lazy(() => import('./FitmentField.tsx'));
const ACCEPT = Object.keys(UPLOAD_IMAGE_TYPES).join(',');
const partRules = () => import('../form-rules.ts').then((r) => r.partRules);

/** The picture a file input holds, checked before it is sent (the server checks it again). */
function pictureProblem(file: File): string | null {
  if (!(file.type in UPLOAD_IMAGE_TYPES)) return text.wrongType;
  if (file.size > UPLOAD_IMAGE_MAX_BYTES) return text.tooBig;
  return null;
}

type Props = {
  /** The part being edited, or null to add a new one. */
  editing: Part | null;
  /** After a save or a cancelled edit: the page shows an empty form again. */
  onDone: () => void;
};

/** The vehicles a form's rows fit, as the body sends them: to tell whether they were changed. */
const fitmentKey = (rows: { vehicleId: string; note: string | null }[]) =>
  JSON.stringify(rows.map((row) => [row.vehicleId, row.note?.trim() || null]));

/**
 * Add a Product's form: name, description, a picture (uploaded, or a path on this site), stock,
 * minimum, price and volume prices, and the catalogue's fields (part number, brand, category,
 * weight, other brands' numbers, specifications and the vehicles it fits), checked with the same
 * rules as the server before anything is sent. An edit starts from the part as it is now
 * (`EditPartForm`).
 */
export function PartForm({ editing, values, onDone }: Props & { values: PartFormValues }) {
  const queryClient = useQueryClient();
  const [pictureError, setPictureError] = useState<string | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const form: PartFormApi = useShopForm(partRules, values);
  const { errors } = form.formState;
  const fitmentAtStart = useRef(fitmentKey(values.fitment));

  // Choosing a part to edit brings its form into view and focus.
  const editedId = editing?._id;
  useEffect(() => {
    if (editedId) heading.current?.focus();
  }, [editedId]);

  // A warehouse's stock saved beside the form (issue 32 #2) moves the part's available quantity,
  // their sum: the field shows the new sum, as the part is now.
  const available = editing?.availableQuantity;
  useEffect(() => {
    if (available !== undefined)
      form.resetField('availableQuantity', { defaultValue: String(available) });
  }, [form, available]);

  const upload = useOneAtATimeMutation({
    mutationFn: uploadImage,
    onSuccess: ({ img }) => {
      // As if typed: checked again once the form has been submitted.
      form.setValue('img', img, { shouldValidate: form.formState.isSubmitted });
      toast.success(text.uploaded);
    },
  });

  const save = useOneAtATimeMutation({
    mutationFn: async ({ fitment, ...rest }: PartFormOutput) => {
      // An edit sends the vehicles only when they were changed: left out, the part keeps its own.
      const changed = !editing || fitmentKey(fitment) !== fitmentAtStart.current;
      const body: PartBody = changed ? { ...rest, fitment } : rest;
      if (editing) await editPart(editing._id, editing.version, body);
      else await addPart(body);
    },
    onError: () => {
      // A stale edit (409): the list below shows the part as it is now, to be chosen again.
      void queryClient.invalidateQueries({ queryKey: ITEMS_KEY });
    },
    onSuccess: (_, body) => {
      toast.success(editing ? text.saved(body.name) : text.added(body.name));
      // The home page, /parts and the list below all read the catalogue under this key.
      void queryClient.invalidateQueries({ queryKey: ITEMS_KEY });
      onDone();
    },
  });

  function choosePicture(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    upload.reset();
    const problem = file ? pictureProblem(file) : null;
    setPictureError(problem);
    if (!file || problem) {
      event.target.value = '';
      return;
    }
    upload.mutate(file);
  }

  const img = form.watch('img');
  const preview = partImagePattern.test(img) ? img : null;
  const busy = save.isPending || upload.isPending;

  return (
    <section aria-labelledby="part-form-heading" className="flex max-w-2xl flex-col gap-4">
      <h3
        id="part-form-heading"
        ref={heading}
        tabIndex={-1}
        className="text-xl font-semibold outline-none"
      >
        {editing ? text.editHeading(editing.name) : text.addHeading}
      </h3>
      {editing ? null : <p className="text-sm text-base-content/80">{text.intro}</p>}
      <form
        id={FORM_ID}
        noValidate
        className="flex flex-col gap-4"
        onSubmit={form.handleSubmit((body) => {
          if (!upload.isPending) save.mutate(body);
        })}
      >
        <InputField
          id={`${ID}-name`}
          label={text.name}
          error={errors.name?.message}
          {...form.register('name')}
          required
          maxLength={120}
        />
        <Field
          id={`${ID}-description`}
          label={text.description}
          error={errors.description?.message}
        >
          {(control) => (
            <textarea
              {...control}
              {...form.register('description')}
              required
              rows={4}
              maxLength={2000}
              className={controlClass('textarea', errors.description?.message)}
            />
          )}
        </Field>

        <fieldset className="flex flex-col gap-3 rounded-box border border-base-300 p-4">
          <legend className="px-1 text-sm font-medium">{text.picture}</legend>
          <p id={`${ID}-picture-hint`} className="text-sm text-base-content/80">
            {text.pictureHint}
          </p>
          <div className="flex flex-wrap items-center gap-4">
            <div className="flex flex-col gap-1">
              <label htmlFor={`${ID}-file`} className="text-sm font-medium">
                {text.upload}
              </label>
              <input
                id={`${ID}-file`}
                type="file"
                accept={ACCEPT}
                aria-describedby={`${ID}-picture-hint`}
                className="file-input w-full max-w-xs"
                onChange={choosePicture}
                disabled={busy}
              />
            </div>
            {upload.isPending ? <Spinner label={text.uploading} /> : null}
            {preview ? (
              <img
                src={preview}
                alt={text.preview}
                width={120}
                height={80}
                className="h-20 w-30 rounded-box border border-base-300 object-cover"
              />
            ) : null}
          </div>
          {pictureError ? <ErrorText alert>{pictureError}</ErrorText> : null}
          {upload.error ? <ErrorText alert>{upload.error.message}</ErrorText> : null}
          <InputField
            id={`${ID}-img`}
            label={text.imagePath}
            error={errors.img?.message}
            hint={text.imagePathHint}
            {...form.register('img')}
            maxLength={300}
          />
        </fieldset>

        <div className="grid gap-4 sm:grid-cols-3">
          <InputField
            id={`${ID}-availableQuantity`}
            label={text.availableQuantity}
            error={errors.availableQuantity?.message}
            hint={text.quantityHint}
            {...form.register('availableQuantity')}
            inputMode="numeric"
            required
          />
          <InputField
            id={`${ID}-minimumQuantity`}
            label={text.minimumQuantity}
            error={errors.minimumQuantity?.message}
            hint={text.quantityHint}
            {...form.register('minimumQuantity')}
            inputMode="numeric"
            required
          />
          <InputField
            id={`${ID}-price`}
            label={text.price}
            error={errors.price?.message}
            hint={text.priceHint}
            {...form.register('price')}
            inputMode="decimal"
            required
          />
        </div>

        <Suspense fallback={<Spinner label={text.loadingCatalogueFields} />}>
          <CatalogueFields form={form} />
        </Suspense>
      </form>
      {/* Outside the form: the vehicle picker is a form of its own. */}
      <Suspense fallback={<Spinner label={text.loadingVehiclePicker} />}>
        <FitmentField form={form} />
      </Suspense>

      {save.error ? <ErrorText alert>{save.error.message}</ErrorText> : null}
      <div className="flex flex-wrap gap-2">
        <BusyButton
          type="submit"
          form={FORM_ID}
          className="btn btn-primary"
          busy={save.isPending}
          busyLabel={editing ? text.saving : text.adding}
          // A picture on its way: the part waits for its path.
          disabled={upload.isPending}
        >
          {editing ? text.save : text.add}
        </BusyButton>
        {editing ? (
          <button type="button" className="btn btn-ghost" onClick={onDone}>
            {text.cancelEdit}
          </button>
        ) : null}
      </div>
    </section>
  );
}
