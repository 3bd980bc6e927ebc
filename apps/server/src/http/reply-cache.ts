import { createHash } from 'node:crypto';
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
import { COMPRESS_MIN_BYTES, chooseEncoding, compress, type Encoding } from './compression.ts';

/**
 * How long a cached reply may be served without reading the database again. Writes invalidate
 * at once (on this instance before the write's reply leaves, on the others when PostgreSQL's
 * NOTIFY arrives), so this only bounds what a lost notification could leave behind: a reply is
 * never more than this old (plus the time its query took), whatever happens.
 */
export const REPLY_CACHE_TTL_MS = 1000;

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
  /** Compressed forms, made for the first request that accepts each. */
  encoded: Partial<Record<Encoding, Promise<Buffer>>>;
  /** Every header line of each form of the reply as sent (made for the first request of each). */
  sent: Partial<Record<Encoding | 'identity' | 'notModified', string[]>>;
};

export type ReplyCache = {
  /**
   * Route hook: when the reply for this URL is cached, sends it before the request is parsed or
   * validated (a cached URL was valid when its reply was made, and still is).
   */
  serveHit: onRequestHookHandler;
  /**
   * The HTTP server's half (`http/server-factory.ts`): when the reply for this GET or HEAD
   * request's URL is cached, writes it and returns true, before Fastify sees the request.
   */
  answer(request: IncomingMessage, response: ServerResponse): boolean;
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

/** Names and values in one flat list, as `writeHead` takes them. */
function headerLines(...groups: Record<string, string>[]): string[] {
  return groups.flatMap((group) => Object.entries(group).flat());
}

function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const opaque = etag.slice(2);
  return ifNoneMatch
    .split(',')
    .some((tag) => tag.trim() === '*' || tag.trim().replace(/^W\//, '') === opaque);
}

/**
 * Serialized replies of read-mostly data (the catalogue, the reviews), kept in memory by URL, and
 * sent with an ETag (a matching If-None-Match gets a 304) and, when large, compressed for clients
 * that accept it. At most `maxBytes` of bodies are kept (the oldest go first), each for at most
 * `ttlMs`; `invalidate()` drops everything, and a reply that was being made when it was called is
 * sent but not kept. A stored reply is sent with `headers` first (the security headers every reply
 * of the shop carries), then its own.
 */
export function createReplyCache(options: {
  maxBytes: number;
  headers: Record<string, string>;
  ttlMs?: number;
  now?: () => number;
}): ReplyCache {
  const { maxBytes, headers: common, ttlMs = REPLY_CACHE_TTL_MS, now = Date.now } = options;
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
          encoded: {},
          sent: {},
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
   * Writes a stored reply as it is, around Fastify's reply pipeline: its header store, content
   * length and onSend hooks have nothing to add to a reply made and checked once (no cookies, no
   * compression to do, no write to invalidate after), and skipping them is a sizeable part of a
   * hit's time. Only a compressed form not made yet is written later, once it is.
   */
  const write = (request: IncomingHttpHeaders, response: ServerResponse, entry: Entry): void => {
    const { headers, sent } = entry;
    if (matches(request['if-none-match'], headers.etag ?? '')) {
      sent.notModified ??= headerLines(common, headers);
      response.writeHead(304, sent.notModified).end();
      return;
    }
    const asItIs = () => {
      sent.identity ??= headerLines(common, headers, {
        'content-length': String(entry.body.length),
      });
      response.writeHead(200, sent.identity).end(entry.body);
    };
    const encoding =
      entry.body.length >= COMPRESS_MIN_BYTES
        ? chooseEncoding(request['accept-encoding'])
        : undefined;
    if (!encoding) {
      asItIs();
      return;
    }
    entry.encoded[encoding] ??= compress(entry.body, encoding);
    entry.encoded[encoding]
      .then((encoded) => {
        sent[encoding] ??= headerLines(common, headers, {
          'content-encoding': encoding,
          'content-length': String(encoded.length),
        });
        response.writeHead(200, sent[encoding]).end(encoded);
      }, asItIs) // a form that could not be made (short of memory, say) is sent uncompressed
      .catch((error: Error) => response.destroy(error));
  };

  /** Fastify's half: the reply is taken over (Fastify still logs the request once it has gone). */
  const sendEntry = (request: FastifyRequest, reply: FastifyReply, entry: Entry) => {
    reply.hijack();
    write(request.headers, reply.raw, entry);
    return reply;
  };

  return {
    serveHit(request, reply, done) {
      const entry = fresh(request.url);
      if (!entry) {
        done();
        return;
      }
      sendEntry(request, reply, entry);
    },
    answer(request, response) {
      const entry = fresh(request.url ?? '');
      if (!entry) return false;
      write(request.headers, response, entry);
      return true;
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
