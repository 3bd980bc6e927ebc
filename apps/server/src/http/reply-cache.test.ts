import { gunzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createReplyCache, type ReplyCache } from './reply-cache.ts';

/** A catalogue-like query: strict, with texts trimmed and numbers read from text. */
const partsQuery = z.strictObject({
  search: z.string().trim().max(100).optional(),
  page: z.coerce.number().int().min(1).optional(),
});

// Cached replies go through Fastify like every other reply: a hook added for all replies (here
// one that counts them and one that stamps a header on each) reaches them too. A small app with
// one cached route and one that writes.
const cache = createReplyCache({ maxBytes: 1024 * 1024 });
const app = Fastify();
app.setValidatorCompiler(validatorCompiler);
app.setSerializerCompiler(serializerCompiler);
let requestsSeen = 0;
let repliesStamped = 0;
let reads = 0;

beforeAll(async () => {
  app.addHook('onRequest', async () => {
    requestsSeen++;
  });
  app.addHook('onSend', async (_request, reply) => {
    repliesStamped++;
    reply.header('x-stamp', 'yes');
  });
  app.get(
    '/parts',
    { onRequest: cache.serveHit, schema: { querystring: partsQuery } },
    async (request, reply) =>
      cache.send(request, reply, async () => {
        reads++;
        return {
          body: JSON.stringify({ parts: ['brake pads'.repeat(200)], read: reads }),
          headers: { 'x-total-count': '1' },
        };
      }),
  );
  app.post('/parts', async () => {
    cache.invalidate();
    return { ok: true };
  });
  await app.ready();
});
afterAll(() => app.close());
beforeEach(() => cache.invalidate());

const get = (url: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url, headers });

describe('a cached reply', () => {
  it('is read once, then sent from memory through every hook, with the same bytes', async () => {
    const readsBefore = reads;
    const first = await get('/parts?page=1');
    const [seen, stamped] = [requestsSeen, repliesStamped];
    const second = await get('/parts?page=1');
    expect(reads).toBe(readsBefore + 1);
    expect([requestsSeen, repliesStamped]).toEqual([seen + 1, stamped + 1]);
    expect(second.body).toBe(first.body);
    expect(second.headers).toMatchObject({
      'x-stamp': 'yes',
      'x-total-count': '1',
      etag: first.headers.etag,
      'content-type': 'application/json; charset=utf-8',
      'content-length': String(Buffer.byteLength(first.body)),
    });
  });

  it('is compressed once for clients that accept it, revalidated with a 304, and answers HEAD', async () => {
    const plain = await get('/parts');
    const gzipped = await get('/parts', { 'accept-encoding': 'gzip' });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzipped.rawPayload).toString()).toBe(plain.body);
    const again = await get('/parts', { 'accept-encoding': 'gzip' });
    expect(again.rawPayload.equals(gzipped.rawPayload)).toBe(true);

    const unchanged = await get('/parts', { 'if-none-match': String(plain.headers.etag) });
    expect(unchanged).toMatchObject({ statusCode: 304, body: '' });
    expect(unchanged.headers['x-stamp']).toBe('yes');

    const head = await app.inject({ method: 'HEAD', url: '/parts' });
    expect(head).toMatchObject({ statusCode: 200, body: '' });
    expect(head.headers['content-length']).toBe(plain.headers['content-length']);
  });

  it('is read again after a write emptied the cache', async () => {
    const before = (await get('/parts')).json().read;
    expect((await app.inject({ method: 'POST', url: '/parts' })).statusCode).toBe(200);
    expect((await get('/parts')).json().read).toBeGreaterThan(before);
  });
});

/** A small app with one cached route whose query `q` may be long (up to 5,000 characters). */
async function cachedApp(
  cache: ReplyCache,
): Promise<{ echo: FastifyInstance; reads: () => number }> {
  const small = Fastify();
  small.setValidatorCompiler(validatorCompiler);
  small.setSerializerCompiler(serializerCompiler);
  let count = 0;
  small.get(
    '/echo',
    {
      onRequest: cache.serveHit,
      schema: { querystring: z.strictObject({ q: z.string().max(5000) }) },
    },
    async (request, reply) =>
      cache.send(request, reply, async () => {
        count++;
        return { body: JSON.stringify({ length: (request.query as { q: string }).q.length }) };
      }),
  );
  small.addHook('onClose', async () => cache.close());
  await small.ready();
  return { echo: small, reads: () => count };
}

describe('the cache bounds its memory (issue 14 #4)', () => {
  it('[HT-01] keys on the parsed query: equivalent URLs are one entry, read once', async () => {
    const readsBefore = reads;
    const urls = [
      '/parts?page=2&search=pads',
      '/parts?search=pads&page=2',
      '/parts?search=%20pads%20&page=02',
      '/parts?page=2.0&search=pads%20%20',
      '/parts?search=pads&page=+2',
    ];
    const replies = [];
    for (const url of urls) replies.push(await get(url));
    for (const reply of replies) expect(reply.statusCode).toBe(200);
    expect(reads).toBe(readsBefore + 1);
    expect(new Set(replies.map((reply) => reply.headers.etag)).size).toBe(1);
    expect(cache.stats().entries).toBe(1);
  });

  it('[HT-02] refuses an unknown query parameter (400) and caches nothing for it', async () => {
    await get('/parts');
    const before = cache.stats();
    for (let n = 0; n < 50; n++) {
      const res = await get(`/parts?junk${n}=${'x'.repeat(1000)}`);
      expect(res.statusCode).toBe(400);
    }
    // A cached URL with an unknown parameter is no hit either.
    expect((await get('/parts?page=1&junk=1')).statusCode).toBe(400);
    expect(cache.stats()).toEqual(before);
  });

  it('[HT-03] counts keys, headers and bodies toward its cap, and forgets the least recently used first', async () => {
    const maxBytes = 64 * 1024;
    const small = createReplyCache({ maxBytes });
    const { echo, reads: echoReads } = await cachedApp(small);
    try {
      const url = (n: number) => `/echo?q=${String(n).padStart(4000, 'k')}`;
      // 200 distinct keys of 4 KB each: 800 KB of keys, whose bodies are a few bytes.
      for (let n = 0; n < 200; n++) {
        expect((await echo.inject(url(n))).statusCode).toBe(200);
        // The first one is read again and again: the most recently used, it stays.
        await echo.inject(url(0));
        const { bytes, entries } = small.stats();
        expect(bytes).toBeLessThanOrEqual(maxBytes);
        // Each entry counts its key: no more than the cap holds of them.
        expect(entries * 4000).toBeLessThanOrEqual(maxBytes);
      }
      const reads = echoReads();
      await echo.inject(url(0));
      expect(echoReads()).toBe(reads);
      // The oldest that was not read again is gone.
      await echo.inject(url(1));
      expect(echoReads()).toBe(reads + 1);
    } finally {
      await echo.close();
    }
  });

  it('[HT-04] drops an expired reply on time, with nothing else written', async () => {
    const small = createReplyCache({ maxBytes: 1024 * 1024, ttlMs: 40 });
    const { echo } = await cachedApp(small);
    try {
      for (let n = 0; n < 20; n++) await echo.inject(`/echo?q=${n}`);
      expect(small.stats().entries).toBe(20);
      await new Promise((resolve) => setTimeout(resolve, 150));
      expect(small.stats()).toEqual({ entries: 0, bytes: 0 });
    } finally {
      await echo.close();
    }
  });
});
