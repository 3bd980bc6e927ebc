import type { PartDetail } from '@axle/contract';
import { Link } from 'react-router';
import { useCurrentVehicle } from '../../garage/index.ts';
import { browseStrings as t } from '../browse-strings.ts';
import { brandPath } from '../paths.ts';

// What the catalogue knows of a part, shown on its public page and above the purchase form
// (issue 16 #5): its brand and number, whether it fits the customer's vehicle, its
// specifications and other brands' numbers for it.

/** "Brembo · Part no. P 83 140", the brand linking to its page. */
export function PartIdentity({ part }: { part: PartDetail }) {
  return (
    <p className="text-base-content/80">
      {part.brand ? (
        <>
          <Link to={brandPath(part.brand)} className="link">
            {part.brand}
          </Link>
          {' · '}
        </>
      ) : null}
      {t.partNumber} <span className="font-mono">{part.partNumber}</span>
    </p>
  );
}

/** Whether the customer's current vehicle is among those the part fits, said in words. */
export function FitsYours({ part }: { part: PartDetail }) {
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

export function PartFacts({ part }: { part: PartDetail }) {
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

/**
 * What the purchase page shows of a part above its form (issue 16 #5): brand and number, whether
 * it fits the customer's vehicle, specifications and other brands' numbers. The purchase page
 * loads it on demand (`PartCatalogue` in the catalogue's index), after its SPEC form.
 */
export default function PurchaseFacts({ part }: { part: PartDetail }) {
  return (
    <>
      <PartIdentity part={part} />
      <FitsYours part={part} />
      <PartFacts part={part} />
    </>
  );
}
