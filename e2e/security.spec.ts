import { expect, test } from '@playwright/test';

/** Splits a Content-Security-Policy header into its directives: name → sources. */
function directives(policy: string): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const part of policy.split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name) map.set(name.toLowerCase(), sources);
  }
  return map;
}

test.describe('security headers on the HTML of the shop', () => {
  for (const path of ['/', '/parts', '/no-such-page']) {
    test(`${path} is served with a strict policy`, async ({ request }) => {
      const response = await request.get(path);
      expect(response.status()).toBe(200);
      expect(response.headers()['content-type']).toContain('text/html');
      const headers = response.headers();

      const policy = headers['content-security-policy'];
      expect(policy, 'Content-Security-Policy header').toBeTruthy();
      const csp = directives(policy ?? '');
      const scriptSrc = csp.get('script-src') ?? csp.get('default-src');
      expect(scriptSrc, 'script-src (or default-src)').toBeDefined();
      expect(scriptSrc).not.toContain("'unsafe-inline'");
      expect(scriptSrc).not.toContain("'unsafe-eval'");
      expect(csp.get('frame-ancestors')).toEqual(["'none'"]);

      expect(headers['x-content-type-options']).toBe('nosniff');
      expect(headers['referrer-policy']).toBeTruthy();
      expect(headers['referrer-policy']).not.toMatch(/unsafe-url|no-referrer-when-downgrade/);
    });
  }
});
