/**
 * The signed-in customer's cart is cached under `cart`. A module of its own, so that a page that
 * only invalidates it does not load the cart's calls.
 */
export const CART_KEY = ['cart'] as const;
