import type { PartBody } from '@axle/contract';
import { partImagePattern, UPLOAD_IMAGE_MAX_BYTES, UPLOAD_IMAGE_TYPES } from '@axle/contract/texts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ChangeEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { ErrorText } from '../../../components/ui/ErrorText.tsx';
import { Spinner } from '../../../components/ui/Spinner.tsx';
import { toast } from '../../../lib/toast.ts';
import { useZodForm } from '../../../lib/useZodForm.ts';
import { ITEMS_KEY } from '../../catalog/index.ts';
import { addPart, editPart, type Part, uploadImage } from '../api.ts';
import { productsText as text } from '../strings.ts';

const ID = 'part';
const ACCEPT = Object.keys(UPLOAD_IMAGE_TYPES).join(',');
const partRules = () => import('../form-rules.ts').then((r) => r.partRules);

const blank = {
  name: '',
  description: '',
  img: '',
  availableQuantity: '',
  minimumQuantity: '',
  price: '',
};

function valuesOf(part: Part | null): typeof blank {
  if (!part) return blank;
  return {
    name: part.name,
    description: part.description,
    img: part.img ?? '',
    availableQuantity: String(part.availableQuantity),
    minimumQuantity: String(part.minimumQuantity),
    price: part.price.toFixed(2),
  };
}

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

/**
 * Add a Product's form: name, description, a picture (uploaded, or a path on this site), stock,
 * minimum and price, checked with the same rules as the server before anything is sent.
 */
export function PartForm({ editing, onDone }: Props) {
  const queryClient = useQueryClient();
  const [pictureError, setPictureError] = useState<string | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const { values, errors, field, setValue, handleSubmit } = useZodForm(
    partRules,
    valuesOf(editing),
  );

  // Choosing a part to edit brings its form into view and focus.
  useEffect(() => {
    if (editing) heading.current?.focus();
  }, [editing]);

  const upload = useMutation({
    mutationFn: uploadImage,
    onSuccess: ({ img }) => {
      setValue('img', img);
      toast.success(text.uploaded);
    },
  });

  const save = useMutation({
    mutationFn: async (body: PartBody) => {
      if (editing) await editPart(editing._id, body);
      else await addPart(body);
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

  const preview = partImagePattern.test(values.img) ? values.img : null;
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
        noValidate
        className="flex flex-col gap-4"
        onSubmit={handleSubmit((body) => {
          if (!busy) save.mutate(body);
        })}
      >
        <Field label={text.name} id={`${ID}-name`} error={errors.name}>
          <input {...field('name', ID)} required maxLength={120} className={input(errors.name)} />
        </Field>
        <Field label={text.description} id={`${ID}-description`} error={errors.description}>
          <textarea
            {...field('description', ID)}
            required
            rows={4}
            maxLength={2000}
            className={`textarea w-full ${errors.description ? 'textarea-error' : ''}`}
          />
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
          {upload.isError ? <ErrorText alert>{upload.error.message}</ErrorText> : null}
          <Field
            label={text.imagePath}
            id={`${ID}-img`}
            error={errors.img}
            hint={text.imagePathHint}
          >
            <input {...field('img', ID)} maxLength={300} className={input(errors.img)} />
          </Field>
        </fieldset>

        <div className="grid gap-4 sm:grid-cols-3">
          <Field
            label={text.availableQuantity}
            id={`${ID}-availableQuantity`}
            error={errors.availableQuantity}
            hint={text.quantityHint}
          >
            <input
              {...field('availableQuantity', ID)}
              inputMode="numeric"
              required
              className={input(errors.availableQuantity)}
            />
          </Field>
          <Field
            label={text.minimumQuantity}
            id={`${ID}-minimumQuantity`}
            error={errors.minimumQuantity}
            hint={text.quantityHint}
          >
            <input
              {...field('minimumQuantity', ID)}
              inputMode="numeric"
              required
              className={input(errors.minimumQuantity)}
            />
          </Field>
          <Field label={text.price} id={`${ID}-price`} error={errors.price} hint={text.priceHint}>
            <input
              {...field('price', ID)}
              inputMode="decimal"
              required
              className={input(errors.price)}
            />
          </Field>
        </div>

        {save.isError ? <ErrorText alert>{save.error.message}</ErrorText> : null}
        <div className="flex flex-wrap gap-2">
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {editing
              ? save.isPending
                ? text.saving
                : text.save
              : save.isPending
                ? text.adding
                : text.add}
          </button>
          {editing ? (
            <button type="button" className="btn btn-ghost" onClick={onDone}>
              {text.cancelEdit}
            </button>
          ) : null}
        </div>
      </form>
    </section>
  );
}

const input = (error: string | undefined) => `input w-full ${error ? 'input-error' : ''}`;

/** A label, the control, an optional hint and the field's message. */
function Field({
  label,
  id,
  error,
  hint,
  children,
}: {
  label: string;
  id: string;
  error: string | undefined;
  hint?: string;
  children: ReactNode;
}) {
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      {children}
      {hint ? <p className="text-xs text-base-content/75">{hint}</p> : null}
      {error ? <ErrorText id={`${id}-error`}>{error}</ErrorText> : null}
    </div>
  );
}
