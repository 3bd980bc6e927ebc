/**
 * The home page's list of parts (SPEC §2): its heading, its spinner and its link, shown while the
 * cards (and their words, strings.ts) load after the page's first paint.
 */
export const homeListStrings = {
  heading: 'All of our products',
  seeAllParts: 'See all parts',
  loadingParts: 'Loading parts',
} as const;
