import type { Part, PartPrice } from '@axle/contract';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { AddToCartButton } from '../../cart/index.ts';
import { partPath } from '../paths.ts';
import { catalogStrings as t } from '../strings.ts';
import { PriceLine, VolumePrices } from './PriceLine.tsx';

type Props = {
  part: Part;
  /** Cards in the first row are above the fold: load their image at once, not lazily. */
  eager?: boolean;
  /** h3 under a section's h2 (home), h2 directly under the page's h1 (/parts). */
  headingLevel?: 2 | 3;
  /** The customer's vehicle when the part is known to fit it: "Fits your 2015 Toyota Corolla". */
  fits?: string | undefined;
  /** A company member's own price of it (issue 18 #5), when known. */
  mine?: PartPrice | undefined;
  /** The superseded number searched, when this part is found as its replacement (issue 32 #1). */
  replaces?: string | undefined;
};

/** One part: picture, words, stock, price and the way to order it (SPEC §2 Home page). */
export function PartCard({ part, eager = false, headingLevel = 3, fits, mine, replaces }: Props) {
  const [imageFailed, setImageFailed] = useState(false);
  const titleId = useId();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const src = imageFailed ? null : part.img;

  return (
    <article
      aria-labelledby={titleId}
      className="card mx-auto w-full max-w-[400px] border border-base-300 bg-base-100 shadow-sm"
    >
      <figure className="part-picture m-3 mb-0 aspect-[3/2]">
        {src ? (
          <img
            src={src}
            alt={part.name}
            width={600}
            height={400}
            loading={eager ? 'eager' : 'lazy'}
            decoding="async"
            onError={() => setImageFailed(true)}
            className="h-full w-full object-cover"
          />
        ) : (
          <p className="px-6 text-center text-sm">{t.imageUnavailable}</p>
        )}
      </figure>
      <div className="card-body gap-3">
        <Heading id={titleId} className="card-title text-lg">
          <Link to={partPath(part.partNumber)} className="link-hover">
            {part.name}
          </Link>
        </Heading>
        <p className="text-sm text-base-content/80">
          {part.brand ? `${part.brand} · ` : ''}
          {t.partNumber} <span className="font-mono">{part.partNumber}</span>
        </p>
        {fits ? <p className="badge h-auto badge-success">{t.fitsYours(fits)}</p> : null}
        {replaces ? <p className="badge badge-outline h-auto">{t.replaces(replaces)}</p> : null}
        {part.replacedBy ? (
          <p className="text-sm">
            <Link to={partPath(part.replacedBy.partNumber)} className="link">
              {t.replacedBy(part.replacedBy.partNumber)}
            </Link>
          </p>
        ) : null}
        <p className="text-base-content/90">{part.description}</p>
        <div className="space-y-1 text-sm">
          <p>
            {t.availableQuantity} <strong>{part.availableQuantity}</strong>
          </p>
          <p>
            {t.minimumQuantity} <strong>{part.minimumQuantity}</strong>
          </p>
        </div>
        <VolumePrices part={part} mine={mine} className="text-sm" />
        <div className="card-actions mt-auto items-center justify-between pt-2">
          <PriceLine part={part} mine={mine} className="text-lg" />
          <div className="flex flex-wrap gap-2">
            <AddToCartButton
              part={part}
              label={t.addToCart}
              className="btn btn-outline"
              describedBy={titleId}
            />
            <Link
              to={`/purchase/${part._id}`}
              aria-describedby={titleId}
              className="btn btn-primary"
            >
              {t.placeOrder}
            </Link>
          </div>
        </div>
      </div>
    </article>
  );
}
