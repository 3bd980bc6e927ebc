/**
 * The catalogue's query key (SPEC §7 `items`): every read of parts is cached under it, so an order,
 * a cancellation or an admin's edit that changes stock or a part invalidates it and every page
 * that shows parts reads them again. A module of its own, so that a page that only invalidates
 * it does not load the catalogue's calls.
 */
export const ITEMS_KEY = ['items'] as const;
