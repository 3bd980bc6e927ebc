import type { WebhookEndpoint } from '@axle/contract';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Spinner } from '../../../components/ui/Spinner.tsx';
import { dashboardText } from '../../dashboard/index.ts';
import { webhooksQuery } from '../api.ts';
import { Deliveries } from '../components/Deliveries.tsx';
import { WebhookList } from '../components/WebhookList.tsx';
import { integrationsText } from '../strings.ts';

const text = integrationsText.webhooks;

/** The form in a chunk of its own, fetched as the page is shown (docs/decisions/008). */
const WebhookForm = lazy(() =>
  import('../components/WebhookForm.tsx').then((m) => ({ default: m.WebhookForm })),
);

/**
 * The dashboard's Webhooks (issue 19 #4): the customer's endpoints for order events, each with its
 * deliveries (the endpoint shown is kept in the page's address); a new endpoint's signing secret is
 * shown once, as it is added.
 */
export default function WebhooksPage() {
  const heading = useRef<HTMLHeadingElement>(null);
  const endpoints = useQuery(webhooksQuery());
  const [params, setParams] = useSearchParams();
  const selected = params.get('endpoint');
  const shown = endpoints.data?.find((endpoint) => endpoint.id === selected);
  // Whether the customer chose the endpoint here: its deliveries then take the focus.
  const [chosen, setChosen] = useState(false);

  function show(endpoint: WebhookEndpoint | null) {
    const updated = new URLSearchParams(params);
    if (endpoint) updated.set('endpoint', endpoint.id);
    else updated.delete('endpoint');
    setParams(updated, { replace: true });
  }

  return (
    <section aria-labelledby="webhooks-heading" className="flex flex-col gap-8">
      <title>{text.title}</title>
      <div className="flex flex-col gap-2">
        <h2
          id="webhooks-heading"
          ref={heading}
          tabIndex={-1}
          className="text-2xl font-bold focus:outline-none sm:text-3xl"
        >
          {dashboardText.webhooks}
        </h2>
        <p className="max-w-3xl text-base-content/80">{text.intro}</p>
      </div>
      <WebhookList
        endpoints={endpoints}
        selected={shown?.id ?? null}
        onSelect={(endpoint) => {
          setChosen(true);
          show(endpoint.id === shown?.id ? null : endpoint);
        }}
        onGone={(endpoint) => {
          if (endpoint.id === shown?.id) show(null);
          heading.current?.focus();
        }}
      />
      {shown ? (
        <Deliveries
          key={shown.id}
          endpoint={shown}
          focus={chosen}
          onHide={() => {
            show(null);
            heading.current?.focus();
          }}
        />
      ) : null}
      <Suspense fallback={<Spinner className="self-start" />}>
        <WebhookForm />
      </Suspense>
    </section>
  );
}
