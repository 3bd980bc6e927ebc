import { gunzipSync } from 'node:zlib';
import Fastify from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createReplyCache } from './reply-cache.ts';

// Cached replies go through Fastify like every other reply: a hook added for all replies (here
// one that counts them and one that stamps a header on each) reaches them too. A small app with
// one cached route and one that writes.
const cache = createReplyCache({ maxBytes: 1024 * 1024 });
const app = Fastify();
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
  app.get('/parts', { onRequest: cache.serveHit }, async (request, reply) =>
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
