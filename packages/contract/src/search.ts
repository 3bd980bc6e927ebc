import { z } from 'zod';
import { part } from './items.ts';
import { limitParam, outOfReach, pageParam, withinReach } from './lists.ts';
import { SEARCH_QUERY_MAX, VEHICLE_FILTER_MAX } from './texts.ts';

// One search box finds the part (issue 16 #4): part numbers and OE/cross-reference numbers in any
// spelling, words in any order over name, brand, part number, category and description, facets,
// a vehicle filter, close spellings when nothing matches, and suggestions while typing.

const searchText = z
  .string()
  .trim()
  .max(SEARCH_QUERY_MAX, `q is at most ${SEARCH_QUERY_MAX} characters`);

/** `true` or `false`, as a query string writes them. */
const flag = z.enum(['true', 'false'], { error: 'inStock is true or false' });

/** Strict: a parameter search does not take is refused (400), and never a cache key. */
export const searchQuery = z
  .strictObject({
    q: searchText.optional(),
    /** A brand's name, in any case or accents (as the brands facet names it). */
    brand: z.string().trim().min(1).max(60, 'brand is at most 60 characters').optional(),
    /** A category's id (as the categories facet gives it): it and every category below it. */
    category: z.uuid({ error: 'category must be a category id (a UUID)' }).optional(),
    /**
     * Vehicles of the list (an engine choice's id, a garage's vehicle, or a fleet's vehicles,
     * issue 32 #5), comma-separated: parts that fit any of them.
     */
    vehicle: z
      .string()
      .transform((ids) => ids.split(','))
      .pipe(
        z
          .array(z.uuid({ error: 'vehicle must be vehicle ids (UUIDs), comma-separated' }))
          .max(VEHICLE_FILTER_MAX, `vehicle names at most ${VEHICLE_FILTER_MAX} vehicles`),
      )
      .optional(),
    inStock: flag.optional(),
    page: pageParam.optional(),
    limit: limitParam.optional(),
  })
  .refine(withinReach, outOfReach);
export type SearchQuery = z.infer<typeof searchQuery>;

export const brandFacet = z.object({ name: z.string(), count: z.number().int() });
export const categoryFacet = z.object({ id: z.uuid(), name: z.string(), count: z.number().int() });

/** How many values each facet lists at most, the largest counts first. */
export const FACET_MAX = 20;

export const searchReply = z.object({
  items: z.array(part),
  total: z.number().int(),
  facets: z.object({ brands: z.array(brandFacet), categories: z.array(categoryFacet) }),
  /** When nothing matched as typed: the closest spelling, whose matches `items` then are. */
  didYouMean: z.string().optional(),
  /**
   * Parts found first because they replace the number searched (issue 32 #1): each newest
   * replacement's id and the superseded number it stands for. Left out when there is none.
   */
  replacements: z.array(z.object({ _id: z.uuid(), replaces: z.string() })).optional(),
});
export type SearchReply = z.infer<typeof searchReply>;

export const suggestQuery = z.strictObject({
  q: searchText.min(1, 'q is required'),
});

/** How many of each kind a suggestion list holds at most. */
export const SUGGEST_MAX = { parts: 6, brands: 4, categories: 4 } as const;

export const suggestReply = z.object({
  parts: z.array(
    z.object({
      _id: z.uuid(),
      partNumber: z.string(),
      name: z.string(),
      brand: z.string().nullable(),
    }),
  ),
  brands: z.array(z.object({ name: z.string() })),
  categories: z.array(z.object({ id: z.uuid(), name: z.string(), slug: z.string() })),
});
export type SuggestReply = z.infer<typeof suggestReply>;
