/**
 * How a member's prices are fetched (issue 18 #5), loaded on demand by `useMemberPrices`: whether
 * the caller belongs to a company (the My Company query, from the cache when fresh), then the
 * prices, at most PRICE_LOOKUP_MAX parts a call.
 */
import type { PartPrice } from '@axle/contract';
import { PRICE_LOOKUP_MAX } from '@axle/contract/company-texts';
import type { QueryFunctionContext } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';
import { companyQuery } from './company-query.ts';

/** Whether the caller belongs to a company changes rarely (they join or leave on My Company). */
const STALE_MS = 5 * 60_000;

/**
 * The prices of the parts whose ids end the query's key (['company', 'prices', ...ids]) for the
 * caller; none for a customer without a company.
 */
export async function fetchMemberPrices({
  client: queryClient,
  queryKey,
  signal,
}: QueryFunctionContext): Promise<PartPrice[]> {
  const ids = queryKey.slice(2).map(String);
  // Asked once in a while, not for each page of parts (a failure is the prices' too: both are
  // asked for again later).
  const company = await queryClient.fetchQuery({ ...companyQuery(), staleTime: STALE_MS });
  if (!company) return [];
  const batches: string[][] = [];
  for (let start = 0; start < ids.length; start += PRICE_LOOKUP_MAX)
    batches.push(ids.slice(start, start + PRICE_LOOKUP_MAX));
  const replies = await Promise.all(
    batches.map((batch) =>
      api<PartPrice[]>('/company/prices', { query: { ids: batch.join(',') }, signal }),
    ),
  );
  return replies.flat();
}
