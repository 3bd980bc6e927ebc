/**
 * Words of the navbar's search (issue 16 #5), apart from the catalogue's other words: the navbar
 * is on every page, and brings only these.
 */
export const searchText = {
  catalogueSearchLabel: 'Search the catalogue',
  catalogueSearchPlaceholder: 'Part number, OE number, name or brand',
  catalogueSearchButton: 'Search',
  suggestionsLabel: 'Suggestions',
  suggestionGroups: { parts: 'Parts', brands: 'Brands', categories: 'Categories' },
  suggestedPart: (partNumber: string, brand: string | null, name: string) =>
    `${partNumber} · ${brand ? `${brand} ` : ''}${name}`,
  suggestionCount: (count: number) =>
    `${count} ${count === 1 ? 'suggestion' : 'suggestions'}: use the arrow keys to choose`,
} as const;
