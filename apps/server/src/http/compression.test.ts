import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp } from '../../test/test-app.ts';

// Any large text reply is compressed for a client that accepts it (the cached catalogue has its
// own precompressed bodies; see catalog.cache.test.ts).
let t: Awaited<ReturnType<typeof createTestApp>>;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const docs = (headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url: '/api/docs/json', headers });

it('compresses a large JSON reply only when the client accepts an encoding', async () => {
  const plain = await docs();
  expect(plain.headers['content-encoding']).toBeUndefined();
  expect(plain.rawPayload.length).toBeGreaterThan(10_000);

  const gzipped = await docs({ 'accept-encoding': 'gzip' });
  expect(gzipped.headers['content-encoding']).toBe('gzip');
  expect(String(gzipped.headers.vary).toLowerCase()).toContain('accept-encoding');
  expect(gunzipSync(gzipped.rawPayload).toString()).toBe(plain.body);
  expect(gzipped.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);

  expect((await docs({ 'accept-encoding': 'br' })).headers['content-encoding']).toBe('br');
  expect((await docs({ 'accept-encoding': 'identity' })).headers['content-encoding']).toBe(
    undefined,
  );
});

it('sends a small reply as it is, also to a client that accepts an encoding', async () => {
  const res = await t.app.inject({
    method: 'GET',
    url: '/api/no-such-thing',
    headers: { 'accept-encoding': 'gzip, br' },
  });
  expect(res.statusCode).toBe(404);
  expect(res.headers['content-encoding']).toBeUndefined();
  expect(res.json()).toMatchObject({ error: { code: 'not_found' } });
});
