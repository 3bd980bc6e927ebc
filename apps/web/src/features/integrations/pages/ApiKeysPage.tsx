import { lazy, Suspense, useRef } from 'react';
import { Spinner } from '../../../components/ui/Spinner.tsx';
import { dashboardText } from '../../dashboard/index.ts';
import { ApiKeyList } from '../components/ApiKeyList.tsx';
import { integrationsText } from '../strings.ts';

const text = integrationsText.keys;

/*
 * The form comes in a chunk of its own, fetched as the page is shown: with it the form pattern and
 * the contract's scopes, which live beside its schemas (and zod), stay out of the page's first load
 * (docs/decisions/008).
 */
const ApiKeyForm = lazy(() =>
  import('../components/ApiKeyForm.tsx').then((m) => ({ default: m.ApiKeyForm })),
);

/**
 * The dashboard's API keys (issue 19 #3): the customer's keys for their own purchasing system,
 * each revocable; a new key is shown once, as it is made.
 */
export default function ApiKeysPage() {
  const heading = useRef<HTMLHeadingElement>(null);
  return (
    <section aria-labelledby="api-keys-heading" className="flex flex-col gap-8">
      <title>{text.title}</title>
      <div className="flex flex-col gap-2">
        <h2
          id="api-keys-heading"
          ref={heading}
          tabIndex={-1}
          className="text-2xl font-bold focus:outline-none sm:text-3xl"
        >
          {dashboardText.apiKeys}
        </h2>
        <p className="max-w-3xl text-base-content/80">{text.intro}</p>
      </div>
      <ApiKeyList onGone={() => heading.current?.focus()} />
      <Suspense fallback={<Spinner className="self-start" />}>
        <ApiKeyForm />
      </Suspense>
    </section>
  );
}
