// Attack catalogue, the HTTP layer (issue 14 #4, #5, #15, #16 and the fuzzer's findings; ASVS 5
// V4.1, V13.4): what any client can do to the server before a route's own checks: unknown query
// parameters, bodies and headers that never end, build metadata, malformed URLs and requests,
// unsupported methods, and whether the OpenAPI document says what the server does. The reply
// cache's own bounds are tested in src/http/reply-cache.test.ts (HT-01 to HT-04).
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { locationPattern } from '@axle/contract';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Customer, signInAdmin } from '../customers.ts';
import { expectUnchanged, snapshot } from './snapshot.ts';
import { addPart, createSecurityTestApp, expectError, NO_ID, type TestApp } from './support.ts';

type Schema = Record<string, unknown>;
type Operation = {
  parameters?: { in: string; name: string; schema: Schema }[];
  requestBody?: { content: Record<string, { schema: Schema }> };
  responses: Record<string, unknown>;
};
type Document = { paths: Record<string, Record<string, Operation>> };

let t: TestApp;
let admin: Customer;
let partId: string;
let doc: Document;

beforeAll(async () => {
  t = await createSecurityTestApp();
  admin = await signInAdmin(t.app, t.db);
  partId = await addPart(t);
  doc = (await t.app.inject('/api/docs/json')).json();
});
afterAll(() => t.close());

/** The security headers every reply carries (security-headers.ts). */
function expectSecurityHeaders(headers: Record<string, unknown>): void {
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(String(headers['content-security-policy'])).toContain("default-src 'self'");
  expect(headers['x-frame-options']).toBe('DENY');
}

const operations = () =>
  Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({ path, method, operation })),
  );

describe('query parameters (issue 14 #4)', () => {
  it('[HT-05] every API call refuses a query parameter it does not declare with a 400, and changes nothing', async () => {
    const before = await snapshot(t.db);
    const checked: string[] = [];
    for (const { path, method, operation } of operations()) {
      // The identity provider chooses the parameters of its redirect back: that call takes any.
      if (path === '/api/auth/google/callback') continue;
      const url = path.replace(/\{(\w+)\}/g, (_, name: string) =>
        name === 'email' ? encodeURIComponent(admin.email) : name === 'id' ? partId : 'x.png',
      );
      const declared = (operation.parameters ?? [])
        .filter((parameter) => parameter.in === 'query')
        .map((parameter) => `${parameter.name}=1`);
      const res = await t.app.inject({
        method: method.toUpperCase() as 'GET',
        url: `${url}?${[...declared, `junk=${'x'.repeat(2000)}`].join('&')}`,
        headers: admin.headers,
      });
      expectError(res, 400, 'invalid');
      expect(res.json().error.message, `${method} ${path}`).toContain('Unknown query parameter');
      checked.push(`${method} ${path}`);
    }
    expect(checked.length).toBeGreaterThan(30);
    await expectUnchanged(t.db, before);
  });

  it('[HT-05] the queries the web app sends, and cache-busting the web files, still work', async () => {
    expect(
      (await t.app.inject({ url: '/api/items?search=brake&page=1&limit=12' })).statusCode,
    ).toBe(200);
    const profile = await t.app.inject({
      url: `/api/profileinfo?email=${encodeURIComponent(admin.email)}`,
      headers: admin.headers,
    });
    expect(profile.statusCode).toBe(200);
    const orders = await t.app.inject({
      url: `/api/userorder?email=${encodeURIComponent(admin.email)}`,
      headers: admin.headers,
    });
    expect(orders.statusCode).toBe(200);
  });
});

/** A server of its own, on a real socket, with short timeouts. */
async function listeningApp() {
  const served = await createSecurityTestApp({
    httpTimeouts: { requestMs: 600, headersMs: 300, keepAliveMs: 400 },
  });
  await served.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = served.app.server.address() as AddressInfo;
  return { served, port };
}

type Exchange = { closed: boolean; afterMs: number; received: string };

/**
 * Opens a connection, writes `head`, then `drip` every `everyMs` until the server closes the
 * connection (or `giveUpMs` passes: then `closed` is false).
 */
