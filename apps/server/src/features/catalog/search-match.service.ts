import { numberKey as typedNumberKey } from '@axle/contract';
import { and, or, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { containsPattern } from '../../db/paging.ts';
import { folded, partReferences, parts } from './catalog.table.ts';

// How a search matches and ranks parts (issue 15 #4, issue 16 #4), shared by `GET /api/items?search=`
// and `GET /api/search`: a part matches when the whole search is (the start of) one of its numbers
// in any spelling, or when every word is found in its words.

/**
 * The words of a search: split at white space, each matched literally (LIKE's wildcards and
 * escape are escaped). Punctuation around a word is dropped (`"pads,"` is `pads`) unless the word
 * is nothing else (`%` is looked for as it is); inside a word it stays (`AX-00123`).
 */
export function searchWords(search: string | undefined): string[] {
  return (search ?? '')
    .split(/\s+/)
    .filter((word) => word !== '')
    .map((word) => word.replace(/^\p{P}+|\p{P}+$/gu, '') || word);
}

/**
 * The search as a part number, when it can be one: with a digit, and three characters or more once
 * spaces, dashes, dots and slashes are gone (`04465 02220` is `0446502220`). Only letters and
 * digits remain, so it is safe in a LIKE pattern.
 */
export function searchNumber(search: string | undefined): string | undefined {
  const key = typedNumberKey(search ?? '');
  return key.length >= 3 && /\d/.test(key) && /^[\p{L}\p{N}]+$/u.test(key) ? key : undefined;
}

/** How many parts a number's prefix finds at most: enough for any real number, and bounded. */
export const NUMBER_MATCH_MAX = 500;

/**
 * A search made ready to match: its words, and the parts one of whose numbers (their own or
 * another brand's) is the search (`exact`) or starts with it (`prefixed`), found first through the
 * number indexes. Ids rather than a sub-select, so that the planner sees how few they are and
 * combines them with the words' trigram index.
 */
export type Search = {
  words: string[];
  exact: string[];
  prefixed: string[];
  /** A category filter: the category and those below it (`categoryAndBelow`). */
  categories?: string[] | undefined;
  /**
   * The newest replacements of the superseded parts `exact` holds (issue 32 #1), each with the
   * number it replaces: found with them, and first.
   */
  replacing?: { id: string; replaces: string }[];
};

export async function resolveSearch(db: Db | Tx, text: string | undefined): Promise<Search> {
  const words = searchWords(text);
  const key = searchNumber(text);
  if (!key) return { words, exact: [], prefixed: [] };
  // Exact numbers apart from prefixes, so that the bound on prefixes never drops an exact one;
  // in one statement, one round trip.
  const prefix = `${key}%`;
  const found = (await db.execute(sql`
    with found as (
    (select ${parts.id}::text as id, true as exact from ${parts}
      where ${parts.partNumberKey} = ${key} limit 1)
    union all
    (select ${partReferences.partId}::text, true from ${partReferences}
      where ${partReferences.numberKey} = ${key} limit ${NUMBER_MATCH_MAX})
    union all
    (select ${parts.id}::text, false from ${parts}
      where ${parts.partNumberKey} like ${prefix} limit ${NUMBER_MATCH_MAX})
    union all
    (select ${partReferences.partId}::text, false from ${partReferences}
      where ${partReferences.numberKey} like ${prefix} limit ${NUMBER_MATCH_MAX}))
    select id, exact, null::text as replaces from found
    union all
    select newest_part(p.id)::text, true, p.part_number from found
      join ${parts} p on p.id = found.id::uuid and p.superseded_by is not null
      where found.exact`)) as unknown as {
    rows: { id: string; exact: boolean; replaces: string | null }[];
  };
  const numbers = found.rows.filter((row) => row.replaces === null);
  const exact = new Set(numbers.filter((row) => row.exact).map((row) => row.id));
  const prefixed = [
    ...new Set(numbers.filter((row) => !row.exact && !exact.has(row.id)).map((row) => row.id)),
  ];
  const replacing = found.rows.flatMap((row) =>
    row.replaces === null ? [] : [{ id: row.id, replaces: row.replaces }],
  );
  return { words, exact: [...exact], prefixed, ...(replacing.length > 0 ? { replacing } : {}) };
}

/** A LIKE pattern finding `word` anywhere, folded as the search columns are (see `folded`). */
const containing = (word: string): SQL => folded(sql`${containsPattern(word)}`);

/** The part is one of `ids`. */
const oneOf = (ids: string[]): SQL => sql`${parts.id} = any(${sql.param(ids)}::uuid[])`;

/** Every word is found in the part's words (name, brand, number, category, description). */
function wordsMatch(words: string[]): SQL | undefined {
  return and(...words.map((word) => sql`${parts.searchText} LIKE ${containing(word)}`));
}

/**
 * The parts a search finds: those one of whose numbers starts with the search, and those holding
 * every word. A word matches anywhere inside a word of the text (`00123` finds `AX-00123`): the
 * trigram index serves words of three characters or more; shorter ones are checked on the rows the
 * others found. Undefined for an empty search (every part).
 */
export function matching(search: Search, byWords = wordsMatch(search.words)): SQL | undefined {
  const byNumber = [
    ...(search.replacing ?? []).map((replacement) => replacement.id),
    ...search.exact,
    ...search.prefixed,
  ];
  if (byNumber.length === 0) return byWords;
  return or(oneOf(byNumber), byWords);
}

/**
 * As `matching`, with at most `max` of the parts the words find (any of them, unranked): enough to
 * rank a short list from, with no more read than that whatever the catalogue holds.
 */
export function matchingSome(db: Db | Tx, search: Search, max: number): SQL | undefined {
  const byWords = wordsMatch(search.words);
  if (!byWords) return matching(search);
  const some = db.select({ id: parts.id }).from(parts).where(byWords).limit(max);
  return matching(search, sql`${parts.id} = any(array(${some}))`);
}

/**
 * Where a match ranks, best first: -1 it replaces a part whose number is exactly the search, 0 its
 * number is exactly the search, 1 a number starts with it, 2 its name and brand hold every word,
 * 3 the rest (category, description).
 */
export function rankOf(search: Search): SQL<number> {
  const nameHoldsEvery = and(
    ...search.words.map((word) => sql`${parts.searchName} LIKE ${containing(word)}`),
  );
  const replacing = (search.replacing ?? []).map((replacement) => replacement.id);
  const byNumber = sql.join([
    replacing.length > 0 ? sql`when ${oneOf(replacing)} then -1 ` : sql``,
    search.exact.length > 0 ? sql`when ${oneOf(search.exact)} then 0 ` : sql``,
    search.prefixed.length > 0 ? sql`when ${oneOf(search.prefixed)} then 1 ` : sql``,
  ]);
  return sql<number>`case ${byNumber} when ${nameHoldsEvery ?? sql`false`} then 2 else 3 end`;
}

/**
 * A category and every category below it, read before a search that filters by it: as a list of
 * ids, PostgreSQL's statistics tell how many parts they hold (a sub-select looked like every part,
 * and a deep page of a small category walked the whole catalogue's index: 320 ms at 250,000).
 */
export async function categoryAndBelow(db: Db | Tx, categoryId: string): Promise<string[]> {
  const result = (await db.execute(sql`
    with recursive below(id, depth) as (
      select id, 0 from categories where id = ${categoryId}
      union all
      select c.id, below.depth + 1 from categories c join below on c.parent_id = below.id
        where below.depth < 20
    )
    select id::text as id from below`)) as unknown as { rows: { id: string }[] };
  return result.rows.map((row) => row.id);
}

/** The parts of one of these categories (`column` holds their category). */
export function inCategory(categoryIds: string[], column: SQLWrapper = parts.categoryId): SQL {
  return sql`${column} = any(${sql.param(categoryIds)}::uuid[])`;
}

/** Parts of the brand named `name`, in any case or accents (`column` holds their brand). */
export function ofBrand(name: string, column: SQLWrapper = parts.brandId): SQL {
  return sql`${column} = (select id from brands where name_key = ${folded(sql`${name}`)})`;
}

/** A part that holds some stock. */
export const inStock = (): SQL => sql`${parts.availableQuantity} > 0`;
