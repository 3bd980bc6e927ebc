import { RATING_MAX } from '@axle/contract/texts';

/** Words of the client reviews on the home page, which load after its first screen (PRODUCT.md §2). */
const average = new Intl.NumberFormat('en', { minimumFractionDigits: 1, maximumFractionDigits: 1 });
const count = new Intl.NumberFormat('en');

export const reviewsSectionText = {
  heading: 'What others Say',
  subheading: 'Client Reviews',
  carouselLabel: 'Client reviews, use the left and right arrow keys to move between reviews',
  rating: 'Rating: ',
  /** The name of a review's stars. */
  rated: (rating: number) => `Rated ${rating} out of ${RATING_MAX}`,
  loading: 'Loading reviews',
  /** Every review's average and count, e.g. "4.6 out of 5 · 1,234 reviews". */
  summary: (rating: number, reviews: number) =>
    `${average.format(rating)} out of ${RATING_MAX} · ${count.format(reviews)} ${reviews === 1 ? 'review' : 'reviews'}`,
  empty: 'No reviews yet.',
  failed: 'The reviews could not be loaded.',
  defaultAvatar: '/images/avatar-default.svg',
} as const;
