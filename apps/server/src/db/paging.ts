import { LIST_PAGE_MAX } from '@axle/contract';
import { type AnyColumn, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { Invalid } from '../domain/errors.ts';
import type { Db } from './client.ts';

/**
 * One page of a list: its rows, how many rows match in all, and where the next page starts (an
 * opaque cursor; absent on the last page). Routes turn `total` and `next` into the
 * `X-Total-Count` and `Link` headers.
 */
export type Page<T> = { rows: T[]; total: number; next?: string };

/** A sort a keyset list offers: the column (or expression) it orders by, and which way. */
export type KeysetSort = {
  name: string;
  key: SQL | AnyColumn;
  /** The key's SQL type, to read a cursor's value back as one. */
  type: 'timestamptz' | 'text' | 'bigint';
  direction: 'asc' | 'desc';
  /** The type of the id that breaks ties: a UUID unless said otherwise. */
  idType?: 'uuid' | 'bigint';
};

/** The sort key of a row as text, selected beside the row to make the next page's cursor. */
export const sortKeyText = (sort: KeysetSort) => sql<string>`(${sort.key})::text`;

/**
 * Where a page starts: after the row with this sort value and id. The value is the key as
 * PostgreSQL writes it as text (`sortKeyText`), so a timestamp keeps its microseconds.
 */
type Position = { value: string; id: string };

const invalidCursor = () => new Invalid('cursor is not valid');

/** A cursor names its sort, so that one made for another sort is refused rather than misread. */
function encodeCursor(sort: string, position: Position): string {
  return Buffer.from(JSON.stringify([sort, position.value, position.id])).toString('base64url');
}

function decodeCursor(sort: string, cursor: string): Position {
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw invalidCursor();
  }
  if (!Array.isArray(decoded) || decoded.length !== 3) throw invalidCursor();
  const [name, value, id] = decoded as unknown[];
  const valueOk = typeof value === 'string' && value.length <= 100;
  const idOk = typeof id === 'string' && /^[0-9a-f-]{1,36}$/i.test(id);
  if (name !== sort || !valueOk || !idOk) throw invalidCursor();
  return { value, id };
}

/**
 * The keyset condition of the page after `cursor`: rows strictly after that row in the sort's
 * order (the id breaks ties, in the same direction), so each page is one index range and rows
 * added meanwhile neither repeat nor go missing.
 */
function after(sort: KeysetSort, id: AnyColumn, cursor: string | undefined): SQL | undefined {
  if (cursor === undefined) return undefined;
  const { value, id: lastId } = decodeCursor(sort.name, cursor);
  // Typed like the key and the id, so that PostgreSQL compares values, not texts.
  const position = sql`(${value}::${sql.raw(sort.type)}, ${lastId}::${sql.raw(sort.idType ?? 'uuid')})`;
  return sort.direction === 'desc'
    ? sql`(${sort.key}, ${id}) < ${position}`
    : sql`(${sort.key}, ${id}) > ${position}`;
}

/** The ORDER BY of a keyset sort: its key, then the id the same way. */
function orderOf(sort: KeysetSort, id: AnyColumn): SQL {
  return sort.direction === 'desc'
    ? sql`${sort.key} desc, ${id} desc`
    : sql`${sort.key} asc, ${id} asc`;
}

/** How many rows a page holds: the caller's limit, else the most a page may hold. */
export const pageSize = (limit: number | undefined) => limit ?? LIST_PAGE_MAX;

/**
 * A page from rows fetched with one row more than the page holds (each with its `sortKey`): that
 * extra row only says that there is a next page, which starts after the page's last row.
 */
function keysetPage<Row extends { id: string | number; sortKey: string }, T>(
  fetched: Row[],
  size: number,
  total: number,
  sort: KeysetSort,
  toItem: (row: Row) => T,
): Page<T> {
  const rows = fetched.slice(0, size);
  const last = rows.at(-1);
  const more = fetched.length > size && last !== undefined;
  return {
    rows: rows.map(toItem),
    total,
    ...(more
      ? { next: encodeCursor(sort.name, { value: last.sortKey, id: String(last.id) }) }
      : {}),
  };
}

