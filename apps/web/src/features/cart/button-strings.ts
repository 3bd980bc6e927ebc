/**
 * Words of what every page with parts shows of the cart (the navbar's link, "Add to cart" on the
 * cards): apart from the cart page's, so that the home page's first JavaScript carries only these.
 */
export const cartButtonText = {
  link: 'Cart',
  linkWithCount: (count: number) => `Cart, ${count} ${count === 1 ? 'part' : 'parts'}`,
  added: (quantity: number, name: string) => `Added ${quantity} × ${name} to your cart`,
  addFailed: 'Could not add the part to your cart. Please try again.',
} as const;
