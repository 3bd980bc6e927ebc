import type { Part, PartPrice } from '@axle/contract';
import { catalogStrings as t } from '../strings.ts';

type Props = {
  part: Pick<Part, 'price' | 'priceTiers'>;
  /** What the signed-in company member pays for it (issue 18 #5), when known. */
  mine?: PartPrice | undefined;
  className?: string;
};

/** Whether the member's own prices of the part are below its list prices. */
const own = (part: Props['part'], mine: PartPrice | undefined): mine is PartPrice =>
  mine !== undefined && mine.price < part.price;

/**
 * A part's price: the list price, or a company member's own price when it is lower, with the list
 * price struck through beside it.
 */
export function PriceLine({ part, mine, className }: Props) {
  const theirs = own(part, mine);
  return (
    <p className={className}>
      {theirs ? t.yourPrice : t.price}{' '}
      <strong>{t.formatPrice(theirs ? mine.price : part.price)}</strong>
      {theirs ? (
        <span className="ms-2 text-sm whitespace-nowrap text-base-content/80">
          {t.listPrice} <s>{t.formatPrice(part.price)}</s>
        </span>
      ) : null}
    </p>
  );
}

/**
 * A part's volume prices (issue 17 #6): "Volume prices: from 50: $3.90, from 200: $3.50"; a
 * company member's own when theirs are lower. Nothing for a part without any.
 */
export function VolumePrices({ part, mine, className }: Props) {
  const tiers = mine?.priceTiers ?? part.priceTiers;
  if (tiers.length === 0) return null;
  return (
    <p className={className}>
      {own(part, mine) ? t.yourVolumePrices : t.volumePrices}{' '}
      {tiers.map((tier) => t.volumePrice(tier.minQuantity, t.formatPrice(tier.price))).join(', ')}
    </p>
  );
}
