import { coreMessages } from '@axle/contract/core-texts';
import { priceBreakdown, taxRateText } from '@axle/contract/prices';
import { useQuery } from '@tanstack/react-query';
import { formatPrice } from '../../../lib/money.ts';
import { shopConfigQuery } from '../../../lib/shop-config.ts';
import { cartText } from '../strings.ts';

const text = cartText.summary;

type Props = {
  /** The total in dollars, as the server priced it (the cart's or the order's). */
  total: number;
  /** The core deposits among the total (issue 32 #4), in dollars; 0 when there are none. */
  deposits?: number;
  className?: string;
};

/**
 * What a total is made of, before anything is committed: the parts and the core deposits on top
 * of them (issue 32 #4; only when there are some), the amount before tax, the tax prices include
 * (TAX_RATE, as the invoice will state it: the deposits carry it too) and the total. Until the
 * shop's tax rate is known, the tax's rows do not show.
 */
export function PriceSummary({ total, deposits = 0, className = '' }: Props) {
  const config = useQuery(shopConfigQuery());
  const rate = config.data?.taxRateBasisPoints;
  const { subtotalCents, taxCents, totalCents } = priceBreakdown(
    Math.round(total * 100),
    rate ?? 0,
  );
  // Below the parts and their deposits, the same total split by tax reads as a sum of its own.
  const split = deposits > 0 ? 'border-t border-base-300 pt-1' : '';
  return (
    <dl className={`grid grid-cols-[1fr_auto] gap-y-1 ${className}`}>
      {deposits > 0 ? (
        <>
          <dt>{text.parts}</dt>
          <dd className="ps-6 text-end tabular-nums">
            {formatPrice((Math.round(total * 100) - Math.round(deposits * 100)) / 100)}
          </dd>
          <dt>{coreMessages.depositsLabel}</dt>
          <dd className="ps-6 text-end tabular-nums">{formatPrice(deposits)}</dd>
        </>
      ) : null}
      {rate === undefined ? null : (
        <>
          <dt className={split}>{text.subtotal}</dt>
          <dd className={`ps-6 text-end tabular-nums ${split}`}>
            {formatPrice(subtotalCents / 100)}
          </dd>
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