/**
 * `count(*)` of the rows of `table` that `where` keeps, as a value a statement selects beside its
 * rows (a scalar subquery: PostgreSQL runs it once per statement).
 */
export const countWhere = (table: SQLWrapper, where: SQL | undefined): SQL<number> =>
  sql<number>`(select count(*) from ${table}${where ? sql` where ${where}` : sql``})`.mapWith(
    Number,
  );

/**
 * One page of a keyset list: `rows` runs the list's own query with the page's position (after
 * `cursor`), order and limit (one row more than the page, to know whether another follows), and
 * selects `total` (the count of every matching row, a scalar subquery such as `countWhere` or a
 * kept count) beside each row, so that a page is one statement; only an empty page asks for the
 * total alone. Each kept row becomes an item with `toItem`.
 */
export async function keysetList<
  Row extends { id: string | number; sortKey: string; total: number },
  T,
>(list: {
  db: Db;
  sort: KeysetSort;
  id: AnyColumn;
  limit: number | undefined;
  cursor: string | undefined;
  total: SQL<number>;
  rows: (page: {
    after: SQL | undefined;
    orderBy: SQL;
    limit: number;
    total: SQL<number>;
  }) => PromiseLike<Row[]>;
  toItem: (row: Row) => T;
}): Promise<Page<T>> {
  const size = pageSize(list.limit);
  const rows = await list.rows({
    after: after(list.sort, list.id, list.cursor),
    orderBy: orderOf(list.sort, list.id),
    limit: size + 1,
    total: list.total,
  });
  return keysetPage(rows, size, await pageTotal(list.db, rows, list.total), list.sort, list.toItem);
}

/**
 * A page's total: what its rows carry (each selected `total` beside itself), or, for an empty
 * page (nothing matches, or a page past the end), `total` asked alone.
 */
export async function pageTotal(
  db: Db,
  rows: readonly { total: number }[],
  total: SQL<number>,
): Promise<number> {
  const first = rows[0];
  if (first) return first.total;
  const [alone] = await db.select({ n: total }).from(sql`(select 1) as one`);
  return alone?.n ?? 0;
}

/**
 * The rows whose `id` is one of those `ids` selects (a page's ids, read from an index alone): an
 * array looked up through the primary key, id by id, so that the planner cannot choose to join
 * it against a scan of the whole table.
 */
export const idIn = (id: AnyColumn, ids: SQLWrapper): SQL => sql`${id} = any(array(${ids}))`;

/** `word` for LIKE, with LIKE's own wildcards in it taken literally. */
const literally = (word: string) => word.replace(/[\\%_]/g, (c) => `\\${c}`);

/** `%word%` for LIKE, with LIKE's own wildcards in the word taken literally. */
export function containsPattern(word: string): string {
  return `%${literally(word)}%`;
}

/** `word%` for LIKE: what starts with the word, taken literally. */
export function startsPattern(word: string): string {
  return `${literally(word)}%`;
}

/** The words of a search, lower-cased: each must match (in any order). */
export function searchWords(q: string | undefined): string[] {
  return (q ?? '').toLowerCase().split(/\s+/).filter(Boolean).slice(0, 10);
}

/** Every word of `q` somewhere in `text` (a lower-cased expression a trigram index covers). */
export function matchesEveryWord(text: SQL, q: string | undefined): SQL | undefined {
  const words = searchWords(q);
  if (words.length === 0) return undefined;
  return sql.join(
    words.map((word) => sql`${text} like ${containsPattern(word)}`),
    sql` and `,
  );
}

/** `from` (its day's start, UTC) and `to` (up to its day's end) as conditions on `column`. */
export function withinDays(column: AnyColumn, from?: string, to?: string): SQL[] {
  const conditions: SQL[] = [];
  if (from) conditions.push(sql`${column} >= ${new Date(`${from}T00:00:00.000Z`)}`);
  if (to) {
    const end = new Date(`${to}T00:00:00.000Z`);
    end.setUTCDate(end.getUTCDate() + 1);
    conditions.push(sql`${column} < ${end}`);
  }
  if (from && to && from > to) throw new Invalid('from must not be after to');
  return conditions;
}
