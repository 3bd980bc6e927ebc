/**
 * Words of the parts list below Add a Product's form (PartsTable): loaded with the list, apart
 * from the page's first JavaScript (budget 118 KB).
 */
import { productsText } from './strings.ts';

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

export const partsTableText = {
  retry: productsText.retry,
  listHeading: 'Parts in the catalogue',
  loading: 'Loading parts',
  loadFailed: 'The parts could not be loaded.',
  searchLabel: 'Search parts',
  searchPlaceholder: 'Words of the name or description, in any order',
  noParts: 'No parts in the catalogue yet.',
  importParts: 'Import parts from a CSV file',
  list: 'Parts',
  noMatch: (search: string) => `No part matches “${search}”.`,
  clearSearch: 'Clear the search',
  columns: {
    picture: 'Picture',
    name: 'Name',
    stock: 'In stock',
    minimum: 'Minimum',
    price: 'Price',
    action: 'Action',
  },
  noPicture: 'No picture',
  edit: 'Edit',
  editLabel: (name: string) => `Edit ${name}`,
  formatPrice: (dollars: number) => usd.format(dollars),
} as const;
