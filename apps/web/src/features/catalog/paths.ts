/** The catalogue's addresses, written once: a part's page, a brand's, a category's. */

export const partPath = (partNumber: string) => `/parts/${encodeURIComponent(partNumber)}`;
export const brandPath = (brand: string) => `/brands/${encodeURIComponent(brand)}`;
export const categoryPath = (slug: string) => `/categories/${encodeURIComponent(slug)}`;