function trickle(
  port: number,
  head: string,
  options: { drip?: string; everyMs?: number; giveUpMs?: number } = {},
): Promise<Exchange> {
  const { drip, everyMs = 100, giveUpMs = 4000 } = options;
  return new Promise((resolve) => {
    const started = Date.now();
    let received = '';
    const socket = connect(port, '127.0.0.1', () => socket.write(head));
    const dripping = drip
      ? setInterval(() => {
          if (socket.writable) socket.write(drip);
        }, everyMs)
      : undefined;
    const finish = (closed: boolean) => {
      clearInterval(dripping);
      clearTimeout(giveUp);
      socket.destroy();
      resolve({ closed, afterMs: Date.now() - started, received });
    };
    const giveUp = setTimeout(() => finish(false), giveUpMs);
    socket.on('data', (chunk) => {
      received += chunk.toString('latin1');
      // A reply came: no more bytes after it (writing to a socket the server has closed could
      // reset the connection before the reply is read).
      clearInterval(dripping);
    });
    socket.on('error', () => {});
    socket.on('close', () => finish(true));
  });
}

/** A raw HTTP reply's status, headers (lower-case names) and body. */
function parseReply(raw: string) {
  const [head = '', ...rest] = raw.split('\r\n\r\n');
  const [statusLine = '', ...lines] = head.split('\r\n');
  const headers = Object.fromEntries(
    lines.map((line) => {
      const colon = line.indexOf(':');
      return [line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim()];
    }),
  );
  return { status: Number(statusLine.split(' ')[1]), headers, body: rest.join('\r\n\r\n') };
}

function expectRawError(raw: string, status: number, code: string): void {
  const reply = parseReply(raw);
  expect(reply.status, raw).toBe(status);
  expectSecurityHeaders(reply.headers);
  expect(reply.headers['content-type']).toMatch(/^application\/json/);
  expect(JSON.parse(reply.body)).toEqual({ error: { code, message: expect.any(String) } });
}

describe('slow clients (issue 14 #5)', () => {
  let served: TestApp;
  let port: number;
  beforeAll(async () => {
    ({ served, port } = await listeningApp());
  });
  afterAll(() => served.close());

  it('[HT-06] a body trickled a byte at a time is cut off with a 408 in the shop’s shape, and nothing is stored', async () => {
    const before = await snapshot(served.db);
    const exchange = await trickle(
      port,
      'POST /api/newsletter HTTP/1.1\r\nHost: shop.test\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"email":"',
      { drip: 'a', everyMs: 100 },
    );
    expect(exchange.closed).toBe(true);
    expect(exchange.afterMs).toBeLessThan(2500);
    expectRawError(exchange.received, 408, 'request_timeout');
    await expectUnchanged(served.db, before);
  });

  it('[HT-07] headers trickled a line at a time are cut off too, and an idle kept-alive connection is closed', async () => {
    const headers = await trickle(port, 'GET /api/health HTTP/1.1\r\nHost: shop.test\r\n', {
      drip: 'X-Slow: 1\r\n',
      everyMs: 100,
    });
    expect(headers.closed).toBe(true);
    expect(headers.afterMs).toBeLessThan(2500);
    expectRawError(headers.received, 408, 'request_timeout');

    const idle = await trickle(port, 'GET /api/health HTTP/1.1\r\nHost: shop.test\r\n\r\n');
    expect(idle.closed).toBe(true);
    expect(idle.received).toMatch(/^HTTP\/1\.1 200/);
    expect(idle.afterMs).toBeLessThan(2500);
  });

  it('[HT-09] a malformed request or oversized headers get the shop’s error shape and security headers', async () => {
    const malformed = await trickle(port, 'GET /api/health HTTP/1.1\r\nHost shop.test\r\n\r\n');
    expect(malformed.closed).toBe(true);
    expectRawError(malformed.received, 400, 'bad_request');
    const oversized = await trickle(
      port,
      `GET /api/health HTTP/1.1\r\nHost: shop.test\r\nX-Big: ${'b'.repeat(20_000)}\r\n\r\n`,
    );
    expect(oversized.closed).toBe(true);
    expectRawError(oversized.received, 431, 'headers_too_large');
  });
});

