/**
 * Words of the catalogue's pages (issue 16 #5): /parts and its search, facets and vehicle, a
 * category's and a brand's page, a part's page and what the purchase page shows of a part.
 * Apart from the card's, which the home page
 * brings (its budget is 100 KB of JavaScript).
 */

import { catalogStrings } from './strings.ts';

const count = new Intl.NumberFormat('en-US');

/** With the card's words, which these pages show too. */
export const browseStrings = {
  ...catalogStrings,

  // The part page and what the purchase page shows of a part (issue 16 #5).
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
  notYours: (vehicle: string) => `Does not fit your ${vehicle}`,
  notAmongListed: (vehicle: string) =>
    `Your ${vehicle} is not among the first vehicles listed here: check the full list with us`,
  chooseVehicle: 'Choose your vehicle',
  noSuchPart: (partNumber: string) => `No part with number ${partNumber}.`,
  /** Issue 32 #1: on the newest part's page, reached from a superseded number. */
  replacedNotice: (old: string) => `${old} has been replaced by this part.`,
  replacesLabel: 'Replaces:',
  /** Issue 32 #5: a company member's filter to the parts that fit any vehicle of the fleet. */
  fitsMyFleet: 'Fits my fleet',
  backToParts: 'See all parts',
  loadingPart: 'Loading the part',
  loadingParts: 'Loading parts',
  partLoadFailed: 'The part could not be loaded.',
  partsTitle: 'All parts — Axle',
  partsHeading: 'All parts',
  partsIntro:
    'Every part we stock, ordered by the case. Search by part number (ours, OE or another brand’s), name, brand or description.',
  searchLabel: 'Search parts',
  searchPlaceholder: 'Part number, name, brand or description',
  searchHint: 'Results update as you type.',
  loadFailed: 'The parts could not be loaded.',
  retry: 'Try again',
  total: (total: number) => `${count.format(total)} ${total === 1 ? 'part' : 'parts'}`,
  totalMatching: (total: number, search: string) =>
    `${count.format(total)} ${total === 1 ? 'part matches' : 'parts match'} “${search}”`,
  noMatch: (search: string) => `No parts match “${search}”.`,
  noParts: 'No parts in the catalogue yet.',
  clearSearch: 'Clear search',

  // Narrowing a search (issue 16 #5): facets, stock, the customer's vehicle.
  filters: 'Filters',
  showFilters: 'Show filters',
  hideFilters: 'Hide filters',
  brandsFacet: 'Brand',
  categoriesFacet: 'Category',
  facetEntry: (name: string, count: number) => `${name} (${count})`,
  inStockOnly: 'In stock only',
  clearFilters: 'Clear filters',
  didYouMean: (typed: string, spelled: string) =>
    `No parts match “${typed}”. Showing results for “${spelled}”.`,
  vehicleHeading: 'Your vehicle',
  fitsFilter: (vehicle: string) => `Showing parts that fit your ${vehicle}`,
  noVehicle: 'Choose your vehicle to see only the parts that fit it.',
  changeVehicle: 'Change vehicle',
  showAllParts: 'Show all parts',
  closePicker: 'Cancel',
  loadingPicker: 'Loading the vehicle picker',
  noMatchFilters: 'No parts match these filters.',
  noMatchForVehicle: (vehicle: string) => `No parts that fit your ${vehicle} match.`,

  // A category's page and a brand's page.
  breadcrumb: 'Breadcrumb',
  categoryTitle: (name: string) => `${name} — Axle`,
  categoryIntro: (name: string) => `Every part in ${name}, and in the categories below it.`,
  subcategories: 'Categories in this one',
  noSuchCategory: 'No such category.',
  loadingCategory: 'Loading the category',
  categoryLoadFailed: 'The categories could not be loaded.',
  brandTitle: (brand: string) => `${brand} parts — Axle`,
  brandIntro: (brand: string) => `Every ${brand} part we stock.`,
  noBrandParts: (brand: string) => `No ${brand} parts in the catalogue.`,

  pagination: 'Pages of parts',
  previousPage: 'Previous page',
  nextPage: 'Next page',
  page: (page: number) => `Page ${page}`,
  pageOf: (page: number, pages: number) => `Page ${page} of ${count.format(pages)}`,
} as const;
