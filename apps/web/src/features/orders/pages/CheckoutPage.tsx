import type { CheckoutBody, Order } from '@axle/contract';
import { ORDER_NOTE_MAX, PO_NUMBER_MAX } from '@axle/contract/buying-texts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useCallback, useEffect, useId, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { BusyButton } from '../../../components/ui/BusyButton.tsx';
import { EmptyState } from '../../../components/ui/EmptyState.tsx';
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
import { CART_KEY, cartQuery, PriceSummary } from '../../cart/index.ts';
import { ITEMS_KEY } from '../../catalog/index.ts';
import { COMPANY_KEY, companyQuery } from '../../companies/index.ts';
import { checkout } from '../checkout-api.ts';
import { checkoutText as text } from '../checkout-strings.ts';
import { LinesTable } from '../components/LinesTable.tsx';
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
 * Paying on account (issue 18 #4): its choice and what the page says once an order is invoiced,
 * in a chunk of their own, loaded only for a company that pays on account (docs/decisions/008).
 */
const PaymentChoice = lazy(() =>
  import('../components/OnAccountCheckout.tsx').then((m) => ({ default: m.PaymentChoice })),
);
const PlacedOnAccount = lazy(() =>
  import('../components/OnAccountCheckout.tsx').then((m) => ({ default: m.PlacedOnAccount })),
);

/**
 * Checkout (issue 17 #2): the cart's lines as the server prices them, where the order goes (a
 * saved address or a new one), the phone, a PO number and a note; the server reserves every line
 * and answers the order, whose payment page comes next. A company that pays on account (issue 18
 * #4) may choose it instead of a card: the order is then invoiced at once (or once an owner
 * approves it, above the buyer's spending limit), and the page says so instead.
 */
export default function CheckoutPage() {
  const headingId = useId();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  // Only a signed-in customer checks out: their cart is the server's.
  const { data: cart, isPending: cartLoading } = useQuery(cartQuery);
  // A customer without a company gets null here: they pay by card, as always.
  const { data: company } = useQuery(companyQuery());
  const account = company?.account.onAccount ? company.account : null;
  const [placedOnAccount, setPlacedOnAccount] = useState<Order | null>(null);
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

  useEffect(() => {
    document.title = text.title;
  }, []);

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
        setPlacedOnAccount(order);
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

  if (placedOnAccount)
    return (
      <section aria-labelledby={headingId} className="mx-auto max-w-4xl space-y-8 px-4 py-10">
        <h1 id={headingId} className="text-3xl font-bold">
          {text.heading}
        </h1>
        <Suspense fallback={null}>
          <PlacedOnAccount order={placedOnAccount} />
        </Suspense>
      </section>
    );
  if (cartLoading || !cart) return <Spinner label={text.loading} />;
  return (
    <section aria-labelledby={headingId} className="mx-auto max-w-4xl space-y-8 px-4 py-10">
      <h1 id={headingId} className="text-3xl font-bold">
        {text.heading}
      </h1>
      {cart.lines.length === 0 ? (
        <EmptyState
          action={
            <Link to="/cart" className="btn btn-primary">
              {text.toCart}
            </Link>
          }
        >
          {text.empty}
        </EmptyState>
      ) : (
        <>
          <section aria-labelledby={`${headingId}-lines`} className="space-y-3">
            <h2 id={`${headingId}-lines`} className="text-xl font-semibold">
              {text.linesHeading}
            </h2>
            <LinesTable
              rows={cart.lines.map((line) => ({
                key: line.part._id,
                partNumber: line.part.partNumber,
                name: line.part.name,
                quantity: line.quantity,
                unitPrice: line.unitPrice,
                listPrice: line.part.price,
                total: line.lineTotal,
                notes: line.problems.map((problem) => (
                  <span key={problem.code} className="badge ms-2 h-auto badge-warning">
                    {problem.message}
                  </span>
                )),
              }))}
            />
            <PriceSummary total={cart.total} className="ms-auto max-w-sm" />
            {cart.orderable ? null : (
              <p className="space-x-3">
                <ErrorText alert>{text.notOrderable}</ErrorText>
                <Link to="/cart" className="link">
                  {text.toCart}
                </Link>
              </p>
            )}
          </section>
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
            <Field
              id="checkout-note"
              label={text.note}
              hint={text.noteHint}
              error={errors.note?.message}
            >
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
        </>
      )}
    </section>
  );
}
