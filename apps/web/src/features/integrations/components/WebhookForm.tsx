import type { WebhookBody, WebhookEvent } from '@axle/contract';
import {
  WEBHOOK_EVENTS,
  WEBHOOK_SIGNATURE_HEADER,
  webhookEventLabels,
} from '@axle/contract/integration-texts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { ErrorText } from '../../../components/ui/ErrorText.tsx';
import { InputField } from '../../../components/ui/Field.tsx';
import { useShopForm } from '../../../lib/form.ts';
import { createWebhook, WEBHOOKS_KEY } from '../api.ts';
import { integrationsText } from '../strings.ts';
import { Choices } from './Choices.tsx';
import { SecretPanel } from './SecretPanel.tsx';

const text = integrationsText.webhooks;
const webhookRules = () => import('../form-rules.ts').then((rules) => rules.webhookRules);

type Values = { url: string; events: WebhookEvent[] };
const blank: Values = { url: '', events: [] };
const eventChoices = WEBHOOK_EVENTS.map((event) => ({
  value: event,
  label: webhookEventLabels[event],
}));

/**
 * The form that adds an endpoint (its URL and events), and how a delivery's signature is checked.
 * The signing secret is shown once, in place of the form, until the customer has copied it.
 */
export function WebhookForm() {
  const queryClient = useQueryClient();
  const heading = useRef<HTMLHeadingElement>(null);
  const form = useShopForm<Values, WebhookBody>(webhookRules, blank);
  const { errors } = form.formState;
  const [made, setMade] = useState<{ url: string; secret: string } | null>(null);

  const create = useMutation({
    mutationFn: createWebhook,
    onSuccess: (created, body) => {
      form.reset(blank);
      setMade({ url: body.url, secret: created.secret });
      void queryClient.invalidateQueries({ queryKey: WEBHOOKS_KEY });
    },
  });

  return (
    <section aria-labelledby="webhook-add-heading" className="flex max-w-2xl flex-col gap-4">
      <h3
        id="webhook-add-heading"
        ref={heading}
        tabIndex={-1}
        className="text-xl font-semibold focus:outline-none"
      >
        {text.addHeading}
      </h3>
      {made ? (
        <SecretPanel
          heading={text.secretHeading}
          note={text.secretNote}
          label={text.secretLabel(made.url)}
          secret={made.secret}
          onDone={() => {
            setMade(null);
            heading.current?.focus();
          }}
        />
      ) : (
        <form
          noValidate
          className="flex flex-col gap-4"
          onSubmit={form.handleSubmit((body) => {
            if (!create.isPending) create.mutate(body);
          })}
        >
          <InputField
            id="webhook-url"
            label={text.url}
            hint={text.urlHint}
            error={errors.url?.message}
            type="url"
            inputMode="url"
            placeholder="https://"
            autoComplete="off"
            spellCheck={false}
            required
            {...form.register('url')}
          />
          <Choices
            id="webhook-events"
            legend={text.eventsLegend}
            options={eventChoices}
            field={form.register('events')}
            error={errors.events?.message}
          />
          {create.isError ? <ErrorText alert>{create.error.message}</ErrorText> : null}
          <div>
            <button type="submit" className="btn btn-primary" disabled={create.isPending}>
              {create.isPending ? text.busy : text.submit}
            </button>
          </div>
        </form>
      )}
      <section aria-labelledby="webhook-verify-heading" className="flex flex-col gap-2">
        <h4 id="webhook-verify-heading" className="font-semibold">
          {text.verifyHeading}
        </h4>
        <p className="text-sm text-base-content/80">
          {text.verifyHeader}{' '}
          <code className="break-all font-mono">{text.headerValue(WEBHOOK_SIGNATURE_HEADER)}</code>.{' '}
          {text.verifyHow} <code className="font-mono">{text.signed}</code> {text.verifyWith}{' '}
          {text.more}{' '}
          <a className="link" href="/api/docs">
            {integrationsText.docs}
          </a>
          .
        </p>
      </section>
    </section>
  );
}
