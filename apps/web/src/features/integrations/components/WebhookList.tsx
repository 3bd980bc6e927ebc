import type { WebhookEndpoint } from '@axle/contract';
import { webhookEventLabels } from '@axle/contract/integration-texts';
import { type UseQueryResult, useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { flushSync } from 'react-dom';
import { Breakable } from '../../../components/ui/Breakable.tsx';
import { ConfirmDialog } from '../../../components/ui/ConfirmDialog.tsx';
import { ErrorText } from '../../../components/ui/ErrorText.tsx';
import { FocusFieldButton } from '../../../components/ui/FocusFieldButton.tsx';
import { ListLoad } from '../../../components/ui/ListLoad.tsx';
import { toast } from '../../../lib/toast.ts';
import { deleteWebhook, WEBHOOKS_KEY } from '../api.ts';
import { integrationsText } from '../strings.ts';

const text = integrationsText.webhooks;

type WebhookListProps = {
  endpoints: UseQueryResult<WebhookEndpoint[]>;
  /** The endpoint whose deliveries are shown, if any. */
  selected: string | null;
  /** Shows (or, for the one shown, hides) an endpoint's deliveries. */
  onSelect: (endpoint: WebhookEndpoint) => void;
  /** After a delete: where the focus goes, the endpoint's card being gone. */
  onGone: (endpoint: WebhookEndpoint) => void;
};

/**
 * The customer's webhook endpoints, one card each with its events, the deliveries still to be made
 * and the last one made; Deliveries shows an endpoint's deliveries, Delete asks first.
 */
export function WebhookList({ endpoints, selected, onSelect, onGone }: WebhookListProps) {
  const queryClient = useQueryClient();
  const [deleting, setDeleting] = useState<WebhookEndpoint | null>(null);

  const remove = useMutation({
    mutationFn: (endpoint: WebhookEndpoint) => deleteWebhook(endpoint.id),
    onSuccess: (_reply, endpoint) => {
      toast.success(text.deleted(endpoint.url));
      queryClient.setQueryData<WebhookEndpoint[]>(WEBHOOKS_KEY, (list) =>
        list?.filter((entry) => entry.id !== endpoint.id),
      );
      queryClient.removeQueries({ queryKey: [...WEBHOOKS_KEY, endpoint.id] });
      flushSync(() => setDeleting(null));
      onGone(endpoint);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: WEBHOOKS_KEY, exact: true }),
  });

  return (
    <>
      <ListLoad
        query={endpoints}
        text={text}
        emptyAction={<FocusFieldButton field="webhook-url">{text.addFirst}</FocusFieldButton>}
      >
        {(list) => (
          <ul aria-label={text.list} className="flex flex-col gap-3">
            {list.map((endpoint) => (
              <li key={endpoint.id}>
                <EndpointCard
                  endpoint={endpoint}
                  shown={endpoint.id === selected}
                  onSelect={() => onSelect(endpoint)}
                  onDelete={() => {
                    remove.reset();
                    setDeleting(endpoint);
                  }}
                />
              </li>
            ))}
          </ul>
        )}
      </ListLoad>
      <ConfirmDialog
        open={deleting !== null}
        title={text.deleteTitle}
        confirmLabel={text.deleteConfirm}
        cancelLabel={text.keep}
        busyLabel={text.deleting}
        busy={remove.isPending}
        danger
        onConfirm={() => {
          if (deleting) remove.mutate(deleting);
        }}
        onCancel={() => setDeleting(null)}
      >
        {deleting ? <p className="wrap-anywhere">{text.deleteBody(deleting.url)}</p> : null}
        {remove.isError ? (
          <ErrorText alert className="mt-2">
            {remove.error.message}
          </ErrorText>
        ) : null}
      </ConfirmDialog>
    </>
  );
}

type EndpointCardProps = {
  endpoint: WebhookEndpoint;
  shown: boolean;
  onSelect: () => void;
  onDelete: () => void;
};

function EndpointCard({ endpoint, shown, onSelect, onDelete }: EndpointCardProps) {
  return (
    <article
      aria-label={endpoint.url}
      className={`card card-sm bg-base-100 shadow-sm ring-1 ${shown ? 'ring-primary' : 'ring-base-300'}`}
    >
      <div className="card-body gap-3">
        <p className="font-mono text-sm font-semibold">
          <Breakable text={endpoint.url} />
        </p>
        <dl className="grid grid-cols-[auto_1fr] items-start gap-x-4 gap-y-1 text-sm">
          <dt className="font-medium">{text.events}</dt>
          <dd className="flex flex-wrap gap-1">
            {endpoint.events.map((event) => (
              <code
                key={event}
                title={webhookEventLabels[event]}
                className="badge badge-ghost badge-sm font-mono"
              >
                {event}
              </code>
            ))}
          </dd>
          <dt className="font-medium">{text.pending}</dt>
          <dd>{endpoint.pending}</dd>
          <dt className="font-medium">{text.lastDelivery}</dt>
          <dd>
            {endpoint.lastDeliveryAt ? integrationsText.when(endpoint.lastDeliveryAt) : text.none}
          </dd>
          <dt className="font-medium">{text.added}</dt>
          <dd>{integrationsText.when(endpoint.createdAt)}</dd>
        </dl>
        <div className="card-actions">
          <button
            type="button"
            className={`btn btn-sm ${shown ? 'btn-primary' : 'btn-outline'}`}
            aria-pressed={shown}
            onClick={onSelect}
          >
            {text.showDeliveries}
            <span className="sr-only">{text.deliveriesOf(endpoint.url)}</span>
          </button>
          <button type="button" className="btn btn-outline btn-sm" onClick={onDelete}>
            {text.delete}
            <span className="sr-only">{text.which(endpoint.url)}</span>
          </button>
        </div>
      </div>
    </article>
  );
}
