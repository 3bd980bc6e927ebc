import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';
import type { FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';

/**
 * How long a cached reply may be served without reading the database again. Writes invalidate
 * at once (on this instance before the write's reply leaves, on the others when PostgreSQL's
 * NOTIFY arrives), so this only bounds what a lost notification could leave behind: a reply is
 * never more than this old (plus the time its query took), whatever happens.
 */
export const REPLY_CACHE_TTL_MS = 1000;

/** Below this many bytes a reply goes as it is (the threshold of @fastify/compress too). */
const COMPRESS_MIN_BYTES = 1024;

const ENCODINGS = ['br', 'gzip'] as const;
type Encoding = (typeof ENCODINGS)[number];

/** Brotli at quality 5 is within a few percent of 11 on replies this size, and many times faster. */
const brotliOptions = { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } };
const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** What a route makes on a miss: the serialized body and the headers that go with it. */
export type FreshReply = {
  /** As `reply.serialize()` makes it: the route's response schema applied once, here. */
  body: string | Buffer | ArrayBuffer;
  headers?: Record<string, string>;
};

type Entry = {
  body: Buffer;
  /** Content type, cache control, ETag, Vary and the route's own (such as X-Total-Count). */
  headers: Record<string, string>;
  expiresAt: number;
  /**
   * Compressed forms, made once, for the first request that accepts each: compressing on every
   * hit would cost far more than sending the reply.
   */
  encoding: Partial<Record<Encoding, Promise<Buffer>>>;
  /** The forms already made, so that a hit on one is sent without waiting for a promise. */
  encoded: Partial<Record<Encoding, Buffer>>;
};

export type ReplyCache = {
  /**
   * Route hook (`onRequest`, after every global one): when the reply for this URL is cached,
   * sends it before the request is parsed or validated (a cached URL was valid when its reply
   * was made, and still is). The reply goes through Fastify's `onSend` hooks like any other.
   */
  serveHit: onRequestHookHandler;
  /**
   * Route handler's half: sends the reply cached for the request's URL, or makes it with
   * `produce` (once for every request that misses at the same time).
   */
  send(
    request: FastifyRequest,
    reply: FastifyReply,
    produce: () => Promise<FreshReply>,
  ): Promise<FastifyReply>;
  /** Everything cached so far is stale: the next request for each URL reads again. */
  invalidate(): void;
};

const JSON_TYPE = 'application/json; charset=utf-8';

/** The reply's validator: its body and the route's own headers (the total of a page, say). */
function etagOf(body: Buffer, headers: Record<string, string>): string {
  const hash = createHash('sha1').update(body).update(JSON.stringify(headers)).digest('base64url');
  // Weak: the compressed forms carry the same tag.
  return `W/"${hash.slice(0, 22)}"`;
}

