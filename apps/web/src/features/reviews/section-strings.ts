/** Words of the client reviews on the home page, which load after its first screen (PRODUCT.md §2). */
export const reviewsSectionText = {
  heading: 'What others Say',
  subheading: 'Client Reviews',
  carouselLabel: 'Client reviews, use the left and right arrow keys to move between reviews',
  rating: 'Rating: ',
  loading: 'Loading reviews',
  empty: 'No reviews yet.',
  failed: 'The reviews could not be loaded.',
  defaultAvatar: '/images/avatar-default.svg',
} as const;
