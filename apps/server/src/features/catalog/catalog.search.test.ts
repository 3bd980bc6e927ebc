import { partList } from '@axle/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/test-app.ts';
import { parts } from './catalog.table.ts';

// Search by words (issue 15 #4) on a catalogue of our own, each part a day newer than the one
// before it, so that "newest first" is a known order.
let t: Awaited<ReturnType<typeof createTestApp>>;

const catalogue = [
  {
    name: 'Brake Pad Set AX-00123 Front Axle',
    description: 'Organic compound for light vans.',
  },
  { name: 'Bremsbeläge Vorderachse', description: 'Für Straße und Rennstrecke, geräuscharm.' },
  { name: 'Front Brake Pad Kit', description: 'Sintered pads for motorbikes.' },
  {
    name: 'Pad Wear Sensor',
    description: 'Warns when the brake linings are worn: fit with every new set.',
  },
  { name: 'Cabin Air Filter', description: 'Activated carbon; keeps brake dust out of the car.' },
  {
    name: 'Workshop Creeper',
    description: 'Padded board to lie on under a car, for brake and exhaust work.',
  },
  { name: 'Rear Brake Pad Set', description: 'Low-dust ceramic.' },
];
const day = 24 * 60 * 60 * 1000;

beforeAll(async () => {
  t = await createTestApp();
  await t.db.insert(parts).values(
    catalogue.map((part, index) => ({
      ...part,
      availableQuantity: 100,
      minimumQuantity: 1,
      priceCents: 1000,
      createdAt: new Date(Date.UTC(2026, 0, 1) + index * day),
    })),
  );
});
afterAll(() => t.close());

/** The names a search finds, in the order the list gives them, with the reply. */
async function search(words: string) {
  const res = await t.app.inject(`/api/items?search=${encodeURIComponent(words)}`);
  expect(res.statusCode).toBe(200);
  return { names: partList.parse(res.json()).map((part) => part.name), res };
}

describe('GET /api/items?search=', () => {
  it('finds a part by several words in any order, a part number among them', async () => {
    for (const words of ['brake pad AX-00123', 'AX-00123 pad brake', 'ax-00123 BRAKE']) {
      const { names, res } = await search(words);
      expect(names, words).toEqual(['Brake Pad Set AX-00123 Front Axle']);
      expect(res.headers['x-total-count']).toBe('1');
    }
  });

  it('needs every word to be found, in the name or the description', async () => {
    // "front" is in two names; "sintered" only in one of their descriptions.
    expect((await search('front sintered')).names).toEqual(['Front Brake Pad Kit']);
    // "compound" is in the description, "axle" in the name: words may come from both.
    expect((await search('compound axle')).names).toEqual(['Brake Pad Set AX-00123 Front Axle']);
  });

  it('ignores case and accents on both sides', async () => {
    for (const words of ['BREMSBELAGE', 'bremsbelág', 'Bremsbeläge strasse', 'GERÄUSCHARM']) {
      expect((await search(words)).names, words).toEqual(['Bremsbeläge Vorderachse']);
    }
  });

  it('matches each word anywhere inside the words of the text', async () => {
    // "00123" is inside "AX-00123", "cer" inside "ceramic".
    expect((await search('00123')).names).toEqual(['Brake Pad Set AX-00123 Front Axle']);
    expect((await search('cer rear')).names).toEqual(['Rear Brake Pad Set']);
  });

  it('drops punctuation around a word, keeps it inside', async () => {
    expect((await search('"rear," (pad)')).names).toEqual(['Rear Brake Pad Set']);
    expect((await search('AX_00123')).names).toEqual([]);
  });

  it('lists parts whose name holds every word first, then the rest, newest first in each', async () => {
    expect((await search('pad brake')).names).toEqual([
      // Every word in the name, newest first.
      'Rear Brake Pad Set',
      'Front Brake Pad Kit',
      'Brake Pad Set AX-00123 Front Axle',
      // Found through the description (at least one word), newest first.
      'Workshop Creeper',
      'Pad Wear Sensor',
    ]);
  });

  it('answers a search that finds nothing with an empty list, a total of 0 and no next page', async () => {
    const { names, res } = await search('brake pad AX-99999');
    expect(names).toEqual([]);
    expect(res.headers['x-total-count']).toBe('0');
    expect(res.headers.link).toBeUndefined();
  });

  it('pages the matches, ranked, with a Link to the next page that keeps the search', async () => {
    const first = await t.app.inject('/api/items?search=brake%20pad&limit=2');
    expect(partList.parse(first.json()).map((part) => part.name)).toEqual([
      'Rear Brake Pad Set',
      'Front Brake Pad Kit',
    ]);
    expect(first.headers['x-total-count']).toBe('5');
    expect(first.headers.link).toBe('</api/items?search=brake%20pad&page=2&limit=2>; rel="next"');
    const last = await t.app.inject('/api/items?search=brake%20pad&page=3&limit=2');
    expect(partList.parse(last.json()).map((part) => part.name)).toEqual(['Pad Wear Sensor']);
    expect(last.headers['x-total-count']).toBe('5');
    expect(last.headers.link).toBeUndefined();
    // Past the last match no row carries the count: it is counted apart, and still 5.
    const past = await t.app.inject('/api/items?search=brake%20pad&page=4&limit=2');
    expect(past.json()).toEqual([]);
    expect(past.headers['x-total-count']).toBe('5');
  });
});
