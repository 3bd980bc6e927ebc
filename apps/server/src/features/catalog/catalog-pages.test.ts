import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_PUBLIC_URL } from '../../../test/test-app.ts';
import { demoParts } from '../../db/seed/demo-catalogue.ts';
import { seedDemo } from '../../db/seed/index.ts';
import { SITEMAP_URLS_MAX, sitemapEntries } from './sitemap.service.ts';

// Found by search engines (issue 16 #6): what a crawler reads without running any script.
let webRoot: string;
let t: Awaited<ReturnType<typeof createTestApp>>;

beforeAll(async () => {
  webRoot = await mkdtemp(join(tmpdir(), 'axle-web-'));
  await mkdir(join(webRoot, 'assets'));
  await writeFile(
    join(webRoot, 'index.html'),
    '<!doctype html><html><head><meta name="description" content="Axle: car parts." />' +
      '<title>Axle — car parts for business</title></head><body><div id="root"></div></body></html>',
  );
  t = await createTestApp({ webRoot });
  await seedDemo(t.db);
});
afterAll(async () => {
  await t.close();
  await rm(webRoot, { recursive: true, force: true });
});

/** The demo parts a sitemap lists: not the superseded numbers, whose pages redirect. */
const listedDemoParts = demoParts.filter((part) => !part.catalogue.supersededBy).length;

/** The JSON-LD blocks of a page. */
function jsonLd(html: string): Record<string, unknown>[] {
  return [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map((match) =>
    JSON.parse(match[1] ?? 'null'),
  );
}

describe('a part page', () => {
  it("carries the part's title, description, canonical link and Product JSON-LD in its HTML", async () => {
    const res = await t.app.inject('/parts/P%2083%20140');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain('<title>P 83 140 Brembo Ceramic Front Brake Pad Set | Axle</title>');
    expect(res.body).toMatch(/<meta name="description" content="Brembo P 83 140: Low-dust ceramic/);
    expect(res.body).toContain(
      `<link rel="canonical" href="${TEST_PUBLIC_URL}/parts/P%2083%20140">`,
    );
    expect(res.body).toContain('<div id="root">');
    expect(jsonLd(res.body)).toEqual([
      expect.objectContaining({
        '@type': 'Product',
        name: 'Ceramic Front Brake Pad Set',
        mpn: 'P 83 140',
        brand: { '@type': 'Brand', name: 'Brembo' },
        category: 'Brakes > Brake pads',
        image: `${TEST_PUBLIC_URL}/images/parts/brake-pads.svg`,
        offers: expect.objectContaining({
          price: '18.50',
          priceCurrency: 'USD',
          availability: 'https://schema.org/InStock',
        }),
      }),
    ]);
  });

  it('finds the part by its number in another spelling, and says so in the canonical link', async () => {
    const res = await t.app.inject('/parts/p-83-140');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(
      `<link rel="canonical" href="${TEST_PUBLIC_URL}/parts/P%2083%20140">`,
    );
  });

  it('keeps markup in a part out of the page: the title escaped, the JSON-LD unable to close its script', async () => {
    await t.db.execute(
      sql`update parts set name = '</script><script>alert(1)</script>' where part_number = 'W 68/3'`,
    );
    const res = await t.app.inject(`/parts/${encodeURIComponent('W 68/3')}`);
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('<script>alert(1)');
    expect(res.body).toContain('&lt;/script&gt;&lt;script&gt;alert(1)');
    expect(jsonLd(res.body)[0]).toMatchObject({ name: '</script><script>alert(1)</script>' });
  });

  it('answers a number no part has with the app, a 404 and noindex', async () => {
    const res = await t.app.inject('/parts/NO-SUCH-PART');
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('<div id="root">');
    expect(res.body).toContain('<meta name="robots" content="noindex">');
    expect(jsonLd(res.body)).toEqual([]);
  });
});

describe('the sitemap', () => {
  it('is an index of part sitemaps naming every part page, and robots.txt names it', async () => {
    const index = await t.app.inject('/sitemap.xml');
    expect(index.statusCode).toBe(200);
    expect(index.headers['content-type']).toContain('application/xml');
    expect(index.body).toContain(`<loc>${TEST_PUBLIC_URL}/sitemaps/parts-1.xml</loc>`);
    const first = await t.app.inject('/sitemaps/parts-1.xml');
    expect(first.statusCode).toBe(200);
    const urls = [...first.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(urls).toHaveLength(listedDemoParts);
    expect(urls).toContain(`${TEST_PUBLIC_URL}/parts/W%2068%2F3`);
    expect((await t.app.inject('/sitemaps/parts-2.xml')).statusCode).toBe(404);
    expect((await t.app.inject('/sitemaps/other.xml')).statusCode).toBe(404);
    const robots = await t.app.inject('/robots.txt');
    expect(robots.body).toContain(`Sitemap: ${TEST_PUBLIC_URL}/sitemap.xml`);
  });

  it('splits the catalogue into sitemaps of at most 50,000 parts, read a batch at a time', async () => {
    await t.db.execute(sql`
      INSERT INTO parts (name, description, available_quantity, minimum_quantity, price_cents)
      SELECT 'Generated part ' || i, 'For the sitemap.', 1, 1, 100
      FROM generate_series(1, ${SITEMAP_URLS_MAX}) AS i`);
    const index = await t.app.inject('/sitemap.xml');
    expect(index.body).toContain('/sitemaps/parts-2.xml</loc>');
    expect(index.body).not.toContain('/sitemaps/parts-3.xml');
    const seen = new Set<string>();
    for (const n of [1, 2])
      for await (const entry of sitemapEntries(t.db, n)) seen.add(entry.partNumber);
    expect(seen.size).toBe(SITEMAP_URLS_MAX + listedDemoParts);
  }, 240_000);
});
