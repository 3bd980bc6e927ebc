import type { PostReviewBody, postReviewReply, reviewList } from '@axle/contract';
import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../lib/api-client.ts';

export const REVIEWS_KEY = ['reviews'] as const;

/** Public reviews, newest first, cached under the query key `reviews` (SPEC §7). */
export const reviewsQuery = () =>
  queryOptions({
    queryKey: REVIEWS_KEY,
    queryFn: ({ signal }) => api<z.infer<typeof reviewList>>('/reviews', { signal }),
  });

/** POST /review: the server takes the author's name and photo from the account. */
export function postReview(body: PostReviewBody) {
  return api<z.infer<typeof postReviewReply>>('/review', { method: 'POST', body });
}
