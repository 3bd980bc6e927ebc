// The cart's public entry: what other features use of it.

export { cartQuery, reorder } from './api.ts';
export { AddToCartButton } from './components/AddToCartButton.tsx';
export { PriceSummary } from './components/PriceSummary.tsx';
export { CART_KEY } from './keys.ts';
export type { ReorderNotice } from './pages/CartPage.tsx';
export { useCart } from './useCart.ts';
