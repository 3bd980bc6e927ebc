import {
  FACET_MAX,
  LIST_PAGE_MAX,
  type SearchQuery,
  type SearchReply,
  SUGGEST_MAX,
  type SuggestReply,
} from '@axle/contract';
import { and, asc, desc, eq, inArray, like, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { containsPattern, startsPattern } from '../../db/paging.ts';
import { partsFitting } from '../vehicles/fitment.service.ts';
import { shownParts } from './catalog.service.ts';
import {
  brands,
  categories,
  folded,
  partFacetCounts,
  parts,
  searchTerms,
} from './catalog.table.ts';
import {
  categoryAndBelow,
  inCategory,
  inStock,
  matching,
  matchingSome,
  ofBrand,
  rankOf,
  resolveSearch,
  type Search,
  searchWords,
} from './search-match.service.ts';

// `GET /api/search` and its suggestions (issue 16 #4): the matching and ranking of search-match.ts,
// filtered by brand, category, vehicle and stock, with facets over every match.

/** Everything a search page filters by, the words and numbers included. */
function searchWhere(db: Db, query: SearchQuery, search: Search): SQL | undefined {
  return and(
    matching(search),
    query.brand ? ofBrand(query.brand) : undefined,
    search.categories ? inCategory(search.categories) : undefined,
    query.vehicle ? inArray(parts.id, partsFitting(db, query.vehicle)) : undefined,
    query.inStock === 'true' ? inStock() : undefined,
  );
}

/**
 * A search page in one statement, built apart so that a test can EXPLAIN exactly what runs: the
 * matches are found once (a materialised CTE: the words' trigram scan, the filters, the rank) and
 * that one set gives the page's ids, best match first and newest first within a rank, how many
 * match, and the brands and categories of every match, the most frequent first. Reading them in
 * three statements scanned the matches three times (a common three-word search at 250,000 parts:
 * about 15 ms each on PostgreSQL). Each answer row is one of those, told apart by `kind`.
 */
export function searchStatement(db: Db, query: SearchQuery, search: Search): SQL {
  if (isBrowse(query, search)) return browseStatement(query, search);
  const where = searchWhere(db, query, search) ?? sql`true`;
  const limit = query.limit ?? LIST_PAGE_MAX;
  const offset = ((query.page ?? 1) - 1) * limit;
  return sql`
    with m as materialized (
      select ${parts.id} as id, ${parts.brandId} as brand_id, ${parts.categoryId} as category_id,
             ${rankOf(search)} as rank, ${parts.createdAt} as created_at
      from ${parts} where ${where}
    ),
    page as (
      select id, row_number() over (order by rank, created_at desc, id desc) as ord
      from m order by rank, created_at desc, id desc limit ${limit} offset ${offset}
    )
    select 'part' as kind, id::text as key, null::text as name, ord as n from page
    union all
    select 'total', null, null, count(*) from m
    union all
    (select 'brand', null, b.name, count(*) from m join ${brands} b on b.id = m.brand_id
     group by b.name order by count(*) desc, b.name limit ${FACET_MAX})
    union all
    (select 'category', c.id::text, c.name, count(*) from m join ${categories} c on c.id = m.category_id
     group by c.id, c.name order by count(*) desc, c.name limit ${FACET_MAX})`;
}

/** No words, numbers or vehicle: the catalogue, a brand's or a category's parts, newest first. */
function isBrowse(query: SearchQuery, search: Search): boolean {
  return (
    search.words.length === 0 &&
    search.exact.length === 0 &&
    search.prefixed.length === 0 &&
    !query.vehicle
  );
}

/**
 * A search without words, numbers or a vehicle, in one statement of the same rows as a search's:
 * the page's ids from the `(created_at, id)` indexes (of all parts, of a brand's or of a
 * category's), and the total and facets from the kept counts of `part_facet_counts`, a few
 * hundred rows, so that the catalogue's first page does not count 250,000 parts (400 ms).
 */
function browseStatement(query: SearchQuery, search: Search): SQL {
  const limit = query.limit ?? LIST_PAGE_MAX;
  const offset = ((query.page ?? 1) - 1) * limit;
  const where =
    and(
      query.brand ? ofBrand(query.brand) : undefined,
      search.categories ? inCategory(search.categories) : undefined,
      query.inStock === 'true' ? inStock() : undefined,
    ) ?? sql`true`;
  const f = partFacetCounts;
  const counted =
    and(
      query.brand ? ofBrand(query.brand, f.brandId) : undefined,
      search.categories ? inCategory(search.categories, f.categoryId) : undefined,
      query.inStock === 'true' ? eq(f.inStock, true) : undefined,
    ) ?? sql`true`;
  return sql`
    with page as (
      select ${parts.id} as id, row_number() over (order by ${parts.createdAt} desc, ${parts.id} desc) as ord
      from ${parts} where ${where}
      order by ${parts.createdAt} desc, ${parts.id} desc limit ${limit} offset ${offset}
    ),
    f as (select ${f.brandId} as brand_id, ${f.categoryId} as category_id, ${f.n} as n
          from ${f} where ${counted})
    select 'part' as kind, id::text as key, null::text as name, ord as n from page
    union all
    select 'total', null, null, coalesce(sum(n), 0) from f
    union all
    (select 'brand', null, b.name, sum(n) from f join ${brands} b on b.id = f.brand_id
     group by b.name having sum(n) > 0 order by sum(n) desc, b.name limit ${FACET_MAX})
    union all
    (select 'category', c.id::text, c.name, sum(n) from f join ${categories} c on c.id = f.category_id
     group by c.id, c.name having sum(n) > 0 order by sum(n) desc, c.name limit ${FACET_MAX})`;
}

type SearchRow = {
  kind: 'part' | 'total' | 'brand' | 'category';
  key: string | null;
  name: string | null;
  n: string | number;
};

async function runSearch(db: Db, query: SearchQuery, search: Search): Promise<SearchReply> {
  const result = (await db.execute(searchStatement(db, query, search))) as unknown as {
    rows: SearchRow[];
  };
  const ofKind = (kind: SearchRow['kind']) => result.rows.filter((row) => row.kind === kind);
  const order = new Map(ofKind('part').map((row) => [row.key as string, Number(row.n)]));
  const items = await shownParts(db, [...order.keys()]);
  items.sort((a, b) => (order.get(a._id) ?? 0) - (order.get(b._id) ?? 0));
  const byCount = (row: SearchRow) => ({ name: row.name ?? '', count: Number(row.n) });
  const mostFirst = (a: { name: string; count: number }, b: { name: string; count: number }) =>
    b.count - a.count || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);
  const replacements = (search.replacing ?? [])
    .filter((replacement) => order.has(replacement.id))
    .map((replacement) => ({ _id: replacement.id, replaces: replacement.replaces }));
  return {
    ...(replacements.length > 0 ? { replacements } : {}),
    items,
    total: Number(ofKind('total')[0]?.n ?? 0),
    facets: {
      brands: ofKind('brand').map(byCount).sort(mostFirst),
      categories: ofKind('category')
        .map((row) => ({ id: row.key ?? '', ...byCount(row) }))
        .sort(mostFirst),
    },
  };
}

