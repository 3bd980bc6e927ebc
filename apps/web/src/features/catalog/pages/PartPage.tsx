import type { FitmentGroups, PartDetail } from '@axle/contract';
import { coreMessages } from '@axle/contract/core-texts';
import { useQuery } from '@tanstack/react-query';
import { Link, Navigate, useParams, useSearchParams } from 'react-router';
import { LoadFailed } from '../../../components/ui/LoadFailed.tsx';
import { Spinner } from '../../../components/ui/Spinner.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { AddToCartButton } from '../../cart/index.ts';
import { useMemberPrices } from '../../companies/index.ts';
import { StockByWarehouse } from '../../warehouses/index.ts';
import { browseStrings as t } from '../browse-strings.ts';
import { FitsYours, PartFacts, PartIdentity } from '../components/PartFacts.tsx';
import { PriceLine, VolumePrices } from '../components/PriceLine.tsx';
import { categoryPath, partPath } from '../paths.ts';
import { partByNumberQuery } from '../search-api.ts';

/** "2014–2022 1.8L 4-cyl 2ZR-FE · front axle" */
function vehicleLine(vehicle: FitmentGroups[number]['models'][number]['vehicles'][number]) {
  const years =
    vehicle.yearFrom === vehicle.yearTo
      ? String(vehicle.yearFrom)
      : `${vehicle.yearFrom}–${vehicle.yearTo}`;
  return [years, vehicle.variant, vehicle.note].filter(Boolean).join(' · ');
}

function Fitment({ part }: { part: PartDetail }) {
  const listed = part.fitment.groups.reduce(
    (sum, g) => sum + g.models.reduce((n, m) => n + m.vehicles.length, 0),
    0,
  );
  return (
    <section aria-labelledby="part-fits" className="space-y-3">
      <h2 id="part-fits" className="text-lg font-semibold">
        {t.fitsHeading}
      </h2>
      <div>
        <h3 className="sr-only">{t.doesItFit}</h3>
        <FitsYours part={part} />
      </div>
      {part.fitment.groups.length === 0 ? <p>{t.fitsNone}</p> : null}
      {part.fitment.groups.map((group) => (
        <div key={group.make}>
          <h3 className="font-semibold">{group.make}</h3>
          <ul className="ms-4 list-disc">
            {group.models.map((model) => (
              <li key={model.model}>
                {model.model}: {model.vehicles.map((v) => vehicleLine(v)).join('; ')}
              </li>
            ))}
          </ul>
        </div>
      ))}
      {part.fitment.total > listed ? <p>{t.fitsMore(part.fitment.total - listed)}</p> : null}
    </section>
  );
}

/**
 * A part's public page (issue 16 #5), at /parts/{partNumber}: its number, brand and category,
 * its facts, other brands' numbers, the vehicles it fits, whether it fits the customer's vehicle,
 * its price (a company member's own, issue 18 #5), volume prices and core charge (issue 32 #4),
 * its stock in each warehouse with when it would ship (issue 32 #2) and whether orders above it
 * are taken (issue 32 #3), and the ways to order it (the one-part order, or the cart). The server
 * sends this address with the part's title and JSON-LD for search engines
 * (catalog-pages.routes.ts); this is what people see.
 */
export default function PartPage() {
  const partNumber = useParams().partNumber ?? '';
  const from = useSearchParams()[0].get('from');
  const query = useQuery(partByNumberQuery(partNumber));
  // A company member's own price and volume prices (issue 18 #5); the page itself is public.
  const prices = useMemberPrices(query.data ? [query.data._id] : []);

  if (query.isPending)
    return (
      <div className="mx-auto max-w-5xl p-6">
        <Spinner label={t.loadingPart} />
      </div>
    );
  if (query.isError) {
    const missing = query.error instanceof ApiError && query.error.status === 404;
    return (
      <div className="mx-auto max-w-5xl space-y-4 p-6">
        {missing ? (
          <>
            <h1 className="text-2xl font-bold">{t.noSuchPart(partNumber)}</h1>
            <Link to="/parts" className="link">
              {t.backToParts}
            </Link>
          </>
        ) : (
          <LoadFailed message={t.partLoadFailed} retryLabel={t.retry} onRetry={query.refetch} />
        )}
      </div>
    );
  }

  const part = query.data;
  // A superseded number leads to the newest part of its chain (issue 32 #1), as the server's 301
  // does for a page loaded by its address.
  if (part.replacedBy)
    return (
      <Navigate
        replace
        to={`${partPath(part.replacedBy.partNumber)}?from=${encodeURIComponent(part.partNumber)}`}
      />
    );
  const mine = prices?.get(part._id);
  const cameFrom = part.replaces.find((old) => old.partNumber === from);
  return (
    <div className="mx-auto max-w-5xl space-y-8 p-4 md:p-6">
      <title>{t.partPageTitle(part.partNumber, part.brand, part.name)}</title>
      {cameFrom ? (
        <p role="status" className="alert alert-info">
          {t.replacedNotice(cameFrom.partNumber)}
        </p>
      ) : null}
      {part.category ? (
        <nav aria-label={t.categoryPath} className="breadcrumbs text-sm">
          <ul>
            {part.category.path.map((step) => (
              <li key={step.id}>
                <Link to={categoryPath(step.slug)}>{step.name}</Link>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
      <div className="grid gap-6 md:grid-cols-2">
        <figure className="part-picture flex aspect-[3/2] items-center justify-center">
          {part.img ? (
            <img
              src={part.img}
              alt={part.name}
              width={600}
              height={400}
              className="h-full w-full object-cover"
            />
          ) : (
            <p className="p-6 text-center text-sm">{t.imageUnavailable}</p>
          )}
        </figure>
        <div className="space-y-3">
          <h1 className="text-2xl font-bold">{part.name}</h1>
          <PartIdentity part={part} />
          {part.replaces.length > 0 ? (
            <p className="text-sm">
              {t.replacesLabel}{' '}
              {part.replaces.map((old, i) => (
                <span key={old._id}>
                  {i > 0 ? ', ' : ''}
                  <span className="font-mono">{old.partNumber}</span>
                </span>
              ))}
            </p>
          ) : null}
          <p>{part.description}</p>
          <p>
            {t.availableQuantity} <strong>{part.availableQuantity}</strong>
          </p>
          <p>
            {t.minimumQuantity} <strong>{part.minimumQuantity}</strong>
          </p>
          <PriceLine part={part} mine={mine} className="text-lg" />
          <VolumePrices part={part} mine={mine} />
          {/* An exchange part's deposit, on top of the price (issue 32 #4). */}
          {part.coreCharge ? (
            <p className="rounded-box border-s-4 border-info bg-base-200 px-3 py-2 text-sm">
              {coreMessages.partNotice(part.coreCharge, part.coreReturnDays)}
            </p>
          ) : null}
          <p className="flex flex-wrap gap-2">
            <Link to={`/purchase/${part._id}`} className="btn btn-primary">
              {t.placeOrder}
            </Link>
            {/* The cart takes any quantity from the minimum on, above the stock too for a part
                that takes backorders (issue 32 #3); the one-part order keeps the stock's limit. */}
            <AddToCartButton part={part} label={t.addToCart} className="btn btn-outline" />
          </p>
        </div>
      </div>
      <StockByWarehouse
        stock={part.stock}
        minimumQuantity={part.minimumQuantity}
        backorderExpected={part.backorderExpected}
      />
      <PartFacts part={part} />
      <Fitment part={part} />
    </div>
  );
}
