import type { PostReviewBody, postReviewReply, ReviewsSummary, reviewList } from '@axle/contract';
import { CAROUSEL_REVIEWS } from '@axle/contract/paging';
import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../lib/api-client.ts';

export const REVIEWS_KEY = ['reviews'] as const;

/** The carousel's newest 10 public reviews, cached under the query key `reviews` (SPEC §7). */
export const reviewsQuery = () =>
  queryOptions({
    queryKey: [...REVIEWS_KEY, 'newest'],
    queryFn: ({ signal }) =>
      api<z.infer<typeof reviewList>>('/reviews', {
        query: { limit: CAROUSEL_REVIEWS },
        signal,
      }),
  });

/** Every review's average rating and count, beside the carousel (PRODUCT §5). */
export const reviewsSummaryQuery = () =>
  queryOptions({
    queryKey: [...REVIEWS_KEY, 'summary'],
    queryFn: ({ signal }) => api<ReviewsSummary>('/reviews/summary', { signal }),
  });

/** POST /review: the server takes the author's name and photo from the account. */
export function postReview(body: PostReviewBody) {
  return api<z.infer<typeof postReviewReply>>('/review', { method: 'POST', body });
}
