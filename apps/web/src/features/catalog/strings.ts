/**
 * Words on screen for the catalogue's part card (the home list's own are in home-list-strings.ts,
 * which the home page brings before the cards).
 */

import { formatPrice } from '../../lib/money.ts';

export const catalogStrings = {
  availableQuantity: 'Available quantity:',
  minimumQuantity: 'Minimum order quantity:',
  price: 'Price:',
  /** Before the part number on a card (issue 16): the brand's own number, as workshops order by. */
  partNumber: 'Part no.',
  placeOrder: 'place order',
  /** Issue 17 #1: the card's part, its minimum order, into the cart. */
  addToCart: 'Add to cart',
  imageUnavailable: 'Image unavailable: the image server is down',
  formatPrice,
  /** A card's volume prices (issue 17 #6): "Volume prices: from 50: $3.90, from 200: $3.50". */
  volumePrices: 'Volume prices:',
  volumePrice: (minQuantity: number, price: string) => `from ${minQuantity}: ${price}`,
  /** A company member's own price (issue 18 #5), with the list price it is below. */
  yourPrice: 'Your price:',
  listPrice: 'List price',
  yourVolumePrices: 'Your volume prices:',

  /** On a card whose part fits the customer's vehicle (issue 16 #5). */
  fitsYours: (vehicle: string) => `Fits your ${vehicle}`,
  /** Issue 32 #1: a superseded number's card, and the card of the part that replaces it. */
  replacedBy: (partNumber: string) => `Replaced by ${partNumber}`,
  replaces: (partNumber: string) => `Replaces ${partNumber}`,
} as const;
