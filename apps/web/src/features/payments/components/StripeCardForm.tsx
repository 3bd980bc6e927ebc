/**
 * Stripe mode only, and only on the payment page: this module (Stripe.js's loader and React
 * Elements) is a chunk of its own, fetched when GET /api/config names Stripe. Stripe.js itself
 * comes from Stripe's host, as Stripe requires.
 */
import { CardElement, Elements, useElements, useStripe } from '@stripe/react-stripe-js';
import { loadStripe, type Stripe } from '@stripe/stripe-js';
import { type FormEvent, use, useMemo } from 'react';
import { ErrorText } from '../../../components/ui/ErrorText.tsx';
import { paymentsText as text } from '../strings.ts';
import type { CardFormProps } from './cardForm.ts';
import { PayButton } from './PayButton.tsx';

/**
 * One Stripe.js instance per publishable key for the life of the page, as Stripe advises; null
 * when Stripe's script cannot be fetched (offline, blocked).
 */
const instances = new Map<string, Promise<Stripe | null>>();
function stripeFor(publishableKey: string): Promise<Stripe | null> {
  let instance = instances.get(publishableKey);
  if (!instance) {
    instance = loadStripe(publishableKey).catch(() => null);
    instances.set(publishableKey, instance);
  }
  return instance;
}

type StripeCardFormProps = CardFormProps & { publishableKey: string };

/** Suspends (the payment shows its spinner) until Stripe.js has loaded. */
export default function StripeCardForm({ publishableKey, ...props }: StripeCardFormProps) {
  const stripe = use(stripeFor(publishableKey));
  if (!stripe) {
    return (
      <ErrorText alert className="text-base">
        {text.stripeUnavailable}
      </ErrorText>
    );
  }
  return (
    <Elements stripe={stripe}>
      <CardForm {...props} />
    </Elements>
  );
}

function CardForm({ clientSecret, amount, busy, onPay }: CardFormProps) {
  const stripe = useStripe();
  const elements = useElements();
  // The card field is an iframe: it cannot read the theme's CSS, so it gets the page's colours.
  const style = useMemo(() => {
    const main = document.querySelector('main') ?? document.body;
    const color = getComputedStyle(main).color;
    return { base: { color, iconColor: color, fontSize: '16px' } };
  }, []);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!stripe || !elements || !clientSecret || busy) return;
    onPay(async () => {
      const card = elements.getElement(CardElement);
      if (!card) throw new Error(text.incompleteNumber);
      const { error, paymentIntent } = await stripe.confirmCardPayment(clientSecret, {
        payment_method: { card },
      });
      if (error) throw new Error(error.message ?? text.loadFailed);
      return paymentIntent.id;
    });
  }

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      <fieldset className="flex flex-col gap-1">
        <legend className="mb-1 text-sm font-medium">{text.stripeCard}</legend>
        <div className="input w-full items-center">
          <CardElement className="w-full" options={{ style }} />
        </div>
      </fieldset>
      <PayButton ready={clientSecret !== null && stripe !== null} busy={busy} amount={amount} />
    </form>
  );
}
