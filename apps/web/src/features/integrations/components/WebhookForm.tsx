import type { WebhookBody, WebhookEvent } from '@axle/contract';
import {
  WEBHOOK_EVENTS,
  WEBHOOK_SIGNATURE_HEADER,
  webhookEventLabels,
} from '@axle/contract/integration-texts';
import { Breakable } from '../../../components/ui/Breakable.tsx';
import { InputField } from '../../../components/ui/Field.tsx';
import { createWebhook, WEBHOOKS_KEY } from '../api.ts';
import { integrationsText } from '../strings.ts';
import { Choices } from './Choices.tsx';
import { SecretForm } from './SecretForm.tsx';

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
  return (
    <SecretForm
      id="webhook-add"
      heading={text.addHeading}
      rules={webhookRules}
      blank={blank}
      create={createWebhook}
      listKey={WEBHOOKS_KEY}
      shown={(created, body: WebhookBody) => ({
        heading: text.secretHeading,
        note: text.secretNote,
        label: text.secretLabel(body.url),
        secret: created.secret,
      })}
      submit={text.submit}
      busy={text.busy}
      fields={(form) => (
        <>
          <InputField
            id="webhook-url"
            label={text.url}
            hint={text.urlHint}
            error={form.formState.errors.url?.message}
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
            error={form.formState.errors.events?.message}
          />
        </>
      )}
      after={
        <section aria-labelledby="webhook-verify-heading" className="flex flex-col gap-2">
          <h4 id="webhook-verify-heading" className="text-lg font-semibold">
            {text.verifyHeading}
          </h4>
          <p className="text-sm text-base-content/80">
            {text.verifyHeader}{' '}
            <code className="font-mono">
              <Breakable text={text.headerValue(WEBHOOK_SIGNATURE_HEADER)} />
            </code>
            . {text.verifyHow} <code className="font-mono">{text.signed}</code> {text.verifyWith}{' '}
            {text.more}{' '}
            <a className="link" href="/api/docs">
              {integrationsText.docs}
            </a>
            .
          </p>
        </section>
      }
    />
  );
}
