/** Words of the Add Review page (SPEC §2 'Add Review', §5 'Review', §7 `POST /review`). */
import { COMMENT_MAX, REVIEW_ADDED_TEXT } from '@axle/contract/texts';

export const reviewsText = {
  avatar: (name: string) => `${name}'s photo`,
  publicNote:
    'Your review is posted publicly: everyone visiting the home page sees it with your name and photo.',
  formLabel: 'Your review',
  rating: 'Rating',
  chooseRating: 'Choose a rating',
  stars: (n: number) => `${n} ${n === 1 ? 'star' : 'stars'}`,
  comment: 'Comment',
  counter: (length: number) => `${length} / ${COMMENT_MAX} characters`,
  cancel: 'Cancel',
  post: 'Post',
  posting: 'Posting',
  added: REVIEW_ADDED_TEXT,
  defaultAvatar: '/images/avatar-default.svg',
} as const;
