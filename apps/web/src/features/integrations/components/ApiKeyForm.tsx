import type { ApiKeyBody, ApiKeyScope } from '@axle/contract';
import {
  API_KEY_PREFIX,
  API_KEY_SCOPES,
  apiKeyScopeLabels,
} from '@axle/contract/integration-texts';
import { Breakable } from '../../../components/ui/Breakable.tsx';
import { InputField } from '../../../components/ui/Field.tsx';
import { API_KEYS_KEY, createApiKey } from '../api.ts';
import { integrationsText } from '../strings.ts';
import { Choices } from './Choices.tsx';
import { SecretForm } from './SecretForm.tsx';

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
  return (
    <SecretForm
      id="api-key-create"
      heading={text.createHeading}
      intro={
        <p className="text-base-content/80">
          {text.usage}{' '}
          <code className="font-mono">
            <Breakable text={text.header(API_KEY_PREFIX)} />
          </code>
          . {text.docsBefore}{' '}
          <a className="link" href="/api/docs">
            {integrationsText.docs}
          </a>
          .
        </p>
      }
      rules={apiKeyRules}
      blank={blank}
      create={createApiKey}
      listKey={API_KEYS_KEY}
      shown={(created, body: ApiKeyBody) => ({
        heading: text.newHeading,
        note: text.newNote,
        label: text.newLabel(body.name),
        secret: created.key,
      })}
      submit={text.submit}
      busy={text.busy}
      fields={(form) => (
        <>
          <InputField
            id="api-key-name"
            label={text.nameLabel}
            hint={text.nameHint}
            error={form.formState.errors.name?.message}
            autoComplete="off"
            required
            {...form.register('name')}
          />
          <Choices
            id="api-key-scopes"
            legend={text.scopesLegend}
            options={scopeChoices}
            field={form.register('scopes')}
            error={form.formState.errors.scopes?.message}
          />
        </>
      )}
    />
  );
}
