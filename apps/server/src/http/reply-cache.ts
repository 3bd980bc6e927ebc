import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';
import type { FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
import { LRUCache } from 'lru-cache';
import { canonical } from './canonical-json.ts';

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

/**
 * Request URLs whose keys are remembered (a few hundred bytes each): the pages people ask for
 * again and again, well beyond what the cache itself keeps.
 */
const KEYS_BY_URL = 10_000;

/**
 * What an entry costs besides its key, body, headers and compressed forms (the entry object, its
 * place in the cache): counted so that many tiny replies cannot outgrow the cap either.
 */
const ENTRY_OVERHEAD_BYTES = 512;

type Entry = {
  key: string;
  body: Buffer;
  /** Content type, cache control, ETag, Vary and the route's own (such as X-Total-Count). */
  headers: Record<string, string>;
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
   * Route hook (`onRequest`, after every global one): when the reply for this request's route and
   * parameters (as its schemas parse them) is cached, sends it before the body is parsed or the
   * request validated (parameters the schemas refuse are never a hit). The reply goes through Fastify's `onSend` hooks like any other.
   */
  serveHit: onRequestHookHandler;
  /**
   * Route handler's half: sends the reply cached for the request's key, or makes it with
   * `produce` (once for every request that misses at the same time).
   */
  send(
    request: FastifyRequest,
    reply: FastifyReply,
    produce: () => Promise<FreshReply>,
  ): Promise<FastifyReply>;
  /** Everything cached so far is stale: the next request for each key reads again. */
  invalidate(): void;
  /** How many replies are kept and the bytes they count for (keys, headers and bodies). */
  stats(): { entries: number; bytes: number };
  /** Stops the timer that drops expired replies. */
  close(): void;
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

type Parser = { safeParse(value: unknown): { success: boolean; data?: unknown } };
const isParser = (schema: unknown): schema is Parser =>
  typeof (schema as Parser | undefined)?.safeParse === 'function';

/**
 * A request's path or query parameters as its route's (zod) schema reads them; `undefined` when
 * the schema refuses them (the request then goes on to its 400). Without a schema, only no
 * parameters at all are taken (app.ts refuses any query parameter a route does not declare).
 */
function parsed(schema: unknown, raw: unknown): { value: unknown } | undefined {
  if (isParser(schema)) {
    const result = schema.safeParse(raw);
    return result.success ? { value: result.data } : undefined;
  }
  const empty = raw === undefined || raw === null || Object.keys(raw as object).length === 0;
  return empty ? { value: {} } : undefined;
}

/**
 * The cache key of a request: its route, and its path and query parameters as the route's
 * schemas parse them, in one canonical form. `/api/items?page=01&search=%20pads` and
 * `/api/items?search=pads&page=1` are one entry; a parameter the route does not know is refused
 * (400) before anything is cached, so a key is never longer than what the schemas allow.
 */
function keyOf(route: string, params: unknown, query: unknown): string {
  return `${route} ${canonical(params ?? {})} ${canonical(query ?? {})}`;
}

const headerBytes = (headers: Record<string, string>) =>
  Object.entries(headers).reduce(
    (sum, [name, value]) => sum + Buffer.byteLength(name) + Buffer.byteLength(value) + 4,
    0,
  );

/** What an entry counts for in the cap: everything it keeps in memory. */
function entryBytes(entry: Entry): number {
  return (
    ENTRY_OVERHEAD_BYTES +
    Buffer.byteLength(entry.key) +
    entry.body.length +
    headerBytes(entry.headers) +
    (entry.encoded.br?.length ?? 0) +
    (entry.encoded.gzip?.length ?? 0)
  );
}

/**
 * Serialized replies of read-mostly data (the catalogue, the reviews), kept in memory by route and
 * parsed parameters, and sent with an ETag (a matching If-None-Match gets a 304) and, when large,
 * compressed for clients that accept it. At most `maxBytes` are kept, counting each entry's key,
 * headers, body and compressed forms; the least recently used go first (lru-cache). Each is served
 * for at most `ttlMs` after its read started and dropped on time (a sweep every `ttlMs`), not
 * only when something else is written; `invalidate()` drops everything, and a reply that was being
 * made when it was called is sent but not kept. A stored reply is sent by Fastify with its
 * precomputed bytes and headers, so every hook for all replies (security headers, the access line,
 * …) runs for it too.
 */
export function createReplyCache(options: {
  maxBytes: number;
  ttlMs?: number;
  now?: () => number;
}): ReplyCache {
  const { maxBytes, ttlMs = REPLY_CACHE_TTL_MS, now = Date.now } = options;
  const entries = new LRUCache<string, Entry>({
    maxSize: maxBytes,
    sizeCalculation: entryBytes,
    ttl: ttlMs,
    // Expiry is checked against this clock on every read (no rounding to a coarser tick).
    ttlResolution: 0,
    perf: { now },
  });
  const pending = new Map<string, Promise<Entry>>();
  /** The key each request was looked up with, so that its handler stores under the same key. */
  const keys = new WeakMap<FastifyRequest, string>();
  let generation = 0;
  // Expired replies are dropped on time, whether or not anything else is cached after them.
  const sweeper = setInterval(() => entries.purgeStale(), ttlMs);
  sweeper.unref();

  /**
   * Keys already worked out for a request URL as it came (path and query string), so that a
   * repeated request skips parsing its parameters again; only URLs the schemas accept are kept.
   */
  const keysByUrl = new LRUCache<string, string>({ max: KEYS_BY_URL });

  /** The key of a request before validation (in `serveHit`), from its raw parameters. */
  const rawKey = (request: FastifyRequest): string | undefined => {
    const known = keysByUrl.get(request.url);
    if (known !== undefined) return known;
    // A getter that builds a new object each time: read once.
    const { schema, url } = request.routeOptions;
    const params = parsed(schema?.params, request.params);
    const query = params && parsed(schema?.querystring, request.query);
    if (!params || !query) return undefined;
    const key = keyOf(url ?? request.url, params.value, query.value);
    keysByUrl.set(request.url, key);
    return key;
  };

  /** The key of a validated request (in the handler): its parameters are parsed already. */
  const keyFor = (request: FastifyRequest): string =>
    keys.get(request) ??
    keyOf(request.routeOptions.url ?? request.url, request.params, request.query);

  const keep = (entry: Entry, startedAt: number) => {
    // Served while now < startedAt + ttlMs; lru-cache serves while now - storedAt <= ttl (whole
    // milliseconds), hence the 1. A ttl of 0 would mean for ever: such a reply is not kept.
    const ttl = startedAt + ttlMs - now() - 1;
    if (ttl >= 1) entries.set(entry.key, entry, { ttl });
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
          key,
          body: data,
          headers: {
            'content-type': JSON_TYPE,
            // Browsers keep the reply but ask again each time; the ETag makes that a 304.
            'cache-control': 'no-cache',
            ...extra,
            etag: etagOf(data, extra),
            ...(data.length >= COMPRESS_MIN_BYTES ? { vary: 'Accept-Encoding' } : {}),
          },
          encoding: {},
          encoded: {},
        };
        // From when the database was read: the bound holds however long the read took.
        if (startedIn === generation) keep(entry, startedAt);
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
      // The compressed form counts toward the cap too: stored again (same expiry) to recount it.
      const ttl = entries.getRemainingTTL(entry.key);
      if (entries.peek(entry.key) === entry && ttl > 0) {
        entries.delete(entry.key);
        entries.set(entry.key, entry, { ttl });
      }
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
      const key = rawKey(request);
      const entry = key === undefined ? undefined : entries.get(key);
      if (entry) {
        void sendEntry(request, reply, entry);
        return;
      }
      // The handler stores what it makes under the same key.
      if (key !== undefined) keys.set(request, key);
      done();
    },
    async send(request, reply, produce) {
      const key = keyFor(request);
      return sendEntry(request, reply, entries.get(key) ?? (await fill(key, produce)));
    },
    invalidate() {
      generation++;
      entries.clear();
      pending.clear();
    },
    stats() {
      return { entries: entries.size, bytes: entries.calculatedSize };
    },
    close() {
      clearInterval(sweeper);
    },
  };
}
