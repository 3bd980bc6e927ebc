/** Words on screen for the catalogue: the part card, the home list and the /parts page. */

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

export const catalogStrings = {
  homeListHeading: 'All of our products',
  seeAllParts: 'See all parts',

  availableQuantity: 'Available quantity:',
  minimumQuantity: 'Minimum order quantity:',
  price: 'Price:',
  /** Before the part number on a card (issue 16): the brand's own number, as workshops order by. */
  partNumber: 'Part no.',
  placeOrder: 'place order',
  imageUnavailable: 'Image unavailable: the image server is down',
  formatPrice: (dollars: number) => usd.format(dollars),

  partsTitle: 'All parts — Axle',
  partsHeading: 'All parts',
  partsIntro: 'Every part we stock, ordered by the case. Search by name or description.',
  searchLabel: 'Search parts',
  searchPlaceholder: 'Name or description',
  searchHint: 'Results update as you type.',
  loadingParts: 'Loading parts',
  loadFailed: 'The parts could not be loaded.',
  retry: 'Try again',
  total: (total: number) => `${total} ${total === 1 ? 'part' : 'parts'}`,
  totalMatching: (total: number, search: string) =>
    `${total} ${total === 1 ? 'part matches' : 'parts match'} “${search}”`,
  noMatch: (search: string) => `No parts match “${search}”.`,
  noParts: 'No parts in the catalogue yet.',
  clearSearch: 'Clear search',

  // The part page (issue 16 #5).
  partPageTitle: (partNumber: string, brand: string | null, name: string) =>
    `${partNumber} ${brand ? `${brand} ` : ''}${name} | Axle`,
  categoryPath: 'Category',
  brand: 'Brand',
  weight: 'Weight',
  attributes: 'Specifications',
  oeNumbers: 'OE numbers',
  crossReferences: 'Cross-references',
  fitsHeading: 'Fits these vehicles',
  fitsNone: 'No vehicles are listed for this part.',
  fitsMore: (more: number) => `and ${more} more`,
  doesItFit: 'Does it fit my vehicle?',
  fitsYours: (vehicle: string) => `Fits your ${vehicle}`,
  notYours: (vehicle: string) => `Does not fit your ${vehicle}`,
  notAmongListed: (vehicle: string) =>
    `Your ${vehicle} is not among the first vehicles listed here: check the full list with us`,
  chooseVehicle: 'Choose your vehicle',
  noSuchPart: (partNumber: string) => `No part with number ${partNumber}.`,
  backToParts: 'See all parts',
  loadingPart: 'Loading the part',
  partLoadFailed: 'The part could not be loaded.',

  pagination: 'Pages of parts',
  previousPage: 'Previous page',
  nextPage: 'Next page',
  page: (page: number) => `Page ${page}`,
  pageOf: (page: number, pages: number) => `Page ${page} of ${pages}`,
} as const;
