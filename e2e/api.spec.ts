import { expect, test } from '@playwright/test';

test('the shop reports that it is healthy', async ({ request }) => {
  const response = await request.get('/api/health');
  expect(response.status()).toBe(200);
  expect(await response.json()).toMatchObject({ status: 'ok' });
});

test('an unknown API path is a JSON 404, not the web app', async ({ request }) => {
  for (const path of ['/api/x', '/api/no/such/route?page=2']) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(404);
    expect(response.headers()['content-type']).toContain('application/json');
    const body = await response.json();
    expect(body).toEqual({
      error: { code: expect.any(String), message: expect.any(String) },
    });
  }
});

test('the OpenAPI document describes the public calls', async ({ request }) => {
  const response = await request.get('/api/docs/json');
  expect(response.status()).toBe(200);
  const document = await response.json();
  expect(document.openapi).toMatch(/^3\./);
  expect(Object.keys(document.paths)).toEqual(
    expect.arrayContaining(['/api/items', '/api/item/{id}', '/api/reviews', '/api/newsletter']),
  );
});
