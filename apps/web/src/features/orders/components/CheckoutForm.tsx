import type { CartReply, CheckoutBody, Company, Order } from '@axle/contract';
import { ORDER_NOTE_MAX, PO_NUMBER_MAX } from '@axle/contract/buying-texts';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useCallback } from 'react';
import { useNavigate } from 'react-router';
import { BusyButton } from '../../../components/ui/BusyButton.tsx';
import { ErrorText } from '../../../components/ui/ErrorText.tsx';
import { controlClass, Field, InputField } from '../../../components/ui/Field.tsx';
import { Spinner } from '../../../components/ui/Spinner.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { showServerErrors, useShopForm } from '../../../lib/form.ts';
import { useIdempotentMutation } from '../../../lib/idempotent-mutation.ts';
import { prefetchPage } from '../../../lib/route-prefetch.ts';
import { toast } from '../../../lib/toast.ts';
import {
  LazyAddressFields as AddressFields,
  AddressPicker,
  type AddressValues,
  blankAddress,
  NEW_ADDRESS,
} from '../../addresses/index.ts';
import { CART_KEY } from '../../cart/index.ts';
import { ITEMS_KEY } from '../../catalog/index.ts';
import { COMPANY_KEY } from '../../companies/index.ts';
import { checkout } from '../checkout-api.ts';
import { checkoutText as text } from '../checkout-strings.ts';
import { ORDERS_KEY } from '../keys.ts';

type Values = {
  addressId: string;
  address: AddressValues;
  tel: string;
  poNumber: string;
  note: string;
  payment: 'card' | 'account';
};

const blank: Values = {
  addressId: '',
  address: blankAddress,
  tel: '',
  poNumber: '',
  note: '',
  payment: 'card',
};
const checkoutRules = () => import('../form-rules.ts').then((rules) => rules.checkoutRules);

/*
 * Paying on account (issue 18 #4): its choice, in a chunk of its own, loaded only for a company
 * that pays on account (docs/decisions/008).
 */
const PaymentChoice = lazy(() =>
  import('./OnAccountCheckout.tsx').then((m) => ({ default: m.PaymentChoice })),
);

type CheckoutFormProps = {
  cart: CartReply;
  /** The company's account when it pays on account (a choice beside the card); null otherwise. */
  account: Company['account'] | null;
  /** An order invoiced on the company's account: the page says so instead of the payment page. */
  onPlacedOnAccount: (order: Order) => void;
};

/**
 * Checkout's form (issue 17 #2): where the order goes (a saved address or a new one), the phone, a
 * PO number and a note, and for a company that pays on account the choice of card or account. The
 * server reserves every line and answers the order, whose payment page comes next; a retry of the
 * same attempt goes with the same Idempotency-Key.
 */
export default function CheckoutForm({ cart, account, onPlacedOnAccount }: CheckoutFormProps) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const form = useShopForm<Values, CheckoutBody>(checkoutRules, blank);
  const { errors } = form.formState;
  const addressId = form.watch('addressId');
  const newAddress = addressId === NEW_ADDRESS;
  // The picker chooses the default address itself: a stable function, so it does so once.
  const { setValue } = form;
  const pickAddress = useCallback(
    (id: string) => setValue('addressId', id, { shouldValidate: form.formState.isSubmitted }),
    [setValue, form.formState.isSubmitted],
  );

  const place = useIdempotentMutation({
    mutationFn: checkout,
    onSuccess: ({ insertedId, order }) => {
      // The cart is empty now and the stock went down.
      void queryClient.invalidateQueries({ queryKey: CART_KEY });
      void queryClient.invalidateQueries({ queryKey: ITEMS_KEY });
      void queryClient.invalidateQueries({ queryKey: ORDERS_KEY });
      // On account there is no card to take: the page says how the order is invoiced.
      if (order.onAccount) {
        void queryClient.invalidateQueries({ queryKey: COMPANY_KEY });
        onPlacedOnAccount(order);
        return;
      }
      // Above a company buyer's spending limit the order waits for an owner (issue 18).
      if (order.approval === 'awaiting') toast.info(text.placedAwaiting);
      else toast.success(text.placed);
      void prefetchPage(`/payment/${insertedId}`);
      void navigate(`/payment/${insertedId}`);
    },
    // Refused values go beside their fields; only what fits no field is said above the button.
    onError: (error) => {
      if (showServerErrors(form, error)) place.reset();
    },
  });
  const failure = place.error instanceof ApiError ? place.error.message : text.failed;

  return (
    <form
      noValidate
      className="space-y-6"
      onSubmit={form.handleSubmit(({ payment, ...body }) => {
        // The account is chosen only while the company still pays on account.
        if (!place.isPending) place.mutate(account && payment ? { ...body, payment } : body);
      })}
    >
      <AddressPicker
        legend={text.shipTo}
        offerNew
        value={addressId}
        onChange={pickAddress}
        error={errors.addressId?.message}
      />
      {newAddress ? (
        // Its fields load when a new address is chosen (docs/decisions/008).
        <Suspense fallback={<Spinner />}>
          <AddressFields
            form={form}
            name="address"
            idPrefix="checkout-address"
            legend={text.newAddress}
          />
        </Suspense>
      ) : null}
      <InputField
        id="checkout-tel"
        label={text.phone}
        type="tel"
        autoComplete="tel"
        error={errors.tel?.message}
        {...form.register('tel')}
      />
      <InputField
        id="checkout-po"
        label={text.poNumber}
        hint={text.poHint}
        maxLength={PO_NUMBER_MAX}
        error={errors.poNumber?.message}
        {...form.register('poNumber')}
      />
      <Field id="checkout-note" label={text.note} hint={text.noteHint} error={errors.note?.message}>
        {(control) => (
          <textarea
            {...control}
            {...form.register('note')}
            rows={3}
            maxLength={ORDER_NOTE_MAX}
            className={controlClass('textarea', errors.note?.message)}
          />
        )}
      </Field>
      {account ? (
        <Suspense fallback={null}>
          <PaymentChoice field={form.register('payment')} account={account} />
        </Suspense>
      ) : null}
      {place.isError ? <ErrorText alert>{failure}</ErrorText> : null}
      <BusyButton
        type="submit"
        className="btn btn-primary"
        busy={place.isPending}
        busyLabel={text.busy}
        disabled={!cart.orderable}
      >
        {text.submit}
      </BusyButton>
    </form>
  );
}
