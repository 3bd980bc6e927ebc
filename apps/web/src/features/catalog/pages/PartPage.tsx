import type { FitmentGroups, PartDetail } from '@axle/contract';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { LoadFailed } from '../../../components/ui/LoadFailed.tsx';
import { Spinner } from '../../../components/ui/Spinner.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useCurrentVehicle } from '../../garage/index.ts';
import { partByNumberQuery } from '../api.ts';
import { catalogStrings as t } from '../strings.ts';

/** "2014–2022 1.8L 4-cyl 2ZR-FE · front axle" */
function vehicleLine(vehicle: FitmentGroups[number]['models'][number]['vehicles'][number]) {
  const years =
    vehicle.yearFrom === vehicle.yearTo
      ? String(vehicle.yearFrom)
      : `${vehicle.yearFrom}–${vehicle.yearTo}`;
  return [years, vehicle.variant, vehicle.note].filter(Boolean).join(' · ');
}

/** Whether the customer's current vehicle is among those the part fits, said in words. */
function FitsYours({ part }: { part: PartDetail }) {
  const { vehicle } = useCurrentVehicle();
  if (!vehicle)
    return (
      <Link to="/dashboard/garage" className="btn btn-outline btn-sm">
        {t.chooseVehicle}
      </Link>
    );
  const listed = part.fitment.groups.flatMap((g) =>
    g.models.flatMap((m) => m.vehicles.map((v) => v.id)),
  );
  const fits = listed.includes(vehicle.vehicleId);
  const complete = listed.length >= part.fitment.total;
  return (
    <p role="status" className={fits ? 'font-semibold text-success' : 'text-base-content'}>
      {fits
        ? t.fitsYours(vehicle.name)
        : complete
          ? t.notYours(vehicle.name)
          : t.notAmongListed(vehicle.name)}
    </p>
  );
}

/** Other brands' numbers for the part, under a heading; nothing when there are none. */
function NumberList(props: { id: string; heading: string; numbers: PartDetail['oeNumbers'] }) {
  if (props.numbers.length === 0) return null;
  return (
    <section aria-labelledby={props.id}>
      <h2 id={props.id} className="mb-2 text-lg font-semibold">
        {props.heading}
      </h2>
      <ul className="space-y-1">
        {props.numbers.map((n) => (
          <li key={`${n.brand} ${n.number}`}>
            {n.brand} <span className="font-mono">{n.number}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

function Facts({ part }: { part: PartDetail }) {
  return (
    <div className="grid gap-6 md:grid-cols-2">
      {part.attributes.length > 0 || part.weightKg !== null ? (
        <section aria-labelledby="part-specs">
          <h2 id="part-specs" className="mb-2 text-lg font-semibold">
            {t.attributes}
          </h2>
          <table className="table table-sm">
            <tbody>
              {part.attributes.map((a) => (
                <tr key={a.name}>
                  <th scope="row">{a.name}</th>
                  <td>{a.unit ? `${a.value} ${a.unit}` : a.value}</td>
                </tr>
              ))}
              {part.weightKg !== null ? (
                <tr>
                  <th scope="row">{t.weight}</th>
                  <td>{part.weightKg} kg</td>
                </tr>
              ) : null}
            </tbody>
          </table>
        </section>
      ) : null}
      <NumberList id="part-oe" heading={t.oeNumbers} numbers={part.oeNumbers} />
      <NumberList id="part-cross" heading={t.crossReferences} numbers={part.crossReferences} />
    </div>
  );
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
 * and the way to order it. The server sends this address with the part's title and JSON-LD for
 * search engines (catalog-pages.routes.ts); this is what people see.
 */
export default function PartPage() {
  const partNumber = useParams().partNumber ?? '';
  const query = useQuery(partByNumberQuery(partNumber));

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
  return (
    <div className="mx-auto max-w-5xl space-y-8 p-4 md:p-6">
      <title>{t.partPageTitle(part.partNumber, part.brand, part.name)}</title>
      {part.category ? (
        <nav aria-label={t.categoryPath} className="breadcrumbs text-sm">
          <ul>
            {part.category.path.map((step) => (
              <li key={step.id}>{step.name}</li>
            ))}
          </ul>
        </nav>
      ) : null}
      <div className="grid gap-6 md:grid-cols-2">
        <figure className="aspect-[3/2] overflow-hidden rounded-box bg-base-200">
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
          <p className="text-base-content/80">
            {part.brand ? `${part.brand} · ` : ''}
            {t.partNumber} <span className="font-mono">{part.partNumber}</span>
          </p>
          <p>{part.description}</p>
          <p>
            {t.availableQuantity} <strong>{part.availableQuantity}</strong>
          </p>
          <p>
            {t.minimumQuantity} <strong>{part.minimumQuantity}</strong>
          </p>
          <p className="text-lg">
            {t.price} <strong>{t.formatPrice(part.price)}</strong>
          </p>
          <Link to={`/purchase/${part._id}`} className="btn btn-primary">
            {t.placeOrder}
          </Link>
        </div>
      </div>
      <Facts part={part} />
      <Fitment part={part} />
    </div>
  );
}