/**
 * Least trigram similarity for a word of the catalogue to count as a spelling of a typed one: low
 * enough for two swapped letters (`brkae` and `brake` share 2 of 10 trigrams), and a correction
 * only answers when it finds parts.
 */
const CLOSE_ENOUGH = 0.2;

/**
 * The search with each word the catalogue does not know replaced by the closest word it does
 * (pg_trgm over the words of names and brands); undefined when no word changes.
 */
async function closestSpelling(db: Db, search: string): Promise<string | undefined> {
  const words = searchWords(search);
  let changed = false;
  const spelled: string[] = [];
  for (const word of words) {
    const typed = word.toLowerCase();
    if (typed.length < 3 || /\d/.test(typed)) {
      spelled.push(word);
      continue;
    }
    const [known] = await db
      .select({ term: searchTerms.term })
      .from(searchTerms)
      .where(like(searchTerms.term, folded(sql`${startsPattern(typed)}`)))
      .limit(1);
    if (known) {
      spelled.push(word);
      continue;
    }
    const [closest] = await db
      .select({
        term: searchTerms.term,
        similarity: sql<number>`similarity(${searchTerms.term}, ${typed})`.mapWith(Number),
      })
      .from(searchTerms)
      .orderBy(sql`${searchTerms.term} <-> ${typed}`)
      .limit(1);
    if (closest && closest.similarity >= CLOSE_ENOUGH) {
      spelled.push(closest.term);
      changed = true;
    } else spelled.push(word);
  }
  return changed ? spelled.join(' ') : undefined;
}

