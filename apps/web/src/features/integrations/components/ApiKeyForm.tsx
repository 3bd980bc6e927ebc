import type { ApiKeyBody, ApiKeyScope } from '@axle/contract';
import {
  API_KEY_PREFIX,
  API_KEY_SCOPES,
  apiKeyScopeLabels,
} from '@axle/contract/integration-texts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { ErrorText } from '../../../components/ui/ErrorText.tsx';
import { InputField } from '../../../components/ui/Field.tsx';
import { useShopForm } from '../../../lib/form.ts';
import { API_KEYS_KEY, createApiKey } from '../api.ts';
import { integrationsText } from '../strings.ts';
import { Choices } from './Choices.tsx';
import { SecretPanel } from './SecretPanel.tsx';

const text = integrationsText.keys;
const apiKeyRules = () => import('../form-rules.ts').then((rules) => rules.apiKeyRules);

type Values = { name: string; scopes: ApiKeyScope[] };
const blank: Values = { name: '', scopes: [] };
const scopeChoices = API_KEY_SCOPES.map((scope) => ({
  value: scope,
  label: apiKeyScopeLabels[scope],
}));

/**
 * How a key is used, and the form that makes one: its name and scopes. The key made is shown once,
 * in place of the form, until the customer says they have copied it.
 */
export function ApiKeyForm() {
  const queryClient = useQueryClient();
  const heading = useRef<HTMLHeadingElement>(null);
  const form = useShopForm<Values, ApiKeyBody>(apiKeyRules, blank);
  const { errors } = form.formState;
  const [made, setMade] = useState<{ name: string; key: string } | null>(null);

  const create = useMutation({
    mutationFn: createApiKey,
    onSuccess: (created, body) => {
      form.reset(blank);
      setMade({ name: body.name, key: created.key });
      void queryClient.invalidateQueries({ queryKey: API_KEYS_KEY });
    },
  });

  return (
    <section aria-labelledby="api-key-create-heading" className="flex max-w-2xl flex-col gap-4">
      <h3
        id="api-key-create-heading"
        ref={heading}
        tabIndex={-1}
        className="text-xl font-semibold focus:outline-none"
      >
        {text.createHeading}
      </h3>
      <p className="text-base-content/80">
        {text.usage} <code className="break-all font-mono">{text.header(API_KEY_PREFIX)}</code>.{' '}
        {text.docsBefore}{' '}
        <a className="link" href="/api/docs">
          {integrationsText.docs}
        </a>
        .
      </p>
      {made ? (
        <SecretPanel
          heading={text.newHeading}
          note={text.newNote}
          label={text.newLabel(made.name)}
          secret={made.key}
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
            id="api-key-name"
            label={text.nameLabel}
            hint={text.nameHint}
            error={errors.name?.message}
            autoComplete="off"
            required
            {...form.register('name')}
          />
          <Choices
            id="api-key-scopes"
            legend={text.scopesLegend}
            options={scopeChoices}
            field={form.register('scopes')}
            error={errors.scopes?.message}
          />
          {create.isError ? <ErrorText alert>{create.error.message}</ErrorText> : null}
          <div>
            <button type="submit" className="btn btn-primary" disabled={create.isPending}>
              {create.isPending ? text.busy : text.submit}
            </button>
          </div>
        </form>
      )}
    </section>
  );
}
