import { index } from 'drizzle-orm/pg-core';

/**
 * How much a trigram index keeps in its pending list, in kB (PostgreSQL's least). A GIN index
 * takes new entries into a pending list first and merges it into the index when it is full
 * (4 MB by default), and every search through the index reads the whole list: a row updated so
 * that it cannot stay on its page (stock taken by an order; every change of an order) adds its
 * entries there. Measured on 250,000 parts after a few thousand such updates (issue 31 #4, ADR
 * 023): 2,302 pending rows made the trigram step of a two-word search 2.6 ms where it is 0.6 ms
 * with the list merged. Kept this short, the writer that fills it merges about fifty rows.
 */
export const PENDING_LIST_KB = 64;

type IndexExpression = Parameters<ReturnType<typeof index>['using']>[1];

/** A GIN trigram index (substring search) whose pending list is kept short. */
export function trigramIndex(name: string, expression: IndexExpression) {
  return index(name).using('gin', expression).with({ gin_pending_list_limit: PENDING_LIST_KB });
}
