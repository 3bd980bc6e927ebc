import type { Db, Tx } from '../../db/client.ts';
import { categories } from './catalog.table.ts';

// A category as people write it in a catalogue file (issue 33 #5): its slug (brake-pads), its name
// (Brake pads) or its path from the top (Brakes > Brake pads), in any letter case and spacing;
// and, for what names none, the closest one there is.

/** Text as the lookup compares it: NFKC, lower case, one space between words. */
const fold = (text: string) =>
  text.normalize('NFKC').toLocaleLowerCase('en').replace(/\s+/g, ' ').trim();

/** A path as the lookup compares it: each step folded, one ` > ` between them. */
const foldPath = (text: string) =>
  text
    .split('>')
    .map((step) => fold(step))
    .join(' > ');

/** The three-letter runs of a text's words (pg_trgm's way: each word padded with two spaces). */
function trigrams(text: string): Set<string> {
  const runs = new Set<string>();
  for (const word of fold(text)
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)) {
    const padded = `  ${word} `;
    for (let i = 0; i + 3 <= padded.length; i++) runs.add(padded.slice(i, i + 3));
  }
  return runs;
}

/** How alike two texts are, from 0 to 1: the share of their trigrams they have in common. */
function similarity(a: Set<string>, b: Set<string>): number {
  if (a.size === 0 || b.size === 0) return 0;
  let shared = 0;
  for (const run of a) if (b.has(run)) shared++;
  return shared / (a.size + b.size - shared);
}

/** What a file's category cell names: a category, several (a name used twice), or none. */
export type CategoryFound =
  | { id: string }
  | { ambiguous: string[] }
  | { unknown: true; closest: string | null };

/** Below this a category is too unlike what was written to be offered as meant. */
const CLOSEST_AT_LEAST = 0.2;

/**
 * Reads every category once (a shop has a few hundred) and answers what a cell names: by slug,
 * path or name, ambiguous names answering the paths of the categories they could mean.
 */
export async function categoryLookup(db: Db | Tx): Promise<(written: string) => CategoryFound> {
  const rows = await db
    .select({
      id: categories.id,
      slug: categories.slug,
      name: categories.name,
      ref: categories.ref,
    })
    .from(categories);
  const entries = rows.map((row) => {
    const path = (row.ref.path ?? []).map((step) => step.name).join(' > ') || row.name;
    return { id: row.id, slug: row.slug, path, runs: trigrams(path) };
  });
  const byKey = new Map<string, Set<string>>();
  const add = (key: string, id: string) => byKey.set(key, (byKey.get(key) ?? new Set()).add(id));
  const pathOf = new Map<string, string>();
  for (const [i, entry] of entries.entries()) {
    const row = rows[i];
    if (!row) continue;
    pathOf.set(entry.id, entry.path);
    add(`slug:${fold(entry.slug)}`, entry.id);
    add(`path:${foldPath(entry.path)}`, entry.id);
    add(`name:${fold(row.name)}`, entry.id);
  }
  return (written) => {
    const ids =
      byKey.get(`slug:${fold(written)}`) ??
      byKey.get(`path:${foldPath(written)}`) ??
      (written.includes('>') ? undefined : byKey.get(`name:${fold(written)}`));
    if (ids?.size === 1) return { id: [...ids][0] as string };
    if (ids && ids.size > 1)
      return { ambiguous: [...ids].map((id) => pathOf.get(id) ?? '').sort() };
    const runs = trigrams(written.replaceAll('>', ' ').replaceAll('-', ' '));
    let closest: string | null = null;
    let best = CLOSEST_AT_LEAST;
    for (const entry of entries) {
      const alike = similarity(runs, entry.runs);
      if (alike > best) {
        best = alike;
        closest = entry.path;
      }
    }
    return { unknown: true, closest };
  };
}
