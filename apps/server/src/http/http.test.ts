import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDatabaseKind } from '../../test/test-app.ts';

let webRoot: string;
let t: Awaited<ReturnType<typeof createTestApp>>;

beforeAll(async () => {
  webRoot = await mkdtemp(join(tmpdir(), 'axle-web-'));
  await mkdir(join(webRoot, 'assets'));
  await writeFile(
    join(webRoot, 'index.html'),
    '<!doctype html><html><head><title>Axle</title></head><body><div id="root"></div></body></html>',
  );
  await writeFile(join(webRoot, 'assets', 'index-abc123.js'), 'console.log("app")');
  await writeFile(join(webRoot, 'theme-init.js'), '/* theme */');
  // What the web build writes: each route's page chunks (apps/web/build/route-preloads.ts).
  await mkdir(join(webRoot, '.vite'));
  await writeFile(
    join(webRoot, '.vite', 'route-preloads.json'),
    JSON.stringify([
      { path: '/', files: ['assets/HomePage-h1.js', 'assets/catalog-c1.js'] },
      { path: '/*', files: ['assets/NotFoundPage-n1.js'] },
      { path: '/login', files: ['assets/LoginPage-l1.js', 'assets/zod-z1.js'] },
      { path: '/purchase/:id', files: ['assets/PurchasePage-p1.js'] },
      { path: '/dashboard', files: ['assets/DashboardPage-d1.js'] },
      { path: '/dashboard', files: ['assets/DashboardPage-d1.js', 'assets/ProfilePage-r1.js'] },
      {
        path: '/dashboard/myorder2',
        files: ['assets/DashboardPage-d1.js', 'assets/MyOrdersPage-m1.js'],
      },
      { path: '/Blogs', files: ['https://elsewhere.example/x.js', 'assets/BlogsPage-b1.js'] },
    ]),
  );
  t = await createTestApp({ webRoot });
});
afterAll(async () => {
  await t.close();
  await rm(webRoot, { recursive: true, force: true });
});

