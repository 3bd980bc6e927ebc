import type { Part } from '@axle/contract';
import { type APIRequestContext, expect, type Locator, type Page } from '@playwright/test';

/** The parts the API lists, in its order, optionally searched. */
export async function apiParts(request: APIRequestContext, search?: string) {
  const response = await request.get('/api/items', { params: search ? { search } : {} });
  expect(response.status()).toBe(200);
  return (await response.json()) as Part[];
}

/** The part cards on the page or in a section (each an article named after its part). */
export function partCards(scope: Page | Locator): Locator {
  const page = 'goto' in scope ? scope : scope.page();
  return scope
    .getByRole('article')
    .filter({ has: page.getByRole('link', { name: 'place order' }) });
}
