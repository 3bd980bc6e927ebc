import { type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useRef, useState } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { BusyButton } from '../../../components/ui/BusyButton.tsx';
import { ErrorText } from '../../../components/ui/ErrorText.tsx';
import { useShopForm } from '../../../lib/form.ts';
import { SecretPanel } from './SecretPanel.tsx';

/** What the panel says of what was just made, and the secret it shows once. */
type Shown = { heading: string; note: string; label: string; secret: string };

type SecretFormProps<Values extends FieldValues, Body, Made> = {
  /** Prefix of the section's heading id. */
  id: string;
  heading: string;
  /** Words before the form (and the panel), and after them. */
  intro?: ReactNode;
  after?: ReactNode;
  rules: Parameters<typeof useShopForm<Values, Body>>[0];
  blank: Values;
  create: (body: Body) => Promise<Made>;
  /** The list that shows what was made, asked again once it is. */
  listKey: QueryKey;
  shown: (made: Made, body: Body) => Shown;
  submit: string;
  busy: string;
  fields: (form: UseFormReturn<Values, unknown, Body>) => ReactNode;
};

/**
 * The form that makes something with a secret shown once (an API key, a webhook's signing
 * secret): on success the secret replaces the form, with Copy, until the customer says they have
 * copied it; then the form comes back, empty, and the focus goes to its heading.
 */
export function SecretForm<Values extends FieldValues, Body, Made>({
  id,
  heading,
  intro,
  after,
  rules,
  blank,
  create,
  listKey,
  shown,
  submit,
  busy,
  fields,
}: SecretFormProps<Values, Body, Made>) {
  const queryClient = useQueryClient();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const form = useShopForm<Values, Body>(rules, blank);
  const [made, setMade] = useState<Shown | null>(null);

  const mutation = useMutation({
    mutationFn: create,
    onSuccess: (created, body) => {
      form.reset(blank);
      setMade(shown(created, body));
      void queryClient.invalidateQueries({ queryKey: listKey });
    },
  });

  return (
    <section aria-labelledby={`${id}-heading`} className="flex max-w-2xl flex-col gap-4">
      <h3
        id={`${id}-heading`}
        ref={headingRef}
        tabIndex={-1}
        className="text-xl font-semibold focus:outline-none"
      >
        {heading}
      </h3>
      {intro}
      {made ? (
        <SecretPanel
          {...made}
          onDone={() => {
            setMade(null);
            headingRef.current?.focus();
          }}
        />
      ) : (
        <form
          noValidate
          className="flex flex-col gap-4"
          onSubmit={form.handleSubmit((body) => {
            if (!mutation.isPending) mutation.mutate(body);
          })}
        >
          {fields(form)}
          {mutation.isError ? <ErrorText alert>{mutation.error.message}</ErrorText> : null}
          <div>
            <BusyButton
              type="submit"
              className="btn btn-primary"
              busy={mutation.isPending}
              busyLabel={busy}
            >
              {submit}
            </BusyButton>
          </div>
        </form>
      )}
      {after}
    </section>
  );
}
