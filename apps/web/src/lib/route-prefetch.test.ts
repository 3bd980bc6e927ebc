import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubApi } from './test-api.ts';

// Links to a page have its code fetched when they are pointed at or focused, from the build's
// list of each route's chunks (route-chunks.json).
const list = [
  { path: '/', files: ['assets/HomeRoute-1.js', 'assets/catalog-1.js'] },
  {
    path: '/parts/:partNumber',
    files: ['assets/PartPage-1.js', 'assets/catalog-1.js', 'assets/page-1.css'],
  },
  { path: '/dashboard', files: ['assets/Dashboard-1.js'] },
  { path: '/dashboard/garage', files: ['assets/Dashboard-1.js', 'assets/Garage-1.js'] },
];

const preloaded = () =>
  [...document.head.querySelectorAll('link[rel="modulepreload"]')].map((link) =>
    link.getAttribute('href'),
  );

let prefetch: typeof import('./route-prefetch.ts');
beforeEach(async () => {
  document.head.innerHTML = '';
  vi.resetModules();
  stubApi((url) =>
    url.pathname === '/route-chunks.json'
      ? new Response(JSON.stringify(list), { headers: { 'content-type': 'application/json' } })
      : new Response('', { status: 404 }),
  );
  prefetch = await import('./route-prefetch.ts');
});
afterEach(() => vi.unstubAllGlobals());

describe('prefetching pages', () => {
  it('preloads the scripts of the routes at a path once, in any case and with its parameters', async () => {
    await prefetch.prefetchPage('/PARTS/P%2083%20140');
    expect(preloaded()).toEqual(['/assets/PartPage-1.js', '/assets/catalog-1.js']);
    await prefetch.prefetchPage('/');
    expect(preloaded()).toEqual([
      '/assets/PartPage-1.js',
      '/assets/catalog-1.js',
      '/assets/HomeRoute-1.js',
    ]);
    await prefetch.prefetchPage('/dashboard/garage/');
    expect(preloaded()).toContain('/assets/Garage-1.js');
    await prefetch.prefetchPage('/nowhere');
    expect(preloaded()).toHaveLength(5);
  });

  it('fetches the page a link leads to when the pointer reaches it, never another site', async () => {
    prefetch.prefetchOnIntent();
    document.body.innerHTML =
      '<a href="/parts/W-68"><span>Oil filter</span></a><a href="https://elsewhere.test/">x</a>';
    const [inside, outside] = document.body.querySelectorAll('a');
    outside?.dispatchEvent(new Event('pointerover', { bubbles: true }));
    inside?.querySelector('span')?.dispatchEvent(new Event('pointerover', { bubbles: true }));
    await vi.waitFor(() =>
      expect(preloaded()).toEqual(['/assets/PartPage-1.js', '/assets/catalog-1.js']),
    );
  });

  it('does without the list when it cannot be fetched', async () => {
    stubApi(() => new Response('', { status: 503 }));
    vi.resetModules();
    prefetch = await import('./route-prefetch.ts');
    await expect(prefetch.prefetchPage('/')).resolves.toBeUndefined();
    expect(preloaded()).toEqual([]);
  });
});
