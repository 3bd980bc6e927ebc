/**
 * The signed-in customer's company (issue 18): its query alone, so that a page that only needs to
 * know whether the customer belongs to one (the part cards' prices, the checkout) carries nothing
 * else of the companies' calls.
 */
import type { Company } from '@axle/contract';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';
import { COMPANY_KEY } from './keys.ts';

export { COMPANY_KEY };

/** GET /company: the caller's company, or null when they belong to none. */
export const companyQuery = () =>
  queryOptions({
    queryKey: COMPANY_KEY,
    queryFn: ({ signal }) => api<Company | null>('/company', { signal }),
    retry: false,
  });
