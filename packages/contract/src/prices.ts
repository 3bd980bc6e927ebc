// What a quantity of a part costs, and what a total is made of: the rules the server charges by
// and the pages show before anything is committed (issue 30 #2). Free of zod and of words, so that
// a page that only prices things carries nothing else (ADR 008).

/**
 * What one unit of a part costs when `quantity` of it are bought: the price of the volume tier
 * with the largest `minQuantity` the quantity reaches, never more than the part's own price. The
 * twin of the server's `unitPriceCents` (catalog.service.ts), which decides what is charged.
 */
export function unitPriceFor(
  part: { price: number; priceTiers: readonly { minQuantity: number; price: number }[] },
  quantity: number,
): number {
  let reached: { minQuantity: number; price: number } | undefined;
  for (const tier of part.priceTiers)
    if (tier.minQuantity <= quantity && (!reached || tier.minQuantity > reached.minQuantity))
      reached = tier;
  return reached ? Math.min(part.price, reached.price) : part.price;
}

/**
 * The first volume tier above `quantity` that lowers the unit price, if any: what ordering a little
 * more would save ("From 500: $17.25 each").
 */
export function nextTierAfter(
  part: { price: number; priceTiers: readonly { minQuantity: number; price: number }[] },
  quantity: number,
): { minQuantity: number; price: number } | null {
  const now = unitPriceFor(part, quantity);
  let next: { minQuantity: number; price: number } | null = null;
  for (const tier of part.priceTiers)
    if (
      tier.minQuantity > quantity &&
      tier.price < now &&
      (!next || tier.minQuantity < next.minQuantity)
    )
      next = tier;
  return next;
}

/** The tax a total includes at a rate in basis points (1500 is 15 %), to the cent: prices include it. */
export function taxIncludedCents(totalCents: number, basisPoints: number): number {
  return Math.round((totalCents * basisPoints) / (10_000 + basisPoints));
}

/**
 * What a total is made of, as the cart, checkout and the invoice show it: the amount before tax,
 * the tax it includes (TAX_RATE) and the total itself, each in cents.
 */
export function priceBreakdown(
  totalCents: number,
  basisPoints: number,
): { subtotalCents: number; taxCents: number; totalCents: number } {
  const taxCents = taxIncludedCents(totalCents, basisPoints);
  return { subtotalCents: totalCents - taxCents, taxCents, totalCents };
}

/** A tax rate in basis points as people read it: 1500 → "15 %", 750 → "7.5 %". */
export const taxRateText = (basisPoints: number) =>
  `${(basisPoints / 100).toLocaleString('en-US')} %`;
