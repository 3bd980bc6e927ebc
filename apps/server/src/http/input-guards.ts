import type { FastifyInstance } from 'fastify';
import { Invalid } from '../domain/errors.ts';

/** Whether any string in a JSON-like value (keys included) holds a NUL character. */
function holdsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > 32 || value === null || typeof value !== 'object') return false;
  // Bytes (an uploaded picture, a webhook's raw body) are not text.
  if (ArrayBuffer.isView(value)) return false;
  if (Array.isArray(value)) return value.some((item) => holdsNul(item, depth + 1));
  return Object.entries(value).some(
    ([key, item]) => key.includes('\u0000') || holdsNul(item, depth + 1),
  );
}

/**
 * Input checks every call shares, before its own schema:
 * - text with a NUL character is refused with a 400 (PostgreSQL text cannot hold one, and no
 *   name, address or e-mail has one), in the body, the query and the path alike;
 * - only JSON bodies (and the content types a route adds itself, such as an uploaded picture)
 *   are taken: Fastify's built-in text/plain parser is removed, so plain text gets a 415.
 */
export function registerInputGuards(app: FastifyInstance): void {
  app.removeContentTypeParser('text/plain');
  app.addHook('preValidation', async (request) => {
    if (holdsNul(request.params) || holdsNul(request.query) || holdsNul(request.body))
      throw new Invalid('Text must not contain NUL characters');
  });
}