/**
 * A page of search results with facets. When nothing matches as typed, the closest spelling of
 * the search is tried once; if that finds parts, they are the answer, with `didYouMean`.
 */
export async function searchParts(db: Db, query: SearchQuery): Promise<SearchReply> {
  const categories = query.category ? await categoryAndBelow(db, query.category) : undefined;
  const found = await runSearch(db, query, { ...(await resolveSearch(db, query.q)), categories });
  if (found.total > 0 || !query.q) return found;
  const corrected = await closestSpelling(db, query.q);
  if (!corrected) return found;
  const respelled = await runSearch(db, query, {
    ...(await resolveSearch(db, corrected)),
    categories,
  });
  return respelled.total > 0 ? { ...respelled, didYouMean: corrected } : found;
}

/** How many word matches suggestions rank at most (number matches come on top). */
const SUGGEST_CANDIDATES = 200;

/**
 * The statements of suggestions while typing (built apart so that a test can EXPLAIN them): parts
 * whose number starts with what is typed, or among the first SUGGEST_CANDIDATES found holding
 * every word (best first, then newest); brands whose name starts with it, categories whose name
 * holds it. No list counts or ranks more than a bounded few, so it stays quick at any size.
 */
export function suggestQueries(db: Db, q: string, search: Search) {
  const typed = q.trim();
  return {
    parts: db
      .select({
        _id: parts.id,
        partNumber: parts.partNumber,
        name: parts.name,
        brand: sql<string | null>`${brands.name}`.as('brand'),
      })
      .from(parts)
      .leftJoin(brands, eq(brands.id, parts.brandId))
      .where(matchingSome(db, search, SUGGEST_CANDIDATES))
      .orderBy(asc(rankOf(search)), desc(parts.createdAt), desc(parts.id))
      .limit(SUGGEST_MAX.parts),
    brands: db
      .select({ name: brands.name })
      .from(brands)
      .where(like(brands.nameKey, folded(sql`${startsPattern(typed)}`)))
      .orderBy(asc(brands.nameKey))
      .limit(SUGGEST_MAX.brands),
    categories: db
      .select({ id: categories.id, name: categories.name, slug: categories.slug })
      .from(categories)
      .where(like(folded(categories.name), folded(sql`${containsPattern(typed)}`)))
      .orderBy(asc(categories.name))
      .limit(SUGGEST_MAX.categories),
  };
}

/**
 * Suggestions while typing (see `suggestQueries`): the three lists in one statement, one round
 * trip (issue 31 #3), each a JSON array in the order its statement gives.
 */
export async function suggest(db: Db, q: string): Promise<SuggestReply> {
  const statements = suggestQueries(db, q, await resolveSearch(db, q));
  const result = (await db.execute(sql`select
    (select coalesce(json_agg(json_build_object('_id', s.id, 'partNumber', s.part_number,
        'name', s.name, 'brand', s.brand)), '[]'::json) from (${statements.parts}) s) as parts,
    (select coalesce(json_agg(json_build_object('name', s.name)), '[]'::json)
      from (${statements.brands}) s) as brands,
    (select coalesce(json_agg(json_build_object('id', s.id, 'name', s.name, 'slug', s.slug)),
        '[]'::json) from (${statements.categories}) s) as categories`)) as unknown as {
    rows: SuggestReply[];
  };
  const [row] = result.rows;
  return { parts: row?.parts ?? [], brands: row?.brands ?? [], categories: row?.categories ?? [] };
}
