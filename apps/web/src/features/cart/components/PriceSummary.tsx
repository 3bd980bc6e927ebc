import { priceBreakdown, taxRateText } from '@axle/contract/prices';
import { useQuery } from '@tanstack/react-query';
import { formatPrice } from '../../../lib/money.ts';
import { shopConfigQuery } from '../../../lib/shop-config.ts';
import { cartText } from '../strings.ts';

const text = cartText.summary;

type Props = {
  /** The total in dollars, as the server priced it (the cart's or the order's). */
  total: number;
  className?: string;
};

/**
 * What a total is made of, before anything is committed: the amount before tax, the tax prices
 * include (TAX_RATE, as the invoice will state it) and the total. Until the shop's tax rate is
 * known, only the total shows.
 */
export function PriceSummary({ total, className = '' }: Props) {
  const config = useQuery(shopConfigQuery());
  const rate = config.data?.taxRateBasisPoints;
  const { subtotalCents, taxCents, totalCents } = priceBreakdown(
    Math.round(total * 100),
    rate ?? 0,
  );
  return (
    <dl className={`grid grid-cols-[1fr_auto] gap-y-1 ${className}`}>
      {rate === undefined ? null : (
        <>
          <dt>{text.subtotal}</dt>
          <dd className="ps-6 text-end tabular-nums">{formatPrice(subtotalCents / 100)}</dd>
          <dt>{text.tax(taxRateText(rate))}</dt>
          <dd className="ps-6 text-end tabular-nums">{formatPrice(taxCents / 100)}</dd>
        </>
      )}
      <dt className="border-t border-base-300 pt-1 text-lg font-semibold">{text.total}</dt>
      <dd className="border-t border-base-300 ps-6 pt-1 text-end text-lg font-semibold tabular-nums">
        {formatPrice(totalCents / 100)}
      </dd>
    </dl>
  );
}
