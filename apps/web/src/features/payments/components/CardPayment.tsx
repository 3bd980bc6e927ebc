import type { Order } from '@axle/contract';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { ErrorText } from '../../../components/ui/ErrorText.tsx';
import { Spinner } from '../../../components/ui/Spinner.tsx';
import { useOneAtATimeMutation } from '../../../lib/idempotent-mutation.ts';
import { shopConfigQuery } from '../../../lib/shop-config.ts';
import { catalogStrings } from '../../catalog/index.ts';
import { paymentIntentQuery, recordPayment } from '../api.ts';
import { paymentsText as text } from '../strings.ts';
import type { Confirm } from './cardForm.ts';
import { SampleCard } from './SampleCard.tsx';
import { SandboxCardForm } from './SandboxCardForm.tsx';

// Stripe's packages load only in Stripe mode, and only here (a chunk of their own).
const StripeCardForm = lazy(() => import('./StripeCardForm.tsx'));

type CardPaymentProps = {
  order: Pick<Order, '_id' | 'partsId' | 'totalPrice' | 'approval'>;
  /** The order as the server recorded it, paid. */
  onPaid: (order: Order) => void;
};

/**
 * The payment of an unpaid order: the card form, or, for a company buyer's order that awaits an
 * owner's approval (issue 18), why it cannot be paid yet (the server would refuse its intent).
 */
export function CardPayment({ order, onPaid }: CardPaymentProps) {
  if (order.approval === 'awaiting') return <AwaitingApproval />;
  return <PayByCard order={order} onPaid={onPaid} />;
}

function AwaitingApproval() {
  return (
    <section
      aria-labelledby="card-payment-heading"
      className="card bg-base-100 shadow ring-1 ring-base-300"
    >
      <div className="card-body gap-4">
        <h2 id="card-payment-heading" className="card-title">
          {text.heading}
        </h2>
        <p className="rounded-box border border-warning bg-warning/10 p-4">
          {text.awaitingApproval}
        </p>
      </div>
    </section>
  );
}

/**
 * SPEC §4 'Payment flow': the intent is asked for on load (and when the total changes); Pay waits
 * for its client secret; the card is confirmed with the provider, then the server records the
 * payment after checking it with the provider. A failure shows the provider's words in red and
 * Pay is usable again.
 */
function PayByCard({ order, onPaid }: CardPaymentProps) {
  const config = useQuery(shopConfigQuery());
  // One attempt per visit of the page: its retries are answered the first reply.
  const [intentKey] = useState(() => crypto.randomUUID());
  const intent = useQuery(paymentIntentQuery(order._id, order.totalPrice, intentKey));
  // One payment at a time: a double click on Pay confirms the card once.
  const pay = useOneAtATimeMutation({
    mutationFn: async (confirm: Confirm) =>
      recordPayment(order._id, { partsId: order.partsId, transaction: await confirm() }),
    onSuccess: onPaid,
  });

  const clientSecret = intent.data?.clientSecret ?? null;
  const formProps = {
    clientSecret,
    amount: intent.data?.amount ?? null,
    busy: pay.isPending,
    onPay: (c: Confirm) => pay.mutate(c),
  };
  const problem = config.error ?? intent.error;

  return (
    <section
      aria-labelledby="card-payment-heading"
      className="card bg-base-100 shadow ring-1 ring-base-300"
    >
      <div className="card-body gap-5">
        <h2 id="card-payment-heading" className="card-title">
          {text.heading}
        </h2>
        <SampleCard />
        {intent.data ? <p>{text.charge(catalogStrings.formatPrice(intent.data.amount))}</p> : null}
        {config.data === undefined ? (
          config.isPending ? (
            <Spinner label={text.preparing} />
          ) : null
        ) : config.data.payments.provider === 'stripe' ? (
          <Suspense fallback={<Spinner label={text.preparing} />}>
            <StripeCardForm {...formProps} publishableKey={config.data.payments.publishableKey} />
          </Suspense>
        ) : (
          <>
            <p className="text-sm text-base-content/80">{text.sandboxNote}</p>
            <SandboxCardForm {...formProps} />
          </>
        )}
        {intent.isPending && config.data ? <Spinner size="sm" label={text.preparing} /> : null}
        {problem ? (
          <div className="flex flex-wrap items-center gap-3">
            <ErrorText alert className="text-base">
              {problem.message}
            </ErrorText>
            <button
              type="button"
              className="btn btn-sm"
              onClick={() => {
                if (config.error) void config.refetch();
                if (intent.error) void intent.refetch();
              }}
            >
              {text.retry}
            </button>
          </div>
        ) : null}
        {pay.error ? (
          <ErrorText alert className="text-base">
            {pay.error.message}
          </ErrorText>
        ) : null}
      </div>
    </section>
  );
}
