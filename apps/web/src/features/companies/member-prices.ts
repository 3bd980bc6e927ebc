/**
 * A company member's own prices (issue 18 #5): the catalogue's replies are list prices, cached for
 * everyone, so a member's page asks for its parts' prices with the company's applied. A visitor's
 * page asks nothing; a signed-in customer's asks whether they belong to a company (the My Company
 * query) and, if so, for the prices. Tiny on purpose, for the home page's cards: how the prices
 * are fetched loads only when they are first asked for.
 */
import type { PartPrice } from '@axle/contract';
import { useQuery } from '@tanstack/react-query';
import { useAuth } from '../accounts/index.ts';
import { COMPANY_KEY } from './keys.ts';

/** A member's prices by part id; a part missing from it costs its list price. */
export type MemberPrices = ReadonlyMap<string, PartPrice>;

const byPart = (prices: PartPrice[]): MemberPrices =>
  new Map(prices.map((price) => [price.partId, price]));

/**
 * What the signed-in member pays for these parts, once known; undefined for a visitor and an
 * admin, and while the prices load (the list prices show meanwhile); empty for a customer without
 * a company. Kept under the company's key, so that leaving or joining one forgets them.
 */
export function useMemberPrices(partIds: readonly string[]): MemberPrices | undefined {
  const { user, isAdmin, loading } = useAuth();
  const ids = [...new Set(partIds)].sort();
  return useQuery({
    queryKey: [...COMPANY_KEY, 'prices', ...ids],
    queryFn: (context) =>
      import('./fetch-member-prices.ts').then((load) => load.fetchMemberPrices(context)),
    enabled: Boolean(user) && !loading && !isAdmin && ids.length > 0,
    select: byPart,
    // A company's prices change when the shop's admin edits them: rarely.
    staleTime: 5 * 60_000,
    retry: false,
  }).data;
}
