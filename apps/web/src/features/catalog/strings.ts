/** Words on screen for the catalogue's part card and the home list (what the home page brings). */

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

export const catalogStrings = {
  homeListHeading: 'All of our products',
  seeAllParts: 'See all parts',
  loadingParts: 'Loading parts',

  availableQuantity: 'Available quantity:',
  minimumQuantity: 'Minimum order quantity:',
  price: 'Price:',
  /** Before the part number on a card (issue 16): the brand's own number, as workshops order by. */
  partNumber: 'Part no.',
  placeOrder: 'place order',
  imageUnavailable: 'Image unavailable: the image server is down',
  formatPrice: (dollars: number) => usd.format(dollars),

  /** On a card whose part fits the customer's vehicle (issue 16 #5). */
  fitsYours: (vehicle: string) => `Fits your ${vehicle}`,
} as const;
