// How the catalogue is paged: plain values with no schema, so the web app's first page can use them
// without loading zod (docs/decisions/008-replies-typed-not-parsed.md).

/** The most parts one page of GET /api/items may ask for. */
export const ITEMS_PAGE_MAX = 100;

/** Response header carrying the number of parts that match, before paging. */
export const TOTAL_COUNT_HEADER = 'X-Total-Count';
