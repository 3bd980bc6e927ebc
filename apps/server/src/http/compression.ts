import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { FastifyInstance, FastifyReply } from 'fastify';

/** Below this many bytes a reply goes as it is: compressing would save less than it costs. */
export const COMPRESS_MIN_BYTES = 1024;

export type Encoding = 'br' | 'gzip';

/** Brotli at quality 5 is within a few percent of 11 on replies this size, and many times faster. */
const brotliOptions = { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } };
const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

export function compress(body: Buffer | string, encoding: Encoding): Promise<Buffer> {
  return encoding === 'br' ? brotliAsync(body, brotliOptions) : gzipAsync(body);
}

/**
 * The encoding to answer with, from the request's Accept-Encoding: brotli, else gzip, else none.
 * A `;q=0` refuses an encoding; `*` stands for any encoding not named.
 */
export function chooseEncoding(acceptEncoding: string | undefined): Encoding | undefined {
  if (!acceptEncoding) return undefined;
  const quality = new Map<string, number>();
  for (const part of acceptEncoding.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    quality.set(name.trim(), q ? Number(q.slice(2)) || 0 : 1);
  }
  const accepts = (encoding: Encoding) => (quality.get(encoding) ?? quality.get('*') ?? 0) > 0;
  if (accepts('br')) return 'br';
  if (accepts('gzip')) return 'gzip';
  return undefined;
}

/** Adds Accept-Encoding to the reply's Vary header (once). */
export function varyOnEncoding(reply: FastifyReply): void {
  const vary = reply.getHeader('vary');
  const current = typeof vary === 'string' ? vary : Array.isArray(vary) ? vary.join(', ') : '';
  if (/\baccept-encoding\b/i.test(current)) return;
  reply.header('vary', current ? `${current}, Accept-Encoding` : 'Accept-Encoding');
}

const compressible = /^(application\/(json|javascript|xml)|text\/|image\/svg\+xml)/;

/**
 * Compresses large text replies (JSON, HTML, …) when the client accepts it. Replies that already
 * carry an encoding (the reply cache's precompressed bodies, the web app's precompressed files)
 * and streams are left alone. An onSend hook on the root instance, so it sees every route's
 * serialized payload, after the routes' own onSend hooks.
 */
export function registerCompression(app: FastifyInstance): void {
  // Callback style: no promise per reply for the many that are left as they are.
  app.addHook('onSend', (request, reply, payload, done) => {
    if (
      (typeof payload !== 'string' && !Buffer.isBuffer(payload)) ||
      Buffer.byteLength(payload) < COMPRESS_MIN_BYTES ||
      reply.hasHeader('content-encoding') ||
      reply.statusCode === 304 ||
      !compressible.test(String(reply.getHeader('content-type') ?? ''))
    ) {
      done(null, payload);
      return;
    }
    varyOnEncoding(reply);
    const encoding = chooseEncoding(request.headers['accept-encoding']);
    if (!encoding) {
      done(null, payload);
      return;
    }
    reply.header('content-encoding', encoding);
    reply.removeHeader('content-length');
    compress(payload, encoding).then(
      (compressed) => done(null, compressed),
      (error: Error) => done(error),
    );
  });
}
