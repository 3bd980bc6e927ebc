import type { CartLineChange, CartReply } from '@axle/contract';
import type { QueryClient } from '@tanstack/react-query';
import { CART_KEY } from './keys.ts';

/**
 * Keeps what putting a part in the cart answered (issue 31 #3: the line and the cart's totals) in
 * the cached cart: the line replaced where it was, or added at the end. When the cart was not
 * read yet, or holds other lines than the server counts (changed on another device), it is read
 * again whole.
 */
export function keepLineChange(queryClient: QueryClient, change: CartLineChange): void {
  const cart = queryClient.getQueryData<CartReply>(CART_KEY);
  if (cart) {
    const id = change.line.part._id;
    const lines = cart.lines.some((line) => line.part._id === id)
      ? cart.lines.map((line) => (line.part._id === id ? change.line : line))
      : [...cart.lines, change.line];
    queryClient.setQueryData<CartReply>(CART_KEY, {
      lines,
      total: change.total,
      deposits: change.deposits,
      orderable: change.orderable,
    });
    if (lines.length === change.count) return;
  }
  void queryClient.invalidateQueries({ queryKey: CART_KEY });
}