function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const opaque = etag.slice(2);
  return ifNoneMatch
    .split(',')
    .some((tag) => tag.trim() === '*' || tag.trim().replace(/^W\//, '') === opaque);
}

/** The encoding a client accepts, negotiated as @fastify/compress does for the other replies. */
function acceptedEncoding(acceptEncoding: string | undefined): Encoding | undefined {
  if (!acceptEncoding) return undefined;
  return negotiate(acceptEncoding.toLowerCase(), [...ENCODINGS]) ?? undefined;
}

function compress(body: Buffer, encoding: Encoding): Promise<Buffer> {
  return encoding === 'br' ? brotliAsync(body, brotliOptions) : gzipAsync(body);
}

/**
 * Serialized replies of read-mostly data (the catalogue, the reviews), kept in memory by URL, and
 * sent with an ETag (a matching If-None-Match gets a 304) and, when large, compressed for clients
 * that accept it. At most `maxBytes` of bodies are kept (the oldest go first), each for at most
 * `ttlMs`; `invalidate()` drops everything, and a reply that was being made when it was called is
 * sent but not kept. A stored reply is sent by Fastify with its precomputed bytes and headers, so
 * every hook for all replies (security headers, the access line, …) runs for it too.
 */
export function createReplyCache(options: {
  maxBytes: number;
  ttlMs?: number;
  now?: () => number;
}): ReplyCache {
  const { maxBytes, ttlMs = REPLY_CACHE_TTL_MS, now = Date.now } = options;
  const entries = new Map<string, Entry>();
  const pending = new Map<string, Promise<Entry>>();
  let generation = 0;
  let bytes = 0;

  const drop = (key: string, entry: Entry) => {
    entries.delete(key);
    bytes -= entry.body.length;
  };

  const fresh = (key: string) => {
    const entry = entries.get(key);
    if (entry && entry.expiresAt > now()) return entry;
    if (entry) drop(key, entry);
    return undefined;
  };

  const keep = (key: string, entry: Entry) => {
    const old = entries.get(key);
    if (old) drop(key, old);
    for (const [oldestKey, oldest] of entries) {
      if (bytes + entry.body.length <= maxBytes) break;
      drop(oldestKey, oldest);
    }
    if (bytes + entry.body.length > maxBytes) return;
    entries.set(key, entry);
    bytes += entry.body.length;
  };

  const fill = (key: string, produce: () => Promise<FreshReply>): Promise<Entry> => {
    const waiting = pending.get(key);
    if (waiting) return waiting;
    const startedIn = generation;
    const startedAt = now();
    const filling = produce()
      .then(({ body, headers: extra = {} }) => {
        const data =
          typeof body === 'string'
            ? Buffer.from(body)
            : Buffer.isBuffer(body)
              ? body
              : Buffer.from(body);
        const entry: Entry = {
          body: data,
          headers: {
            'content-type': JSON_TYPE,
            // Browsers keep the reply but ask again each time; the ETag makes that a 304.
            'cache-control': 'no-cache',
            ...extra,
            etag: etagOf(data, extra),
            ...(data.length >= COMPRESS_MIN_BYTES ? { vary: 'Accept-Encoding' } : {}),
          },
          // From when the database was read: the bound holds however long the read took.
          expiresAt: startedAt + ttlMs,
          encoding: {},
          encoded: {},
        };
        if (startedIn === generation) keep(key, entry);
        return entry;
      })
      .finally(() => {
        if (pending.get(key) === filling) pending.delete(key);
      });
    pending.set(key, filling);
    return filling;
  };

  /**
   * Sends a stored reply: a 304 when the client has it, else its bytes, compressed when it is
   * large and the client accepts an encoding. @fastify/compress leaves a reply that already has
   * its Content-Encoding alone.
   */
  const sendEntry = (
    request: FastifyRequest,
    reply: FastifyReply,
    entry: Entry,
  ): FastifyReply | Promise<FastifyReply> => {
    reply.headers(entry.headers);
    if (matches(request.headers['if-none-match'], entry.headers.etag ?? ''))
      return reply.code(304).send();
    const encoding =
      entry.body.length >= COMPRESS_MIN_BYTES
        ? acceptedEncoding(request.headers['accept-encoding'])
        : undefined;
    if (!encoding) return reply.send(entry.body);
    const encoded = entry.encoded[encoding];
    if (encoded) return reply.header('content-encoding', encoding).send(encoded);
    entry.encoding[encoding] ??= compress(entry.body, encoding).then((made) => {
      entry.encoded[encoding] = made;
      return made;
    });
    return entry.encoding[encoding].then(
      (made) => reply.header('content-encoding', encoding).send(made),
      // A form that could not be made (short of memory, say) is sent uncompressed.
      () => reply.send(entry.body),
    );
  };

  return {
    serveHit(request, reply, done) {
      const entry = fresh(request.url);
      if (!entry) {
        done();
        return;
      }
      void sendEntry(request, reply, entry);
    },
    async send(request, reply, produce) {
      return sendEntry(request, reply, fresh(request.url) ?? (await fill(request.url, produce)));
    },
    invalidate() {
      generation++;
      entries.clear();
      pending.clear();
      bytes = 0;
    },
  };
}
