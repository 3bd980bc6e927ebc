// The catalogue's public entry: what other features use of it.

export { categoriesQuery } from './api.ts';
export { FitsYours, PartFacts, PartIdentity } from './components/PartFacts.tsx';
export { SearchCombobox } from './components/SearchCombobox.tsx';
export { ITEMS_KEY } from './keys.ts';
export { catalogStrings } from './strings.ts';
