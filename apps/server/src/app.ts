import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import Fastify, { type FastifyBaseLogger, type onSendHookHandler } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Redis } from 'ioredis';
import type { IdentityProvider } from './adapters/identity/identity-provider.ts';
import { createFileImageStore } from './adapters/images/image-store.ts';
import type { Mailer } from './adapters/mail/mailer.ts';
import type { PaymentProvider } from './adapters/payments/payment-provider.ts';
import { createSandboxProvider } from './adapters/payments/sandbox-provider.ts';
import { createVinDecoder, type VinDecoder } from './adapters/vin/vin-decoder.ts';
import { defaultHttpTimeouts, type HttpTimeouts } from './config.ts';
import type { Database } from './db/client.ts';
import { createAccountsContext } from './features/accounts/accounts.context.ts';
import { type AuthLimits, defaultAuthLimits } from './features/accounts/accounts.limits.ts';
import { accountsRoutes } from './features/accounts/accounts.routes.ts';
import { emailLinksRoutes } from './features/accounts/email-links.routes.ts';
import { googleRoutes } from './features/accounts/google.routes.ts';
import { passwordsRoutes } from './features/accounts/passwords.routes.ts';
import { sessionsRoutes } from './features/accounts/sessions.routes.ts';
import { accessTokenVerifier } from './features/accounts/sessions.service.ts';
import { addressesRoutes } from './features/addresses/addresses.routes.ts';
import { adminRoutes } from './features/admin/admin.routes.ts';
import { apiKeysRoutes } from './features/api-keys/api-keys.routes.ts';
import { apiKeyVerifier } from './features/api-keys/api-keys.service.ts';
import { cartRoutes } from './features/cart/cart.routes.ts';
import { catalogRoutes } from './features/catalog/catalog.routes.ts';
import { catalogPageRoutes } from './features/catalog/catalog-pages.routes.ts';
import { adminCompaniesRoutes } from './features/companies/admin-companies.routes.ts';
import { companiesRoutes } from './features/companies/companies.routes.ts';
import { creditNotesRoutes } from './features/credit-notes/credit-notes.routes.ts';
import { fleetRoutes } from './features/fleet/fleet.routes.ts';
import { garageRoutes } from './features/garage/garage.routes.ts';
import { invoicesRoutes } from './features/invoices/invoices.routes.ts';
import { defaultInvoicing, type Invoicing } from './features/invoices/invoices.service.ts';
import { jobsRoutes } from './features/jobs/jobs.routes.ts';
import { queueHealth } from './features/jobs/jobs.service.ts';
import {
  createJobRunner,
  type JobRunner,
  type JobRunnerOptions,
} from './features/jobs/jobs.worker.ts';
import {
  defaultNewsletterLimits,
  type NewsletterLimits,
} from './features/newsletter/newsletter.limits.ts';
import { newsletterRoutes } from './features/newsletter/newsletter.routes.ts';
import { queueEachPlacedMail } from './features/orders/order-mails.service.ts';
import { expireUnpaidOrdersTask, ordersRoutes } from './features/orders/orders.routes.ts';
import { defaultOrderLimits, type OrderLimits } from './features/orders/orders.service.ts';
import { pickingRoutes } from './features/orders/picking.routes.ts';
import { paymentsRoutes } from './features/payments/payments.routes.ts';
import {
  invoiceMail,
  type PaymentsContext,
  reconcileOpenIntents,
  refundCreditNote,
} from './features/payments/payments.service.ts';
import { profilesRoutes } from './features/profiles/profiles.routes.ts';
import { reportsRoutes } from './features/reports/reports.routes.ts';
import { mailLowStock, useShopTimeZone } from './features/reports/reports.service.ts';
import { reviewsRoutes } from './features/reviews/reviews.routes.ts';
import { vehiclesRoutes } from './features/vehicles/vehicles.routes.ts';
import { warehousesRoutes } from './features/warehouses/warehouses.routes.ts';
import { type Resolve, systemResolve } from './features/webhooks/webhook-addresses.service.ts';
import {
  DEFAULT_KEEP_MS,
  defaultRetrySchedule,
  deliverDueWebhooks,
  pruneWebhookHistory,
  type RetrySchedule,
} from './features/webhooks/webhook-delivery.service.ts';
import { webhooksRoutes } from './features/webhooks/webhooks.routes.ts';
import { registerBearerAuth } from './http/auth.ts';
import { errorBody, registerErrorHandler } from './http/errors.ts';
import { healthRoutes } from './http/health.ts';
import { purgeIdempotencyKeys, registerIdempotency } from './http/idempotency.ts';
import { registerInputGuards } from './http/input-guards.ts';
import { trackApiMethods } from './http/methods.ts';
import { registerOpenApi } from './http/openapi.ts';
import {
  createFailureCounter,
  type Limit,
  limitAlso,
  registerRateLimits,
} from './http/rate-limit.ts';
import { createRedisLink } from './http/redis-link.ts';
import { createReplyCache } from './http/reply-cache.ts';
import { replySerializerCompiler } from './http/reply-serializer.ts';
import { AccessLog } from './http/request-log.ts';
import { registerSecurityHeaders, securityHeaders } from './http/security-headers.ts';
import { registerSpa } from './http/spa.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The durable queue's worker of this app (tests drain it after each call). */
    jobs: JobRunner;
  }
}

