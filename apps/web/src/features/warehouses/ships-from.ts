import type { LineSource } from '@axle/contract';

/**
 * "Ships from …": the words of the contract's `stockTexts.shipsFrom` (ships-from.test.ts holds
 * them to it), said here so that the order pages, which need nothing else of warehouses, do not
 * load warehouse-texts whole (the promise's clock and the admin's messages): that took Manage All
 * Orders over its 118 KB budget.
 */
const shipsFrom = (names: string) => `Ships from ${names}`;

/**
 * Where an order line's units ship from (issue 32 #2): "Ships from Dhaka", or with how many from
 * each when several share it: "Ships from Dhaka (1), Chattogram (14)". Null for a line placed
 * before there were warehouses.
 */
export function shipsFromText(sources: readonly LineSource[] | undefined): string | null {
  if (!sources || sources.length === 0) return null;
  const [only] = sources;
  if (sources.length === 1 && only) return shipsFrom(only.name);
  return shipsFrom(
    sources
      .map((source) => `${source.name} (${source.quantity.toLocaleString('en-US')})`)
      .join(', '),
  );
}