describe('the web app', () => {
  it.each(['/', '/parts?page=2', '/Blogs', '/dashboard/alluser', '/no/such/page'])(
    'serves index.html for %s (history fallback)',
    async (url) => {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toContain('<div id="root">');
      expect(res.headers['cache-control']).toBe('no-cache');
    },
  );

  const preloads = (html: string) =>
    [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((m) => m[1]);

  it.each([
    ['/', ['/assets/HomePage-h1.js', '/assets/catalog-c1.js']],
    ['/login', ['/assets/LoginPage-l1.js', '/assets/zod-z1.js']],
    ['/LOGIN/', ['/assets/LoginPage-l1.js', '/assets/zod-z1.js']],
    ['/login?from=%2Fdashboard', ['/assets/LoginPage-l1.js', '/assets/zod-z1.js']],
    ['/purchase/0b7c5a8e-1111-4222-8333-444455556666', ['/assets/PurchasePage-p1.js']],
    ['/dashboard/myorder2', ['/assets/DashboardPage-d1.js', '/assets/MyOrdersPage-m1.js']],
    // A layout's page and its index page share the address: both are named, once each.
    ['/dashboard', ['/assets/DashboardPage-d1.js', '/assets/ProfilePage-r1.js']],
    ['/no/such/page', ['/assets/NotFoundPage-n1.js']],
    ['/purchase/a/b', ['/assets/NotFoundPage-n1.js']],
    // Only the build's own assets are ever named.
    ['/Blogs', ['/assets/BlogsPage-b1.js']],
  ])('names the chunks of the page at %s in its index.html', async (url, files) => {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<div id="root">');
    expect(preloads(res.body)).toEqual(files);
  });

  it('caches hashed assets for a year and other files not at all', async () => {
    const asset = await t.app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const theme = await t.app.inject({ method: 'GET', url: '/theme-init.js' });
    expect(theme.headers['cache-control']).toBe('no-cache');
  });

  it('sends security headers with the page', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/' });
    const csp = String(res.headers['content-security-policy']);
    const scriptSrc = csp.split(';').find((d) => d.trim().startsWith('script-src'));
    expect(scriptSrc?.trim()).toBe("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("default-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['x-powered-by']).toBeUndefined();
    expect(res.headers.server).toBeUndefined();
    expect(res.headers['permissions-policy']).toContain('camera=()');
    // http://shop.test is not https: no HSTS (it would break a laptop's http://localhost).
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  it('sends HSTS and marks cookies Secure when the shop is reached over https', async () => {
    const https = await createTestApp({ publicUrl: 'https://shop.example' });
    try {
      const page = await https.app.inject({ method: 'GET', url: '/api/health' });
      expect(page.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      const account = { name: 'Ada', email: 'ada@secure-shop.com', password: 'Gearbox42' };
      const registered = await https.app.inject({
        method: 'POST',
        url: '/api/auth/register',
        payload: account,
      });
      const browser = registered.cookies.find((c) => c.name === 'axle_sign_up');
      expect(browser).toMatchObject({ secure: true, httpOnly: true, sameSite: 'Strict' });
      // Only a verified address signs in: the e-mailed link, in the browser that signed up.
      await new Promise((resolve) => setTimeout(resolve, 20));
      const token = https.mail.at(-1)?.text.match(/verify-email\?token=([\w-]+)/)?.[1];
      const signIn = await https.app.inject({
        method: 'POST',
        url: '/api/auth/verify-email',
        payload: { token },
        cookies: { axle_sign_up: browser?.value ?? '' },
      });
      expect(signIn.statusCode).toBe(200);
      const cookie = String(signIn.headers['set-cookie']);
      expect(cookie).toMatch(/; Secure/);
      expect(cookie).toMatch(/; HttpOnly/);
      expect(cookie).toMatch(/; SameSite=Strict/);
    } finally {
      await https.close();
    }
  });
});

describe('API errors', () => {
  it.each([
    ['GET', '/api/nope'],
    ['GET', '/api'],
    ['PATCH', '/api/nope'],
    ['DELETE', '/api/reviews/x'],
    ['POST', '/somewhere'],
  ])(
    '%s %s is a JSON 404 (a method an existing path does not take is a 405: HT-10)',
    async (method, url) => {
      const res = await t.app.inject({ method: method as 'GET', url });
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toContain('application/json');
      expect(res.json()).toEqual({ error: { code: 'not_found', message: expect.any(String) } });
    },
  );

  it('answers an oversized path parameter in the JSON error shape, and takes a 254-character e-mail', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/admin/${'x'.repeat(900)}` });
    // Past the router's limit the path matches no route: a JSON 404, not the framework's own shape.
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: { code: 'not_found', message: expect.any(String) } });
    const longest = `${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(57)}.com`;
    expect(longest).toHaveLength(254);
    const ok = await t.app.inject({ method: 'GET', url: `/api/admin/${longest}` });
    expect(ok.statusCode).toBe(401);
  });

  it('answers broken JSON with a JSON 400', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/newsletter',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: { code: 'bad_request' } });
  });

  it('answers an unsupported content type with a JSON 415', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/newsletter',
      headers: { 'content-type': 'text/xml' },
      payload: '<email>a@b.com</email>',
    });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toMatchObject({ error: { code: 'unsupported_media_type' } });
  });

  it('answers an oversized body with a JSON 413', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/newsletter',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'a@b.com', padding: 'x'.repeat(200 * 1024) }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ error: { code: 'payload_too_large' } });
  });
});

describe('operations', () => {
  it('reports health with the kind of database', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status: 'ok',
      database: testDatabaseKind,
      checks: { database: 'ok', redis: 'off', queue: 'ok', mail: 'ok' },
    });
  });

  it('publishes an OpenAPI 3 document generated from the route schemas', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/items',
        '/api/item/{id}',
        '/api/reviews',
        '/api/newsletter',
        '/api/health',
      ]),
    );
    const itemsParams = doc.paths['/api/items'].get.parameters.map((p: { name: string }) => p.name);
    expect(itemsParams).toEqual(expect.arrayContaining(['search', 'page', 'limit']));
  });

  it('serves a browsable documentation page', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs' });
    const page =
      res.statusCode === 302
        ? await t.app.inject({ method: 'GET', url: String(res.headers.location) })
        : res;
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
  });
});
