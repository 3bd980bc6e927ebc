import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Db, Tx } from './client.ts';

const dialect = new PgDialect();

/**
 * A hot statement built once and sent by name (issue 31 #3): its SQL text is made here, not on
 * every call, and PostgreSQL parses it once per connection and, after a few runs, keeps its plan,
 * where an unnamed statement is parsed and planned again every time (measured: planning the
 * cart's line statement cost more than running it). `statement` takes its values as
 * `sql.placeholder(name)`s, filled from `values` at each call; it runs on the database or in the
 * caller's transaction. A name is given to one text only: statements whose text differs need
 * names of their own.
 */
export function namedStatement<Row>(name: string, statement: SQL) {
  const query = dialect.sqlToQuery(statement);
  return async (db: Db | Tx, values: Record<string, unknown>): Promise<Row[]> => {
    const result = (await db._.session
      .prepareQuery(query, undefined, name, false)
      .execute(values)) as { rows: Row[] };
    return result.rows;
  };
}
