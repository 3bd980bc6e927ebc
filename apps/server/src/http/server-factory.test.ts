import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createReplyCache } from './reply-cache.ts';
import { requestLogging } from './request-log.ts';
import { createServerFactory } from './server-factory.ts';

// The HTTP server answers cached URLs itself, before Fastify sees the request, over a real
// socket (`app.inject` does not come through it). Here on a small app with one cached route and
// one that writes, whose global hook counts the requests Fastify handled.
const common = { 'x-frame-options': 'DENY' };
const cache = createReplyCache({ maxBytes: 1024 * 1024, headers: common });
const lines: string[] = [];
const logging = requestLogging('info', { write: (line: string) => void lines.push(line) });
const server = createServerFactory({
  caches: [cache],
  log: { controller: logging.logController, level: () => app.log.level },
});
const app = Fastify({ ...logging, serverFactory: server.serverFactory });
let handledByFastify = 0;
let reads = 0;
let base = '';

/** A reply as it arrived: the status, every header but the date, and the body's bytes. */
type Arrived = { status: number; headers: Record<string, string>; body: string };

function call(
  method: string,
  path: string,
  headers: Record<string, string> = {},
): Promise<Arrived> {
  return new Promise((resolve, reject) => {
    const sent = httpRequest(`${base}${path}`, { method, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        const { date: _date, ...rest } = response.headers;
        resolve({
          status: response.statusCode ?? 0,
          headers: rest as Record<string, string>,
          body: Buffer.concat(chunks).toString('latin1'),
        });
      });
    });
    sent.on('error', reject);
    sent.end();
  });
}

/** The request lines of the access log written while `make` ran. */
async function logged(make: () => Promise<unknown>) {
  const from = lines.length;
  await make();
  // A line is written when its reply has gone, which may be just after the client has it.
  await new Promise((resolve) => setTimeout(resolve, 20));
  return lines
    .slice(from)
    .map((line) => JSON.parse(line))
    .filter((line) => line.msg === 'request completed');
}

beforeAll(async () => {
  app.addHook('onRequest', async () => {
    handledByFastify++;
  });
  app.addHook('preClose', async () => server.close());
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
  await app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
});
afterAll(() => app.close());
beforeEach(() => cache.invalidate());

describe('the server answering cached replies itself', () => {
  it('sends the bytes Fastify sends for the same URL, without Fastify', async () => {
    const first = await call('GET', '/parts?page=1');
    const handled = handledByFastify;
    const second = await call('GET', '/parts?page=1');
    expect(handledByFastify).toBe(handled);
    expect(second).toEqual(first);
    expect(first).toMatchObject({
      status: 200,
      headers: { 'x-frame-options': 'DENY', 'x-total-count': '1', etag: expect.any(String) },
    });
    expect(reads).toBeGreaterThan(0);

    // Another URL is another reply: Fastify's route makes it.
    await call('GET', '/parts?page=2');
    expect(handledByFastify).toBe(handled + 1);
  });

  it('compresses, revalidates and answers HEAD as Fastify does', async () => {
    const gzip = { 'accept-encoding': 'gzip' };
    const viaFastify = await call('GET', '/parts', gzip);
    const handled = handledByFastify;
    const compressed = await call('GET', '/parts', gzip);
    expect(compressed).toEqual(viaFastify);
    expect(compressed.headers['content-encoding']).toBe('gzip');

    const unchanged = await call('GET', '/parts', {
      'if-none-match': compressed.headers.etag ?? '',
    });
    expect(unchanged).toMatchObject({
      status: 304,
      body: '',
      headers: { 'x-frame-options': 'DENY' },
    });

    const plain = await call('GET', '/parts');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(await call('HEAD', '/parts')).toEqual({ ...plain, body: '' });
    expect(handledByFastify).toBe(handled);
  });

  it('leaves every other method, and a URL emptied by a write, to Fastify', async () => {
    const before = JSON.parse((await call('GET', '/parts')).body).read;
    const handled = handledByFastify;
    expect((await call('POST', '/parts')).status).toBe(200);
    expect(handledByFastify).toBe(handled + 1);
    const after = JSON.parse((await call('GET', '/parts')).body).read;
    expect(after).toBeGreaterThan(before);
    expect(handledByFastify).toBe(handled + 2);
  });

  it('writes the same access line as Fastify, with an id of its own', async () => {
    const [viaFastify] = await logged(() => call('GET', '/parts?search=pads'));
    const [cached] = await logged(() => call('GET', '/parts?search=pads'));
    const shape = {
      level: 30,
      time: expect.any(Number),
      pid: process.pid,
      hostname: expect.any(String),
      reqId: expect.stringMatching(/^req-[0-9a-z]+$/),
      req: {
        method: 'GET',
        url: '/parts?search=pads',
        host: base.slice('http://'.length),
        remoteAddress: '127.0.0.1',
        remotePort: expect.any(Number),
      },
      res: { statusCode: 200 },
      responseTime: expect.any(Number),
      msg: 'request completed',
    };
    expect(viaFastify).toEqual(shape);
    expect(cached).toEqual(shape);
    expect(Object.keys(cached)).toEqual(Object.keys(viaFastify));
    expect(cached.reqId).not.toBe(viaFastify.reqId);

    // One-time secrets in the URL are not logged, by either.
    await call('GET', '/parts?token=s3cret');
    const [secret] = await logged(() => call('GET', '/parts?token=s3cret'));
    expect(secret.req.url).toBe('/parts?token=%5Bredacted%5D');
    expect(lines.join('\n')).not.toContain('s3cret');
  });

  it('sends everything to Fastify once the app is closing', async () => {
    await call('GET', '/parts');
    const handled = handledByFastify;
    server.close();
    await call('GET', '/parts');
    expect(handledByFastify).toBe(handled + 1);
  });
});