describe('a server that is closing (issue 14 #16)', () => {
  it('[HT-09] answers a request that arrives while it closes with a 503 in the shop’s shape', async () => {
    const { served, port } = await listeningApp();
    let received = '';
    const socket = connect(port, '127.0.0.1');
    socket.on('data', (chunk) => {
      received += chunk.toString('latin1');
    });
    socket.on('error', () => {});
    const closed = new Promise((resolve) => socket.on('close', resolve));
    const body = '{"email":"closing@garage.com"}';
    // A request under way (its body half sent) keeps the connection busy while the server closes.
    socket.write(
      `POST /api/newsletter HTTP/1.1\r\nHost: shop.test\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body.slice(0, 10)}`,
    );
    await new Promise((resolve) => setTimeout(resolve, 100));
    const closing = served.close();
    await new Promise((resolve) => setTimeout(resolve, 100));
    socket.write(`${body.slice(10)}GET /api/health HTTP/1.1\r\nHost: shop.test\r\n\r\n`);
    await Promise.race([closed, new Promise((resolve) => setTimeout(resolve, 3000))]);
    socket.destroy();
    await closing;
    const second = received.slice(received.indexOf('HTTP/1.1', 1));
    expect(received).toMatch(/^HTTP\/1\.1 200/);
    expectRawError(second, 503, 'unavailable');
  });
});

