/**
 * The rules of the review form (SPEC §5), as it checks input on the page (the server checks the
 * same again). Loaded by the form once it is shown, with zod (`useFormRules`, ADR 008).
 */
import { postReviewBody, reviewForm } from '@axle/contract';
import { z } from 'zod';

/** The contract's rules; the select's text becomes the number the server takes (empty: 0). */
export const reviewRules = reviewForm.extend({
  rating: z.string().transform(Number).pipe(postReviewBody.shape.rating),
});
