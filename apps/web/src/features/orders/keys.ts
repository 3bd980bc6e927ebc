/**
 * Orders are cached under `orders`: the customer's and the admin's lists and each order. A module
 * of its own, so that a page that only invalidates it does not load the orders' calls.
 */
export const ORDERS_KEY = ['orders'] as const;