export type AppDeps = {
  database: Database;
  /** Signs and checks access tokens (HS256). */
  accessKey: Uint8Array;
  /** The address customers use (PUBLIC_URL): e-mailed links and the Google callback start with it. */
  publicUrl: string;
  mailer: Mailer;
  /** Rate limits counted in this Redis (REDIS_URL), shared by every instance; else in memory. */
  redis?: Redis | undefined;
  /** Google sign-in; absent when it is not configured. */
  identityProvider?: IdentityProvider | undefined;
  authLimits?: AuthLimits;
  /** How many calls one API key may make (issue 19 #3): 600 a minute unless said otherwise. */
  apiKeyLimit?: Limit | undefined;
  /** How often the newsletter may be signed up for, per caller address and per e-mail address. */
  newsletterLimits?: NewsletterLimits;
  /** Stripe when configured; without it, the offline sandbox provider on this database. */
  stripe?:
    | { provider: PaymentProvider; publishableKey: string; webhookSecret: string | undefined }
    | undefined;
  /** Unpaid orders per customer and how long one may stay unpaid (UNPAID_ORDER_* settings). */
  orderLimits?: OrderLimits | undefined;
  /** Outgoing webhooks (issue 19 #4). */
  webhooks?: {
    /** WEBHOOK_ALLOW_PRIVATE: http and private addresses allowed (tests and development only). */
    allowPrivate?: boolean | undefined;
    /** How host names are resolved (the system's resolver unless a test gives its own). */
    resolve?: Resolve | undefined;
    retry?: RetrySchedule | undefined;
    /** How long an endpoint has to answer: 10 s unless said otherwise. */
    timeoutMs?: number | undefined;
  };
  /** What invoices state: the seller and the tax rate (SELLER_*, TAX_RATE); the defaults without. */
  invoicing?: Invoicing | undefined;
  /** The time zone the shop's days are counted in (SHOP_TIME_ZONE); UTC without. */
  shopTimeZone?: string | undefined;
  /**
   * The durable queue's worker: how often it asks for due jobs (off when absent: tests run
   * `app.jobs.drain()` themselves), its retry policy (ten tries from a minute apart by default),
   * and the recurring tasks this instance registers with their periods (none when absent: tests
   * run them themselves). A recurring task's first run is due when it is registered.
   */
  jobs?:
    | {
        pollMs?: number | undefined;
        policy?: Pick<JobRunnerOptions, 'maxAttempts' | 'retryInMs' | 'maxRetryInMs' | 'leaseMs'>;
        recurring?: JobRunnerOptions['recurring'];
      }
    | undefined;
  /** Folder for uploaded part pictures (DATA_DIR/uploads); without it uploads are refused. */
  uploadsDir?: string | undefined;
  /** The largest catalogue file an import takes; CATALOGUE_IMPORT_MAX_BYTES when absent (tests set less). */
  catalogueImportMaxBytes?: number | undefined;
  /**
   * Decodes VINs (DATA_DIR/vpic); without it, one unpacking its database into the system's
   * temporary folder on the first VIN asked.
   */
  vinDecoder?: VinDecoder | undefined;
  /** Folder of the built web app; without it the server answers the API only. */
  webRoot?: string | undefined;
  /** How long a client may take to send a request and its headers, and to stay idle between two. */
  httpTimeouts?: HttpTimeouts | undefined;
  /** The server's logger (`createLogger`); without it nothing is logged. */
  logger?: FastifyBaseLogger | undefined;
  now?: () => Date;
};