describe('build metadata (issue 14 #15)', () => {
  let webRoot: string;
  let web: TestApp;
  beforeAll(async () => {
    webRoot = await mkdtemp(join(tmpdir(), 'axle-web-'));
    await mkdir(join(webRoot, '.vite'));
    await writeFile(
      join(webRoot, 'index.html'),
      '<!doctype html><html><head></head><body><div id="root"></div></body></html>',
    );
    await writeFile(
      join(webRoot, '.vite', 'manifest.json'),
      JSON.stringify({ 'src/main.tsx': { file: 'assets/index-1.js' } }),
    );
    await writeFile(
      join(webRoot, '.vite', 'route-preloads.json'),
      JSON.stringify([{ path: '/login', files: ['assets/LoginPage-l1.js'] }]),
    );
    web = await createSecurityTestApp({ webRoot });
  });
  afterAll(async () => {
    await web.close();
    await rm(webRoot, { recursive: true, force: true });
  });

  it.each([
    '/.vite/manifest.json',
    '/.vite/route-preloads.json',
    '/.vite/',
    '/%2Evite/manifest.json',
    '/.vite/manifest.json?v=1',
    '/assets/../.vite/manifest.json',
  ])('[HT-08] %s is a 404, neither the file nor the page', async (url) => {
    for (const method of ['GET', 'HEAD'] as const) {
      const res = await web.app.inject({ method, url });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.body).not.toContain('src/main.tsx');
      expect(res.body).not.toContain('LoginPage');
    }
  });

  it('[HT-08] the server still names each page’s chunks from the list it reads from disk', async () => {
    const page = await web.app.inject({ url: '/login' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(
      '<link rel="modulepreload" crossorigin href="/assets/LoginPage-l1.js">',
    );
  });
});

describe('errors before routing (issue 14 #16)', () => {
  it.each(['/api/item/%', '/api/item/%E0%A4%A', '/%E0%A4%A', '/api/items/%zz'])(
    '[HT-09] %s is a 400 in the shop’s shape, with the security headers',
    async (url) => {
      const res = await t.app.inject({ url });
      expectError(res, 400);
      expectSecurityHeaders(res.headers);
    },
  );
});

describe('methods (the fuzzer’s findings)', () => {
  it.each([
    ['TRACE', '/api/items', 'GET, HEAD, POST'],
    ['PATCH', '/api/items', 'GET, HEAD, POST'],
    ['DELETE', '/api/reviews', 'GET, HEAD'],
    ['OPTIONS', `/api/item/${NO_ID}`, 'GET, HEAD, PUT'],
    ['POST', '/api/auth/me', 'GET, HEAD'],
  ])('[HT-10] %s %s is a 405 naming the methods it takes', async (method, url, allow) => {
    const res = await t.app.inject({ method: method as 'GET', url });
    expectError(res, 405, 'method_not_allowed');
    expect(res.headers.allow).toBe(allow);
    expectSecurityHeaders(res.headers);
  });

  it('[HT-10] a path that does not exist is still a 404, whatever the method', async () => {
    expectError(await t.app.inject({ method: 'TRACE', url: '/api/nothing' }), 404, 'not_found');
    expectError(await t.app.inject({ method: 'GET', url: '/api/items/x' }), 404, 'not_found');
  });
});

/** Every JSON schema of a call's input (parameters and body), with what it belongs to. */
function inputSchemas(): { where: string; schema: Schema }[] {
  return operations().flatMap(({ path, method, operation }) => [
    ...(operation.parameters ?? []).map((parameter) => ({
      where: `${method} ${path} ${parameter.in}.${parameter.name}`,
      schema: parameter.schema,
    })),
    ...Object.values(operation.requestBody?.content ?? {}).map((media) => ({
      where: `${method} ${path} body`,
      schema: media.schema,
    })),
  ]);
}

/** Every string schema inside `schema`, with its path. */
function* strings(schema: unknown, where: string): Generator<{ where: string; schema: Schema }> {
  if (schema === null || typeof schema !== 'object') return;
  const node = schema as Schema;
  if ([node.type].flat().includes('string')) yield { where, schema: node };
  for (const [key, value] of Object.entries(node)) {
    if (key === 'not') continue;
    if (Array.isArray(value)) for (const item of value) yield* strings(item, `${where}.${key}`);
    else if (typeof value === 'object') yield* strings(value, `${where}.${key}`);
  }
}

describe('the OpenAPI document says what the server does (the fuzzer’s findings)', () => {
  it('[HT-11] the statuses routes send are documented: logout’s 204, the redirects, a picture’s bytes', async () => {
    const logout = doc.paths['/api/auth/logout']?.post;
    expect(Object.keys(logout?.responses ?? {})).toContain('204');
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/logout' });
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect(Object.keys(doc.paths['/api/auth/google']?.get?.responses ?? {})).toContain('302');
    expect(doc.paths['/api/images/{name}']?.get?.responses['200']).toMatchObject({
      content: { 'image/*': { schema: { type: 'string', format: 'binary' } } },
    });
    // Every call names the refusals every call can give.
    for (const { path, method, operation } of operations())
      expect(Object.keys(operation.responses), `${method} ${path}`).toContain('400');
  });

  it('[HT-12] every pattern is a plain ECMAScript pattern that means what the server checks', () => {
    const patterns = inputSchemas().flatMap(({ where, schema }) =>
      [...strings(schema, where)].filter((found) => typeof found.schema.pattern === 'string'),
    );
    expect(patterns.length).toBeGreaterThan(3);
    for (const { where, schema } of patterns) {
      // Compiles without flags (as generators and most validators read it), no Unicode classes.
      expect(() => new RegExp(String(schema.pattern)), where).not.toThrow();
      expect(String(schema.pattern), where).not.toMatch(/\\[pP]\{/);
    }
    const location = patterns.find((found) => found.where.endsWith('location'));
    expect(location).toBeDefined();
    const documented = new RegExp(String(location?.schema.pattern));
    const samples = [
      'Mirpur, Dhaka',
      'Zürich, Genève',
      'Dhaka',
      'Dhaka, 1207',
      ',p{L}',
      ', Œuvre.',
    ];
    for (const sample of samples)
      expect(documented.test(sample), sample).toBe(locationPattern.test(sample));
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 20 }), (text) => {
        expect(documented.test(text)).toBe(locationPattern.test(text));
      }),
    );
    // A generator makes locations from the document that the server takes.
    fc.assert(
      fc.property(fc.stringMatching(documented, { size: 'small' }), (text) => {
        expect(locationPattern.test(text), JSON.stringify(text)).toBe(true);
      }),
    );
  });

  it('[HT-13] every text input is documented as refusing NUL, as the server does', async () => {
    const texts = inputSchemas().flatMap(({ where, schema }) => [...strings(schema, where)]);
    expect(texts.length).toBeGreaterThan(20);
    for (const { where, schema } of texts) {
      if (schema.format !== undefined || schema.enum !== undefined) continue;
      const pattern = new RegExp(String(schema.pattern ?? '.*'));
      const excluded = (schema.not as Schema | undefined)?.pattern;
      const refusesNul =
        !pattern.test('a\u0000b') ||
        (typeof excluded === 'string' && new RegExp(excluded).test('a\u0000b'));
      expect(refusesNul, where).toBe(true);
    }
    const res = await t.app.inject({ url: '/api/items?search=a%00b' });
    expectError(res, 400, 'invalid');
  });
});
