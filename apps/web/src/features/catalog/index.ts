// The catalogue's public entry: what other features use of it.
import { lazy } from 'react';

export { useCategoryOptions } from './category-options.ts';
export { PriceLine, VolumePrices } from './components/PriceLine.tsx';
export { ITEMS_KEY } from './keys.ts';
export { categoriesQuery } from './search-api.ts';
export { catalogStrings } from './strings.ts';

/** What the catalogue knows of a part, for the purchase page, in a chunk of its own. */
export const PartCatalogue = /* @__PURE__ */ lazy(() => import('./components/PartFacts.tsx'));

/** The catalogue's search box with its suggestions (the navbar's), in a chunk of its own. */
export const SearchBox = /* @__PURE__ */ lazy(() => import('./components/SearchCombobox.tsx'));
