import { knownTimeZone } from '@axle/contract/warehouse-texts';
import { z } from 'zod';
import type { Invoicing } from './features/invoices/invoices.service.ts';

const booleanText = z.enum(['true', 'false']).transform((value) => value === 'true');
const postgresUrl = z
  .url()
  .refine(
    (value) => /^postgres(ql)?:\/\//.test(value),
    'must start with postgres:// or postgresql://',
  );

/**
 * How long the HTTP server waits for a client (milliseconds). A request, its body included, must
 * arrive within `requestMs`, and its headers within `headersMs`: a body trickled a byte at a time
 * is cut off with a 408 instead of holding its connection for ever. An idle kept-alive connection
 * is closed after `keepAliveMs`: above a load balancer's usual 60 s idle time, so that the
 * balancer, not the shop, closes a connection it might reuse (Fastify's own default).
 */
export type HttpTimeouts = { requestMs: number; headersMs: number; keepAliveMs: number };
export const defaultHttpTimeouts: HttpTimeouts = {
  requestMs: 30_000,
  headersMs: 10_000,
  keepAliveMs: 72_000,
};

const milliseconds = (fallback: number) =>
  z.coerce.number().int().min(1).max(3_600_000).default(fallback);

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('localhost'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: postgresUrl.optional(),
  SEED_DEMO: booleanText.optional(),
  PUBLIC_URL: z.url().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  REDIS_URL: z
    .url()
    .refine((value) => /^rediss?:\/\//.test(value), 'must start with redis:// or rediss://')
    .optional(),
  SMTP_URL: z
    .url()
    .refine((value) => /^smtps?:\/\//.test(value), 'must start with smtp:// or smtps://')
    .optional(),
  MAIL_FROM: z.string().min(3).default('Axle <no-reply@axle.localhost>'),
  RATE_LIMIT_SCALE: z.coerce.number().int().min(1).max(1000).default(1),
  UNPAID_ORDER_TTL_HOURS: z.coerce.number().int().min(1).max(8760).default(24),
  UNPAID_ORDERS_PER_CUSTOMER: z.coerce.number().int().min(1).max(1000).default(5),
  STRIPE_SECRET_KEY: z.string().startsWith('sk_', 'must start with sk_').optional(),
  STRIPE_PUBLISHABLE_KEY: z.string().startsWith('pk_', 'must start with pk_').optional(),
  STRIPE_WEBHOOK_SECRET: z.string().startsWith('whsec_', 'must start with whsec_').optional(),
  OIDC_ISSUER: z.url().default('https://accounts.google.com'),
  OIDC_CLIENT_ID: z.string().min(1).optional(),
  OIDC_CLIENT_SECRET: z.string().min(1).optional(),
  HTTP_REQUEST_TIMEOUT_MS: milliseconds(defaultHttpTimeouts.requestMs),
  HTTP_HEADERS_TIMEOUT_MS: milliseconds(defaultHttpTimeouts.headersMs),
  HTTP_KEEP_ALIVE_TIMEOUT_MS: milliseconds(defaultHttpTimeouts.keepAliveMs),
  TAX_RATE: z
    .string()
    .regex(/^(0(\.\d{1,4})?|1(\.0{1,4})?)$/, 'must be a fraction from 0 to 1, e.g. 0.15 for 15 %')
    .transform((value) => Math.round(Number(value) * 10_000))
    .default(0),
  SELLER_NAME: z.string().min(1).max(120).default('Axle Parts Ltd.'),
  SELLER_ADDRESS: z.string().max(300).default(''),
  SELLER_TAX_ID: z.string().max(40).optional(),
  WEBHOOK_ALLOW_PRIVATE: booleanText.default(false),
  SHOP_TIME_ZONE: z
    .string()
    .refine(knownTimeZone, 'must be a time zone such as Europe/London or Asia/Dhaka')
    .default('UTC'),
});

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** `undefined`: seed only a brand-new embedded database. */
  seedDemo: boolean | undefined;
  /** The address customers use; e-mailed links start with it. */
  publicUrl: string;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  /** Signs access tokens; when unset the embedded database keeps a generated one in DATA_DIR. */
  jwtSecret: string | undefined;
  /**
   * WEBHOOK_ALLOW_PRIVATE: webhooks may go to http:// URLs and private, loopback and link-local
   * addresses (tests and development only: in production it lets customers make the shop call
   * into its own network).
   */
  webhookAllowPrivate: boolean;
  redisUrl: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Multiplies every sign-in/sign-up/reset limit; above 1 only for test and load environments. */
  rateLimitScale: number;
  /**
   * Stock held by unpaid orders: a customer has at most `unpaidPerCustomer` at once, and one still
   * unpaid `unpaidHours` after it was placed is cancelled, its stock returned.
   */
  orders: { unpaidPerCustomer: number; unpaidHours: number };
  /** Card payments through Stripe; without both keys the offline sandbox provider is used. */
  stripe:
    | { secretKey: string; publishableKey: string; webhookSecret: string | undefined }
    | undefined;
  /** Google (or another OpenID Connect provider) sign-in; off without a client id. */
  oidc: { issuer: string; clientId: string; clientSecret: string | undefined } | undefined;
  httpTimeouts: HttpTimeouts;
  /** What every invoice states: the seller (SELLER_*) and the tax its prices include (TAX_RATE). */
  invoicing: Invoicing;
  /** The time zone the shop's days are counted in: its sales reports' (SHOP_TIME_ZONE). */
  shopTimeZone: string;
};

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Reads the environment; a bad value throws a ConfigError naming each offending variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // An empty variable counts as unset, as shells and .env files commonly leave them.
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    const problems = parsed.error.issues.map(
      (issue) =>
        `  ${issue.path.join('.')}: ${issue.message} (got ${JSON.stringify(env[String(issue.path[0])])})`,
    );
    throw new ConfigError(`Invalid configuration in the environment:\n${problems.join('\n')}`);
  }
  const e = parsed.data;
  if (Boolean(e.STRIPE_SECRET_KEY) !== Boolean(e.STRIPE_PUBLISHABLE_KEY)) {
    throw new ConfigError(
      'Invalid configuration in the environment:\n  STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY go together: set both for Stripe, or neither for the sandbox.',
    );
  }
  if (e.HTTP_HEADERS_TIMEOUT_MS > e.HTTP_REQUEST_TIMEOUT_MS) {
    throw new ConfigError(
      'Invalid configuration in the environment:\n  HTTP_HEADERS_TIMEOUT_MS must not be above HTTP_REQUEST_TIMEOUT_MS: the headers are part of the request.',
    );
  }
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: e.DATA_DIR,
    databaseUrl: e.DATABASE_URL,
    seedDemo: e.SEED_DEMO,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    logLevel: e.LOG_LEVEL,
    jwtSecret: e.JWT_SECRET,
    webhookAllowPrivate: e.WEBHOOK_ALLOW_PRIVATE,
    redisUrl: e.REDIS_URL,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    rateLimitScale: e.RATE_LIMIT_SCALE,
    orders: {
      unpaidPerCustomer: e.UNPAID_ORDERS_PER_CUSTOMER,
      unpaidHours: e.UNPAID_ORDER_TTL_HOURS,
    },
    stripe:
      e.STRIPE_SECRET_KEY && e.STRIPE_PUBLISHABLE_KEY
        ? {
            secretKey: e.STRIPE_SECRET_KEY,
            publishableKey: e.STRIPE_PUBLISHABLE_KEY,
            webhookSecret: e.STRIPE_WEBHOOK_SECRET,
          }
        : undefined,
    oidc: e.OIDC_CLIENT_ID
      ? { issuer: e.OIDC_ISSUER, clientId: e.OIDC_CLIENT_ID, clientSecret: e.OIDC_CLIENT_SECRET }
      : undefined,
    httpTimeouts: {
      requestMs: e.HTTP_REQUEST_TIMEOUT_MS,
      headersMs: e.HTTP_HEADERS_TIMEOUT_MS,
      keepAliveMs: e.HTTP_KEEP_ALIVE_TIMEOUT_MS,
    },
    invoicing: {
      seller: {
        name: e.SELLER_NAME,
        // One line of the address per `;` (an environment variable holds one line).
        address: e.SELLER_ADDRESS.split(';')
          .map((line) => line.trim())
          .filter(Boolean),
        taxId: e.SELLER_TAX_ID ?? null,
      },
      taxRateBasisPoints: e.TAX_RATE,
    },
    shopTimeZone: e.SHOP_TIME_ZONE,
  };
}
