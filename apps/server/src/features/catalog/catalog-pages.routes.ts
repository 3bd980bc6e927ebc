import { Readable } from 'node:stream';
import type { PartDetail } from '@axle/contract';
import type { FastifyPluginAsync } from 'fastify';
import type { Db } from '../../db/client.ts';
import { NotFound } from '../../domain/errors.ts';
import { escapeHtml, escapeXml } from '../../domain/html.ts';
import type { PageForPath } from '../../http/spa.ts';
import { getPartByNumber } from './catalog.service.ts';
import { sitemapCount, sitemapEntries } from './sitemap.service.ts';

// What search engines read (issue 16 #6): a part page's HTML carries its own title, description,
// canonical link and schema.org Product before any script runs; the sitemap names every part page;
// robots.txt names the sitemap. Pages, not API calls: left out of the OpenAPI document.

/** A part page's address: its number as typed, each character that needs it percent-encoded. */
export const partPagePath = (partNumber: string) => `/parts/${encodeURIComponent(partNumber)}`;

const DESCRIPTION_MAX = 160;

function summary(part: PartDetail): string {
  const makes = part.fitment.groups.map((group) => group.make);
  const fits = makes.length > 0 ? ` Fits ${makes.slice(0, 4).join(', ')}.` : '';
  const text = `${part.brand ? `${part.brand} ` : ''}${part.partNumber}: ${part.description}${fits}`;
  return text.length > DESCRIPTION_MAX ? `${text.slice(0, DESCRIPTION_MAX - 1)}…` : text;
}

/** schema.org Product JSON-LD, safe inside a script element (no `<` can close it). */
function productJsonLd(part: PartDetail, url: string, publicUrl: string): string {
  const product = {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: part.name,
    description: part.description,
    sku: part.partNumber,
    mpn: part.partNumber,
    ...(part.brand ? { brand: { '@type': 'Brand', name: part.brand } } : {}),
    ...(part.category ? { category: part.category.path.map((step) => step.name).join(' > ') } : {}),
    ...(part.img ? { image: new URL(part.img, publicUrl).href } : {}),
    offers: {
      '@type': 'Offer',
      url,
      price: part.price.toFixed(2),
      priceCurrency: 'USD',
      availability:
        part.availableQuantity >= part.minimumQuantity
          ? 'https://schema.org/InStock'
          : 'https://schema.org/OutOfStock',
      eligibleQuantity: { '@type': 'QuantitativeValue', minValue: part.minimumQuantity },
    },
  };
  return JSON.stringify(product).replaceAll('<', '\\u003c');
}

/** The web app's page with a part's title, description, canonical link and JSON-LD in its head. */
export function partPageHtml(page: string, part: PartDetail, publicUrl: string): string {
  const url = `${publicUrl}${partPagePath(part.partNumber)}`;
  const title = `${part.partNumber} ${part.brand ? `${part.brand} ` : ''}${part.name} | Axle`;
  const head = [
    `<link rel="canonical" href="${escapeHtml(url)}">`,
    `<meta property="og:title" content="${escapeHtml(title)}">`,
    `<script type="application/ld+json">${productJsonLd(part, url, publicUrl)}</script>`,
  ].join('\n    ');
  return page
    .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(title)}</title>`)
    .replace(
      /<meta name="description" content="[^"]*"\s*\/?>/,
      `<meta name="description" content="${escapeHtml(summary(part))}" />`,
    )
    .replace('</head>', `  ${head}\n  </head>`);
}

/** The page of a number no part has: the app (which says so), and not for search engines. */
function missingPartHtml(page: string): string {
  return page.replace('</head>', '  <meta name="robots" content="noindex">\n  </head>');
}

async function* sitemapXml(db: Db, n: number, publicUrl: string): AsyncGenerator<string> {
  yield '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n';
  for await (const entry of sitemapEntries(db, n))
    yield `<url><loc>${escapeXml(`${publicUrl}${partPagePath(entry.partNumber)}`)}</loc><lastmod>${entry.updatedAt.toISOString()}</lastmod></url>\n`;
  yield '</urlset>\n';
}

/** `parts-3.xml` is the third part sitemap. */
const sitemapFile = /^parts-([1-9]\d{0,5})\.xml$/;

export const catalogPageRoutes: FastifyPluginAsync<{
  db: Db;
  publicUrl: string;
  /** The web app's page for a path; without a built web app, only the sitemap and robots.txt. */
  pageFor: PageForPath | undefined;
}> = async (app, { db, publicUrl, pageFor }) => {
  const hide = { schema: { hide: true } };
  if (pageFor)
    app.get<{ Params: { partNumber: string } }>(
      '/parts/:partNumber',
      hide,
      async (request, reply) => {
        const path = request.url.split('?')[0] ?? '';
        const page = pageFor(path);
        reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8');
        try {
          const part = await getPartByNumber(db, request.params.partNumber.slice(0, 100));
          // A superseded number's page is its newest replacement's (issue 32 #1), which says
          // which number led there; `no-cache` keeps browsers from holding on to the redirect
          // should the replacement be undone.
          if (part.replacedBy)
            return reply.redirect(
              `${partPagePath(part.replacedBy.partNumber)}?from=${encodeURIComponent(part.partNumber)}`,
              301,
            );
          return reply.send(partPageHtml(page, part, publicUrl));
        } catch (error) {
          if (error instanceof NotFound) return reply.code(404).send(missingPartHtml(page));
          throw error;
        }
      },
    );

  app.get('/sitemap.xml', hide, async (_request, reply) => {
    const count = await sitemapCount(db);
    const sitemaps = Array.from(
      { length: count },
      (_, i) =>
        `<sitemap><loc>${escapeXml(`${publicUrl}/sitemaps/parts-${i + 1}.xml`)}</loc></sitemap>`,
    ).join('\n');
    return reply
      .type('application/xml; charset=utf-8')
      .send(
        `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${sitemaps}\n</sitemapindex>\n`,
      );
  });

  app.get<{ Params: { file: string } }>('/sitemaps/:file', hide, async (request, reply) => {
    const n = Number(sitemapFile.exec(request.params.file)?.[1] ?? 0);
    if (n < 1 || n > (await sitemapCount(db))) throw new NotFound('No such sitemap');
    return reply
      .type('application/xml; charset=utf-8')
      .send(Readable.from(sitemapXml(db, n, publicUrl)));
  });

  app.get('/robots.txt', hide, async (_request, reply) =>
    reply
      .type('text/plain; charset=utf-8')
      .send(`User-agent: *\nAllow: /\nDisallow: /api/\n\nSitemap: ${publicUrl}/sitemap.xml\n`),
  );
};
