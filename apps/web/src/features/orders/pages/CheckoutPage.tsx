import type { Order } from '@axle/contract';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useId, useState } from 'react';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/ui/EmptyState.tsx';
import { ErrorText } from '../../../components/ui/ErrorText.tsx';
import { Spinner } from '../../../components/ui/Spinner.tsx';
import { cartQuery, PriceSummary } from '../../cart/index.ts';
import { companyQuery } from '../../companies/index.ts';
import { backorderText } from '../../warehouses/index.ts';
import { checkoutText as text } from '../checkout-strings.ts';
import { LinesTable } from '../components/LinesTable.tsx';
import { coreLineTexts } from '../core-strings.ts';

/*
 * What the page says once an order is invoiced on account (issue 18 #4), in a chunk of its own,
 * loaded only then (docs/decisions/008).
 */
const PlacedOnAccount = lazy(() =>
  import('../components/OnAccountCheckout.tsx').then((m) => ({ default: m.PlacedOnAccount })),
);

/*
 * The form, with the form library under it, arrives just after the lines and what they cost are
 * shown: the page's first JavaScript stays within its budget (docs/decisions/008).
 */
const CheckoutForm = lazy(() => import('../components/CheckoutForm.tsx'));

/**
 * Checkout (issue 17 #2): the cart's lines as the server prices them (with their core deposits,
 * issue 32 #4), where the order goes (a saved address or a new one), the phone, a PO number and a
 * note; the server reserves every line and answers the order, whose payment page comes next. A
 * company that pays on account (issue 18 #4) may choose it instead of a card: the order is then
 * invoiced at once (or once an owner approves it, above the buyer's spending limit), and the page
 * says so instead.
 */
export default function CheckoutPage() {
  const headingId = useId();
  // Only a signed-in customer checks out: their cart is the server's.
  const { data: cart, isPending: cartLoading } = useQuery(cartQuery);
  // A customer without a company gets null here: they pay by card, as always.
  const { data: company } = useQuery(companyQuery());
  const account = company?.account.onAccount ? company.account : null;
  const [placedOnAccount, setPlacedOnAccount] = useState<Order | null>(null);

  useEffect(() => {
    document.title = text.title;
  }, []);

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
                vehicle: line.vehicle?.label,
                backorder: backorderText(line.backorder),
                core: coreLineTexts(line),
                notes: line.problems.map((problem) => (
                  <span key={problem.code} className="badge ms-2 h-auto badge-warning">
                    {problem.message}
                  </span>
                )),
              }))}
            />
            <PriceSummary
              total={cart.total}
              deposits={cart.deposits}
              className="ms-auto max-w-sm"
            />
            {cart.orderable ? null : (
              <p className="space-x-3">
                <ErrorText alert>{text.notOrderable}</ErrorText>
                <Link to="/cart" className="link">
                  {text.toCart}
                </Link>
              </p>
            )}
          </section>
          <Suspense fallback={<Spinner label={text.formLoading} />}>
            <CheckoutForm cart={cart} account={account} onPlacedOnAccount={setPlacedOnAccount} />
          </Suspense>
        </>
      )}
    </section>
  );
}
