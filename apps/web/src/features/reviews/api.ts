import { reviewList } from '@axle/contract';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';

/** Public reviews, newest first, cached under the query key `reviews` (SPEC §7). */
export const reviewsQuery = () =>
  queryOptions({
    queryKey: ['reviews'],
    queryFn: ({ signal }) => api('/reviews', reviewList, { signal }),
  });
