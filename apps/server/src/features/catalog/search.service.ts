import {
  FACET_MAX,
  LIST_PAGE_MAX,
  type SearchQuery,
  type SearchReply,
  SUGGEST_MAX,
  type SuggestReply,
} from '@axle/contract';
import {
  and,
  asc,
  count,
  desc,
  eq,
  getTableColumns,
  inArray,
  like,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { containsPattern, countWhere, pageTotal, startsPattern } from '../../db/paging.ts';
import { partsFitting } from '../vehicles/fitment.service.ts';
import { partsWithNames } from './catalog.service.ts';
import { brands, categories, folded, parts, searchTerms } from './catalog.table.ts';
import {
  inCategory,
  inStock,
  matching,
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
    query.category ? inCategory(query.category) : undefined,
    query.vehicle ? inArray(parts.id, partsFitting(db, query.vehicle)) : undefined,
    query.inStock === 'true' ? inStock() : undefined,
  );
}

/**
 * The statements of a search page, built apart so that a test can EXPLAIN exactly what runs: its
 * rows, best match first and newest first within a rank, each carrying the number of matches
 * (`count(*) over ()`); that number asked alone (for a page past the last match); and the brands
 * and categories of every match, the most frequent first.
 */
export function searchPageQueries(db: Db, query: SearchQuery, search: Search) {
  const where = searchWhere(db, query, search);
  const limit = query.limit ?? LIST_PAGE_MAX;
  const offset = ((query.page ?? 1) - 1) * limit;
  const matches = count();
  return {
    rows: db
      .select({ ...getTableColumns(parts), total: sql<number>`count(*) over ()`.mapWith(Number) })
      .from(parts)
      .where(where)
      .orderBy(asc(rankOf(search)), desc(parts.createdAt), desc(parts.id))
      .limit(limit)
      .offset(offset),
    total: countWhere(parts, where),
    brands: db
      .select({ name: brands.name, count: matches })
      .from(parts)
      .innerJoin(brands, eq(brands.id, parts.brandId))
      .where(where)
      .groupBy(brands.name)
      .orderBy(desc(matches), asc(brands.name))
      .limit(FACET_MAX),
    categories: db
      .select({ id: categories.id, name: categories.name, count: matches })
      .from(parts)
      .innerJoin(categories, eq(categories.id, parts.categoryId))
      .where(where)
      .groupBy(categories.id, categories.name)
      .orderBy(desc(matches), asc(categories.name))
      .limit(FACET_MAX),
  };
}

async function runSearch(db: Db, query: SearchQuery, search: Search): Promise<SearchReply> {
  const page = searchPageQueries(db, query, search);
  const [rows, brandCounts, categoryCounts] = await Promise.all([
    page.rows,
    page.brands,
    page.categories,
  ]);
  const [items, total] = await Promise.all([
    partsWithNames(db, rows),
    pageTotal(db, rows, page.total),
  ]);
  return { items, total, facets: { brands: brandCounts, categories: categoryCounts } };
}

/** Least trigram similarity for a word of the catalogue to count as a spelling of a typed one. */
const CLOSE_ENOUGH = 0.3;

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
  const found = await runSearch(db, query, await resolveSearch(db, query.q));
  if (found.total > 0 || !query.q) return found;
  const corrected = await closestSpelling(db, query.q);
  if (!corrected) return found;
  const respelled = await runSearch(db, query, await resolveSearch(db, corrected));
  return respelled.total > 0 ? { ...respelled, didYouMean: corrected } : found;
}

/**
 * The statements of suggestions while typing (built apart so that a test can EXPLAIN them): parts
 * whose number starts with what is typed or that hold every word (best first, then newest),
 * brands whose name starts with it, categories whose name holds it. Each list is short and none
 * counts its matches, so it stays quick at any size.
 */
export function suggestQueries(db: Db, q: string, search: Search) {
  const typed = q.trim();
  return {
    parts: db
      .select({ _id: parts.id, partNumber: parts.partNumber, name: parts.name, brand: brands.name })
      .from(parts)
      .leftJoin(brands, eq(brands.id, parts.brandId))
      .where(matching(search))
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

/** Suggestions while typing (see `suggestQueries`). */
export async function suggest(db: Db, q: string): Promise<SuggestReply> {
  const statements = suggestQueries(db, q, await resolveSearch(db, q));
  const [partRows, brandRows, categoryRows] = await Promise.all([
    statements.parts,
    statements.brands,
    statements.categories,
  ]);
  return { parts: partRows, brands: brandRows, categories: categoryRows };
}
