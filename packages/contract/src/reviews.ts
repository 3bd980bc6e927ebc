import { z } from 'zod';

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
