import type { ApiKey } from '@axle/contract';
import { apiKeyScopeLabels } from '@axle/contract/integration-texts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { flushSync } from 'react-dom';
import { Breakable } from '../../../components/ui/Breakable.tsx';
import { ConfirmDialog } from '../../../components/ui/ConfirmDialog.tsx';
import { ErrorText } from '../../../components/ui/ErrorText.tsx';
import { FocusFieldButton } from '../../../components/ui/FocusFieldButton.tsx';
import { ListLoad } from '../../../components/ui/ListLoad.tsx';
import { toast } from '../../../lib/toast.ts';
import { API_KEYS_KEY, apiKeysQuery, revokeApiKey } from '../api.ts';
import { integrationsText } from '../strings.ts';

const text = integrationsText.keys;
const lastUsed = (key: ApiKey) =>
  key.lastUsedAt ? integrationsText.when(key.lastUsedAt) : text.never;

/**
 * The customer's API keys (never the keys themselves: how each starts), a table on a wide screen
 * and cards on a phone (CSS shows one); Revoke asks first. `onGone`: where the focus goes after a
 * revoke, the key's row being gone.
 */
export function ApiKeyList({ onGone }: { onGone: () => void }) {
  const queryClient = useQueryClient();
  const keys = useQuery(apiKeysQuery());
  const [revoking, setRevoking] = useState<ApiKey | null>(null);

  const revoke = useMutation({
    mutationFn: (key: ApiKey) => revokeApiKey(key.id),
    onSuccess: (_reply, key) => {
      toast.success(text.revoked(key.name));
      queryClient.setQueryData<ApiKey[]>(API_KEYS_KEY, (list) =>
        list?.filter((entry) => entry.id !== key.id),
      );
      flushSync(() => setRevoking(null));
      onGone();
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: API_KEYS_KEY }),
  });

  function askToRevoke(key: ApiKey) {
    revoke.reset();
    setRevoking(key);
  }

  return (
    <>
      <ListLoad
        query={keys}
        text={text}
        emptyAction={<FocusFieldButton field="api-key-name">{text.createFirst}</FocusFieldButton>}
      >
        {(list) => (
          <>
            <KeysTable keys={list} onRevoke={askToRevoke} />
            <KeyCards keys={list} onRevoke={askToRevoke} />
          </>
        )}
      </ListLoad>
      <ConfirmDialog
        open={revoking !== null}
        title={text.revokeTitle}
        confirmLabel={text.revokeConfirm}
        cancelLabel={text.keep}
        busyLabel={text.revoking}
        busy={revoke.isPending}
        danger
        onConfirm={() => {
          if (revoking) revoke.mutate(revoking);
        }}
        onCancel={() => setRevoking(null)}
      >
        {revoking ? (
          <p className="wrap-anywhere">{text.revokeBody(revoking.name, revoking.start)}</p>
        ) : null}
        {revoke.isError ? (
          <ErrorText alert className="mt-2">
            {revoke.error.message}
          </ErrorText>
        ) : null}
      </ConfirmDialog>
    </>
  );
}

type RowProps = { keys: ApiKey[]; onRevoke: (key: ApiKey) => void };

function Scopes({ apiKey }: { apiKey: ApiKey }) {
  return (
    <span className="flex flex-wrap gap-1">
      {apiKey.scopes.map((scope) => (
        <code
          key={scope}
          title={apiKeyScopeLabels[scope]}
          className="badge badge-ghost badge-sm font-mono"
        >
          {scope}
        </code>
      ))}
    </span>
  );
}

function RevokeButton({ apiKey, onRevoke }: { apiKey: ApiKey; onRevoke: (key: ApiKey) => void }) {
  return (
    <button type="button" className="btn btn-outline btn-sm" onClick={() => onRevoke(apiKey)}>
      {text.revoke}
      <span className="sr-only">{text.which(apiKey.name)}</span>
    </button>
  );
}

function KeysTable({ keys, onRevoke }: RowProps) {
  return (
    <div className="hidden overflow-x-auto rounded-box bg-base-100 ring-1 ring-base-300 md:block">
      <table className="table">
        <caption className="sr-only">{text.caption}</caption>
        <thead>
          <tr>
            <th scope="col">{text.name}</th>
            <th scope="col">{text.scopes}</th>
            <th scope="col">{text.key}</th>
            <th scope="col">{text.created}</th>
            <th scope="col">{text.lastUsed}</th>
            <th scope="col">{text.actions}</th>
          </tr>
        </thead>
        <tbody>
          {keys.map((key) => (
            <tr key={key.id}>
              <th scope="row" className="break-words font-medium">
                {key.name}
              </th>
              <td>
                <Scopes apiKey={key} />
              </td>
              <td className="font-mono text-sm">
                <Breakable text={text.starts(key.start)} />
              </td>
              <td className="whitespace-nowrap">{integrationsText.when(key.createdAt)}</td>
              <td className="whitespace-nowrap">{lastUsed(key)}</td>
              <td>
                <RevokeButton apiKey={key} onRevoke={onRevoke} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function KeyCards({ keys, onRevoke }: RowProps) {
  return (
    <ul aria-label={text.list} className="flex flex-col gap-3 md:hidden">
      {keys.map((key) => (
        <li key={key.id} className="card card-sm bg-base-100 shadow-sm ring-1 ring-base-300">
          <div className="card-body gap-2">
            <p className="break-words font-semibold">{key.name}</p>
            <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
              <dt className="font-medium">{text.key}</dt>
              <dd className="min-w-0 font-mono">
                <Breakable text={text.starts(key.start)} />
              </dd>
              <dt className="font-medium">{text.scopes}</dt>
              <dd>
                <Scopes apiKey={key} />
              </dd>
              <dt className="font-medium">{text.created}</dt>
              <dd>{integrationsText.when(key.createdAt)}</dd>
              <dt className="font-medium">{text.lastUsed}</dt>
              <dd>{lastUsed(key)}</dd>
            </dl>
            <div>
              <RevokeButton apiKey={key} onRevoke={onRevoke} />
            </div>
          </div>
        </li>
      ))}
    </ul>
  );
}
