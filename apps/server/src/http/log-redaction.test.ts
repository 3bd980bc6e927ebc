import { describe, expect, it } from 'vitest';
import { redactUrl } from './log-redaction.ts';

describe('the request log', () => {
  it('never records one-time tokens or authorization codes', () => {
    expect(redactUrl('/api/auth/verify-email?token=abc123secret')).toBe(
      '/api/auth/verify-email?token=%5Bredacted%5D',
    );
    const callback = redactUrl(
      '/api/auth/google/callback?code=c0de&state=st4te&iss=https%3A%2F%2Fissuer',
    );
    expect(callback).not.toMatch(/c0de|st4te/);
    expect(callback).toContain('iss=');
  });

  it('leaves other URLs alone', () => {
    expect(redactUrl('/api/items?search=brake&page=2')).toBe('/api/items?search=brake&page=2');
    expect(redactUrl('/parts')).toBe('/parts');
  });
});