/** JSON bodies of this shop are small; a larger one is refused with 413 before it is parsed. */
const BODY_LIMIT = 100 * 1024;

/**
 * Memory for cached catalogue replies (every search, page and part), keys and headers included;
 * the least recently used go first (ADR 007).
 */
const CATALOG_CACHE_BYTES = 32 * 1024 * 1024;
const REVIEWS_CACHE_BYTES = 8 * 1024 * 1024;

const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * The refusal Node's HTTP parser raises before there is a request (a malformed request line, too
 * many header bytes, a request that did not arrive in time), written straight to the socket as
 * the shop's every reply is: its error shape, with the security headers, and the connection
 * closed.
 */
function clientErrorHandler(headers: Record<string, string>) {
  return (error: NodeJS.ErrnoException, socket: Socket) => {
    if (error.code === 'ECONNRESET' || socket.destroyed) return;
    const [status, code, message] =
      error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'request_timeout', 'The request did not arrive in time.']
        : error.code === 'HPE_HEADER_OVERFLOW'
          ? [431, 'headers_too_large', 'The request headers are too large.']
          : [400, 'bad_request', 'Malformed HTTP request.'];
    const body = JSON.stringify(errorBody(code, message));
    const lines = [
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}`,
      ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
      'content-type: application/json; charset=utf-8',
      `content-length: ${Buffer.byteLength(body)}`,
      'connection: close',
    ];
    if (socket.writable) socket.write(`${lines.join('\r\n')}\r\n\r\n${body}`);
    socket.destroy();
  };
}

export async function buildApp(deps: AppDeps) {
  const { database, webRoot, logger } = deps;
  // The catalogue and the reviews are read far more than written: their replies are served from
  // memory. Any call that may write (not GET/HEAD/OPTIONS) empties both before its reply leaves,
  // so its caller, and everyone after, reads what it changed. Writes by other instances (or the
  // CLI, or psql) arrive as PostgreSQL notifications from the tables' triggers; if one is lost, a
  // cached reply still expires after REPLY_CACHE_TTL_MS (1 s).
  const clock = deps.now;
  const cacheNow = clock ? () => clock().getTime() : Date.now;
  const catalogCache = createReplyCache({ maxBytes: CATALOG_CACHE_BYTES, now: cacheNow });
  const reviewsCache = createReplyCache({ maxBytes: REVIEWS_CACHE_BYTES, now: cacheNow });
  // The same security headers on every reply, those written before any route runs included.
  const headers = securityHeaders({
    stripe: deps.stripe !== undefined,
    https: deps.publicUrl.startsWith('https://'),
  });
  const timeouts = deps.httpTimeouts ?? defaultHttpTimeouts;

  const app = Fastify({
    ...(logger ? { loggerInstance: logger } : { logger: false }),
    // One access line per request, when it completes.
    logController: new AccessLog(),
    bodyLimit: BODY_LIMIT,
    // A path parameter may be a whole e-mail address (up to 254 characters, percent-encoded).
    routerOptions: { maxParamLength: 800 },
    // While closing, the hook below answers 503 in the shop's shape (Fastify's own has neither).
    return503OnClosing: false,
    // A client has this long to send a whole request, body included, and its headers; an idle
    // kept-alive connection is closed after keepAliveMs (config.ts, HTTP_*_TIMEOUT_MS). Node checks
    // the first two every connectionsCheckingInterval (30 s by default: a second here).
    requestTimeout: timeouts.requestMs,
    keepAliveTimeout: timeouts.keepAliveMs,
    http: {
      headersTimeout: timeouts.headersMs,
      connectionsCheckingInterval: Math.min(1000, timeouts.headersMs),
    },
    clientErrorHandler: clientErrorHandler(headers),
    // Errors the router raises before any route runs (a bad URL, an oversized parameter) get the
    // shop's error shape and its security headers too (no onRequest hook runs for them).
    frameworkErrors: (error, _request, reply) => {
      const status = error.statusCode && error.statusCode < 500 ? error.statusCode : 400;
      // Typed loosely here: this runs before any route (and its reply schema) is known.
      const raw = reply as unknown as {
        headers(values: Record<string, string>): { code(n: number): { send(body: unknown): void } };
      };
      raw
        .headers(headers)
        .code(status)
        .send(errorBody(status === 414 ? 'uri_too_long' : 'bad_request', error.message));
    },
  }).withTypeProvider<ZodTypeProvider>();

  // Requests are validated by the contract's zod schemas; replies are written by serialisers
  // compiled from them, checked against zod's own outside production (ADR 022).
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(
    replySerializerCompiler({ check: process.env.NODE_ENV !== 'production' }),
  );

  // Cross-cutting: one error shape, security headers, OpenAPI (before routes, so it sees them).
  registerErrorHandler(app);
  registerInputGuards(app);
  const apiMethods = trackApiMethods(app);
  registerSecurityHeaders(app, headers);
  // Idempotency-Key on the routes that take one (orders, checkout, payment intents, approvals):
  // before compression, so that the reply it keeps for a retry is the JSON itself.
  const idempotencyNow = deps.now ?? (() => new Date());
  registerIdempotency(app, { db: database.db, now: idempotencyNow });
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  // Not async: this runs for every request, cached reads included.
  app.addHook('onRequest', (_request, reply, done) => {
    if (!closing) return done();
    reply
      .code(503)
      .header('connection', 'close')
      .send(errorBody('unavailable', 'The shop is restarting. Please try again.'));
  });
  // Large text replies (JSON, HTML) in brotli or gzip for clients that accept it; the cached
  // catalogue brings its own compressed forms, made once. A compressed request body is not
  // decoded (as before). Before any route: it joins each route as it is added.
  await app.register(compress, { encodings: ['br', 'gzip'], globalDecompression: false });
  await registerOpenApi(app, { publicUrl: deps.publicUrl });
  // Rate limits, on the routes that ask for one.
  // Redis keeps the counters every instance shares; while it does not answer, this process counts
  // on its own (issue 34 #2).
  const redisLink = deps.redis ? createRedisLink(app.log) : undefined;
  await registerRateLimits(app, { redis: deps.redis, link: redisLink });

  // The tables a cached catalogue reply is read from (migrations 0004, 0012 and 0029 notify for each).
  const CATALOGUE_TABLES = new Set([
    'parts',
    'brands',
    'categories',
    'part_references',
    'part_attributes',
    'part_price_tiers',
    'fitments',
    'part_stock',
    'warehouses',
  ]);
  const stopListening = await database.changes.subscribe((table) => {
    if (table === null || CATALOGUE_TABLES.has(table)) catalogCache.invalidate();
    if (table === null || table === 'reviews') reviewsCache.invalidate();
  });
  app.addHook('onClose', async () => {
    stopListening();
    catalogCache.close();
    reviewsCache.close();
  });
  // Every route that may write empties both caches before its reply leaves (a hook on those
  // routes only: reads, the cached ones above all, do not pay for it).
  const emptyCaches: onSendHookHandler = (_request, _reply, payload, done) => {
    catalogCache.invalidate();
    reviewsCache.invalidate();
    done(null, payload);
  };
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (methods.every((method) => READ_METHODS.has(method))) return;
    const own =
      route.onSend === undefined ? [] : Array.isArray(route.onSend) ? route.onSend : [route.onSend];
    route.onSend = [...own, emptyCaches];
  });

  // Who is calling: private calls ask `request.currentUser()` / `currentAdmin()`.
  const accounts = createAccountsContext({
    db: database.db,
    accessKey: deps.accessKey,
    publicUrl: deps.publicUrl,
    ...(deps.now ? { now: deps.now } : {}),
  });
  // API keys: checked against the route's security (http/access.ts) and counted per key.
  const keyCalls = limitAlso(
    app,
    'api-key',
    deps.apiKeyLimit ?? { max: 600, windowSeconds: 60 },
    (minutes) =>
      `Too many calls with this API key. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
    (request: { apiKeyId: string | null }) => request.apiKeyId ?? '',
  );
  registerBearerAuth(app, accessTokenVerifier(accounts), {
    verify: apiKeyVerifier(database.db),
    limit: keyCalls,
  });

  // Operations.
  await app.register(healthRoutes, {
    database,
    redis: deps.redis,
    queue: () => queueHealth(database.db),
  });

  // Accounts: sign-up, sign-in, sessions, password reset, e-mail verification, Google, user sync.
  // Cookies (the refresh token, the Google sign-in flow) are theirs alone: the cookie plugin is
  // registered with them, so its hooks do not run on every other reply of the shop.
  const limits = deps.authLimits ?? defaultAuthLimits;
  const signInFailures = createFailureCounter({
    redis: deps.redis,
    link: redisLink,
    now: deps.now,
  });
  app.addHook('onClose', () => signInFailures.close());
  await app.register(async (accountCalls) => {
    await accountCalls.register(cookie);
    const calls = accountCalls.withTypeProvider<ZodTypeProvider>();
    await calls.register(sessionsRoutes, { ctx: accounts, limits, signInFailures });
    await calls.register(passwordsRoutes, { ctx: accounts, limits });
    await calls.register(emailLinksRoutes, { ctx: accounts, limits });
    await calls.register(googleRoutes, { ctx: accounts, identityProvider: deps.identityProvider });
    await calls.register(accountsRoutes, { ctx: accounts });
  });

  // Public shop.
  const images = deps.uploadsDir ? createFileImageStore(deps.uploadsDir) : undefined;
  await app.register(catalogRoutes, { db: database.db, cache: catalogCache, images });
  await app.register(reviewsRoutes, { db: database.db, cache: reviewsCache });
  const vinDecoder = deps.vinDecoder ?? createVinDecoder(join(tmpdir(), 'axle-vpic'));
  app.addHook('onClose', () => vinDecoder.close());
  await app.register(vehiclesRoutes, { db: database.db, vinDecoder });
  await app.register(fleetRoutes, { db: database.db, vinDecoder });
  await app.register(warehousesRoutes, { db: database.db, mail: { publicUrl: deps.publicUrl } });
  await app.register(newsletterRoutes, {
    ctx: { db: database.db, publicUrl: deps.publicUrl, now: deps.now },
    limits: deps.newsletterLimits ?? defaultNewsletterLimits,
  });

  // Profile info of My Profile: your own (an admin may read anyone's).
  await app.register(profilesRoutes, { db: database.db });
  // My garage: a customer's own vehicles, one of them current.
  await app.register(garageRoutes, { db: database.db });

  // Ordering and card payment: the server decides every number; payments are verified with the provider.
  const sandbox = deps.stripe ? undefined : createSandboxProvider(database.db);
  const payments: PaymentsContext = {
    db: database.db,
    provider: deps.stripe?.provider ?? (sandbox as PaymentProvider),
    // Order mail (placed, paid with its invoice, shipped, cancelled) is queued with each change.
    mail: { publicUrl: deps.publicUrl },
    invoicing: deps.invoicing ?? defaultInvoicing,
  };
  const orderLimits = deps.orderLimits ?? defaultOrderLimits;
  await app.register(ordersRoutes, {
    ctx: payments,
    limits: orderLimits,
    now: deps.now,
  });
  // Ship-to addresses, the cart (with quick order and reorder) and invoices (issue 17).
  await app.register(addressesRoutes, { db: database.db });
  await app.register(cartRoutes, { db: database.db });
  await app.register(invoicesRoutes, { db: database.db, invoicing: payments.invoicing });
  // Core returns and their credit notes (issue 32 #4).
  await app.register(creditNotesRoutes, {
    db: database.db,
    mail: payments.mail,
    invoicing: payments.invoicing,
  });
  // Integrations: API keys and outgoing webhooks for a customer's own system (issue 19).
  await app.register(apiKeysRoutes, { db: database.db });
  const webhookNetwork = {
    allowPrivate: deps.webhooks?.allowPrivate ?? false,
    resolve: deps.webhooks?.resolve ?? systemResolve,
  };
  await app.register(webhooksRoutes, { db: database.db, network: webhookNetwork });
  const webhookSender = {
    db: database.db,
    network: webhookNetwork,
    retry: deps.webhooks?.retry ?? defaultRetrySchedule,
    keepMs: DEFAULT_KEEP_MS,
    timeoutMs: deps.webhooks?.timeoutMs ?? 10_000,
    log: app.log,
  };
  // Companies: several buyers per business, roles, spending limits and approvals (issue 18).
  await app.register(companiesRoutes, {
    db: database.db,
    mail: payments.mail,
    invoicing: payments.invoicing,
    now: deps.now,
  });
  await app.register(paymentsRoutes, {
    ctx: payments,
    config: deps.stripe
      ? { provider: 'stripe', publishableKey: deps.stripe.publishableKey }
      : { provider: 'sandbox' },
    taxRateBasisPoints: payments.invoicing.taxRateBasisPoints,
    sandbox,
    stripeWebhookSecret: deps.stripe?.webhookSecret,
  });

  // Admin area: users, all orders, parts and the audit log; admins only (401 without a token, 403
  // for a customer).
  await app.register(adminRoutes, {
    ctx: { ...payments, ...(deps.now ? { now: deps.now } : {}) },
    images,
    catalogueImportMaxBytes: deps.catalogueImportMaxBytes,
  });
  // The warehouse's papers: picking lists and packing slips (issue 33 #2).
  await app.register(pickingRoutes, {
    db: database.db,
    invoicing: payments.invoicing,
    now: deps.now,
  });
  // The back office's reports: sales at a glance and the parts running out (issue 33 #1, #4).
  const shopTimeZone = deps.shopTimeZone ?? 'UTC';
  await useShopTimeZone(database.db, shopTimeZone);
  await app.register(reportsRoutes, { db: database.db, timeZone: shopTimeZone, now: deps.now });
  // The admin's companies: payment on account, payments recorded, overdue invoices (issue 18).
  await app.register(adminCompaniesRoutes, { db: database.db, now: deps.now });

  // The durable queue (ADR 020): mail and invoices, written with the change that causes them, run
  // here after it commits, by whichever instance claims each job; the recurring tasks, each run by
  // one instance a period; the admin's list of stuck jobs.
  const jobRunner = createJobRunner({
    db: database.db,
    log: app.log,
    pollMs: deps.jobs?.pollMs ?? 0,
    ...deps.jobs?.policy,
    recurring: deps.jobs?.recurring,
    handlers: {
      mail: (message) => deps.mailer.send(message),
      'order-placed': ({ orderId }) => queueEachPlacedMail(payments.mail, database.db, orderId),
      'invoice-mail': async ({ orderId }) => {
        const message = await invoiceMail(payments, orderId);
        if (message) await deps.mailer.send(message);
      },
      'core-refund': ({ creditNote }) => refundCreditNote(payments, creditNote),
      'expire-unpaid-orders': expireUnpaidOrdersTask({
        ctx: payments,
        limits: orderLimits,
        now: deps.now,
        log: app.log,
      }),
      'reconcile-payments': async () => {
        const paid = await reconcileOpenIntents(payments);
        if (paid > 0) app.log.info({ paid }, 'card payments reconciled: orders marked paid');
      },
      'deliver-webhooks': async () => void (await deliverDueWebhooks(webhookSender)),
      'prune-webhooks': async () => void (await pruneWebhookHistory(webhookSender)),
      'purge-idempotency-keys': async () =>
        void (await purgeIdempotencyKeys(database.db, idempotencyNow)),
      'mail-low-stock': async () => {
        const parts = await mailLowStock(database.db, deps.publicUrl);
        if (parts > 0) app.log.info({ parts }, 'low stock mailed to the admins');
      },
    },
  });
  app.decorate('jobs', jobRunner);
  // A job committed by any instance wakes this one's worker (migration 0023's trigger).
  const stopWaking = await database.changes.subscribe((table) => {
    if (table === null || table === 'jobs') jobRunner.kick();
  });
  app.addHook('onListen', async () => jobRunner.start());
  app.addHook('onClose', async () => {
    stopWaking();
    await jobRunner.stop();
  });
  await app.register(jobsRoutes, { db: database.db, worker: jobRunner });

  // Last: the built web app with history fallback, and JSON 404s for unknown API paths.
  const pageFor = await registerSpa(app, webRoot, apiMethods);
  // Part pages with their own title and JSON-LD for search engines, the sitemap and robots.txt.
  await app.register(catalogPageRoutes, { db: database.db, publicUrl: deps.publicUrl, pageFor });

  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
