import type { PartDetail, PartPrice } from '@axle/contract';
import { coreMessages } from '@axle/contract/core-texts';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { Link, useParams } from 'react-router';
import { ErrorText } from '../../../components/ui/ErrorText.tsx';
import { Spinner } from '../../../components/ui/Spinner.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { AddToCartButton } from '../../cart/index.ts';
import { catalogStrings, PartCatalogue, PriceLine, VolumePrices } from '../../catalog/index.ts';
import { useMemberPrices } from '../../companies/index.ts';
import type { Customer } from '../components/OrderForm.tsx';
import { partQuery } from '../purchase-api.ts';
import { ordersText } from '../strings.ts';

const text = ordersText.purchase;

/*
 * The order form, with the form library under it, arrives just after the part is shown: the page's
 * first JavaScript stays within its budget (docs/decisions/008), and the part, which the buyer
 * reads first, does not wait for it.
 */
const OrderForm = lazy(() =>
  import('../components/OrderForm.tsx').then((m) => ({ default: m.OrderForm })),
);

/** SPEC 'Purchase page': the part's picture and numbers, and the order form beside them. */
export default function PurchasePage({ customer }: { customer: Customer }) {
  const { id = '' } = useParams();
  const { data: part, error, isPending, refetch } = useQuery(partQuery(id));

  if (isPending) {
    return (
      <div className="flex justify-center px-4 py-24">
        <Spinner label={text.loading} size="lg" />
      </div>
    );
  }
  if (error) {
    const missing = error instanceof ApiError && (error.status === 404 || error.status === 400);
    return (
      <div className="mx-auto flex max-w-5xl flex-col items-start gap-4 px-4 py-16">
        <ErrorText alert className="text-base">
          {missing ? text.notFound : text.loadFailed}
        </ErrorText>
        <div className="flex gap-2">
          {missing ? null : (
            <button type="button" className="btn btn-sm" onClick={() => refetch()}>
              {text.retry}
            </button>
          )}
          <Link to="/parts" className="btn btn-sm btn-outline">
            {text.backToParts}
          </Link>
        </div>
      </div>
    );
  }

  return <PartAndForm part={part} customer={customer} />;
}

/** The part and the form, both at a company member's own prices when they have them. */
function PartAndForm({ part, customer }: { part: PartDetail; customer: Customer }) {
  const mine = useMemberPrices([part._id])?.get(part._id);
  return (
    <div className="mx-auto grid max-w-6xl gap-10 px-4 py-10 lg:grid-cols-2">
      <title>{text.title(part.name)}</title>
      <PartDetails part={part} mine={mine} />
      <Suspense
        fallback={
          <div className="flex justify-center py-16">
            <Spinner label={text.formLoading} />
          </div>
        }
      >
        <OrderForm part={part} customer={customer} mine={mine} />
      </Suspense>
    </div>
  );
}

/**
 * The part beside the SPEC's form: its picture, name, price (and core charge, issue 32 #4), words
 * and quantities, and what the catalogue knows of it (issue 16 #5): brand and number, whether it
 * fits the customer's vehicle, specifications and other brands' numbers. A company member sees
 * their own price and volume prices (issue 18 #5), which the order is placed at.
 */
function PartDetails({ part, mine }: { part: PartDetail; mine: PartPrice | undefined }) {
  return (
    <section aria-labelledby="purchase-part-name" className="flex flex-col gap-4">
      <figure className="part-picture aspect-[3/2]">
        {part.img ? (
          <img
            src={part.img}
            alt={ordersText.imageAlt(part.name)}
            width={600}
            height={400}
            className="h-full w-full object-cover"
          />
        ) : (
          <p className="flex h-full items-center justify-center px-6 text-center text-sm">
            {catalogStrings.imageUnavailable}
          </p>
        )}
      </figure>
      <h1 id="purchase-part-name" className="text-3xl font-bold">
        {part.name}
      </h1>
      <PriceLine part={part} mine={mine} className="text-xl" />
      {/* An exchange part's deposit, on top of the price (issue 32 #4). */}
      {part.coreCharge ? (
        <p className="rounded-box border-s-4 border-info bg-base-200 px-3 py-2 text-sm">
          {coreMessages.partNotice(part.coreCharge, part.coreReturnDays)}
        </p>
      ) : null}
      <p className="text-base-content/90">{part.description}</p>
      <div className="space-y-1">
        <p>
          {catalogStrings.availableQuantity} <strong>{part.availableQuantity}</strong>
        </p>
        <p>
          {catalogStrings.minimumQuantity} <strong>{part.minimumQuantity}</strong>
        </p>
        <VolumePrices part={part} mine={mine} />
      </div>
      {/* Beside the SPEC's one-part order (the form, unchanged): the part's minimum into the cart,
          to order with other parts at once (issue 17 #1). */}
      <p>
        <AddToCartButton part={part} label={catalogStrings.addToCart} className="btn btn-outline" />
      </p>
      <Suspense fallback={null}>
        <PartCatalogue part={part} />
      </Suspense>
    </section>
  );
}
