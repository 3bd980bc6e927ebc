// How lists are paged (PRODUCT §5): plain values with no schema, so the web app's first page can use
// them without loading zod (docs/decisions/008-replies-typed-not-parsed.md). The schemas of the
// paging parameters are in `lists.ts`.

/** The most rows one page of any list may ask for, and what a list answers without `limit`. */
export const LIST_PAGE_MAX = 100;

/**
 * How deep a list paged by number may go: its rows up to this many (OFFSET reads every row it
 * skips, so deeper pages would cost more the larger the list). Beyond, callers search or filter.
 */
export const PAGE_OFFSET_MAX = 10_000;

/** The last page a list paged by number reaches with pages of `limit` rows. */
export const lastReachablePage = (limit: number) => Math.floor((PAGE_OFFSET_MAX - 1) / limit) + 1;

/** How many parts the home page shows. */
export const HOME_PARTS = 6;

/** How many reviews the home page's carousel shows (the newest). */
export const CAROUSEL_REVIEWS = 10;

/** Response header carrying the number of rows that match, before paging. */
export const TOTAL_COUNT_HEADER = 'X-Total-Count';

/**
 * Response header with the address of the next page (`<url>; rel="next"`, RFC 8288), present
 * while there are more rows; the web app follows it as it is.
 */
export const LINK_HEADER = 'Link';

/** The states an order passes through, as the admin's tabs filter them. */
export const ORDER_STATES = ['unpaid', 'paid', 'shipped', 'cancelled'] as const;
export type OrderState = (typeof ORDER_STATES)[number];
