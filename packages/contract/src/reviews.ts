import { z } from 'zod';
import { reviewForm } from './rules.ts';
import { messages, RATING_MAX, RATING_MIN } from './texts.ts';

export const review = z.object({
  _id: z.uuid(),
  rating: z.number().int(),
  comment: z.string(),
  name: z.string(),
  img: z.string().nullable(),
  createdAt: z.iso.datetime({ offset: true }),
});
export type Review = z.infer<typeof review>;

export const reviewList = z.array(review);

/**
 * SPEC §7 `POST /review`: the rating and comment of `reviewForm`, but the rating must be a JSON
 * number (no coercion of strings). The author's name and photo come from the server: `name` and
 * `img` in the body are ignored.
 */
export const postReviewBody = reviewForm.extend({
  rating: z
    .number({ error: messages.rating })
    .int(messages.rating)
    .min(RATING_MIN, messages.rating)
    .max(RATING_MAX, messages.rating),
});
export type PostReviewBody = z.infer<typeof postReviewBody>;
export const postReviewReply = z.object({ insertedId: z.uuid(), review });
