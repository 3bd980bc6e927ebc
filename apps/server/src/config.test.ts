import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('configuration from the environment', () => {
  it('has defaults for a laptop', () => {
    expect(loadConfig({})).toEqual({
      port: 3000,
      host: 'localhost',
      dataDir: './data',
      databaseUrl: undefined,
      seedDemo: undefined,
      shopTimeZone: 'UTC',
      publicUrl: 'http://localhost:3000',
      logLevel: 'info',
      jwtSecret: undefined,
      webhookAllowPrivate: false,
      redisUrl: undefined,
      smtpUrl: undefined,
      mailFrom: 'Axle <no-reply@axle.localhost>',
      rateLimitScale: 1,
      orders: { unpaidPerCustomer: 5, unpaidHours: 24 },
      stripe: undefined,
      oidc: undefined,
      httpTimeouts: { requestMs: 30_000, headersMs: 10_000, keepAliveMs: 72_000 },
      invoicing: {
        seller: { name: 'Axle Parts Ltd.', address: [], taxId: null },
        taxRateBasisPoints: 0,
      },
    });
  });

  it('reads what invoices state: the seller, its address a line per semicolon, and the tax rate', () => {
    expect(
      loadConfig({
        SELLER_NAME: 'Parts & Co',
        SELLER_ADDRESS: '12 Dock Road; Chattogram 4100 ;Bangladesh',
        SELLER_TAX_ID: 'BIN 000123',
        TAX_RATE: '0.15',
      }).invoicing,
    ).toEqual({
      seller: {
        name: 'Parts & Co',
        address: ['12 Dock Road', 'Chattogram 4100', 'Bangladesh'],
        taxId: 'BIN 000123',
      },
      taxRateBasisPoints: 1500,
    });
    expect(loadConfig({ TAX_RATE: '0.075' }).invoicing.taxRateBasisPoints).toBe(750);
    for (const bad of ['15', '-0.1', '1.5', 'abc', '0.12345'])
      expect(() => loadConfig({ TAX_RATE: bad }), bad).toThrow(/TAX_RATE/);
  });

  it('reads the HTTP timeouts, and refuses headers allowed longer than the whole request', () => {
    expect(
      loadConfig({
        HTTP_REQUEST_TIMEOUT_MS: '5000',
        HTTP_HEADERS_TIMEOUT_MS: '2000',
        HTTP_KEEP_ALIVE_TIMEOUT_MS: '4000',
      }).httpTimeouts,
    ).toEqual({ requestMs: 5000, headersMs: 2000, keepAliveMs: 4000 });
    expect(() => loadConfig({ HTTP_REQUEST_TIMEOUT_MS: '0' })).toThrow(ConfigError);
    expect(() =>
      loadConfig({ HTTP_REQUEST_TIMEOUT_MS: '1000', HTTP_HEADERS_TIMEOUT_MS: '2000' }),
    ).toThrow(/HTTP_HEADERS_TIMEOUT_MS/);
  });

  it('reads every variable', () => {
    const config = loadConfig({
      PORT: '8080',
      HOST: '0.0.0.0',
      DATA_DIR: '/var/lib/axle',
      DATABASE_URL: 'postgres://shop@db:5432/axle',
      SEED_DEMO: 'true',
      PUBLIC_URL: 'https://axle.example',
      LOG_LEVEL: 'warn',
      UNPAID_ORDER_TTL_HOURS: '48',
      UNPAID_ORDERS_PER_CUSTOMER: '10',
    });
    expect(config).toMatchObject({
      port: 8080,
      orders: { unpaidPerCustomer: 10, unpaidHours: 48 },
      databaseUrl: 'postgres://shop@db:5432/axle',
      seedDemo: true,
    });
  });

  it('turns Google sign-in on with a client id, against Google unless told otherwise', () => {
    expect(loadConfig({ OIDC_CLIENT_ID: 'id', OIDC_CLIENT_SECRET: 'secret' }).oidc).toEqual({
      issuer: 'https://accounts.google.com',
      clientId: 'id',
      clientSecret: 'secret',
    });
    expect(loadConfig({ PUBLIC_URL: 'https://shop.example/' }).publicUrl).toBe(
      'https://shop.example',
    );
  });

  it('uses Stripe only with both keys', () => {
    expect(
      loadConfig({ STRIPE_SECRET_KEY: 'sk_test_1', STRIPE_PUBLISHABLE_KEY: 'pk_test_1' }).stripe,
    ).toEqual({
      secretKey: 'sk_test_1',
      publishableKey: 'pk_test_1',
      webhookSecret: undefined,
    });
    expect(() => loadConfig({ STRIPE_SECRET_KEY: 'sk_test_1' })).toThrow(
      /STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY/,
    );
    expect(() =>
      loadConfig({ STRIPE_SECRET_KEY: 'pk_wrong', STRIPE_PUBLISHABLE_KEY: 'pk_test_1' }),
    ).toThrow(/STRIPE_SECRET_KEY/);
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '' })).toMatchObject({
      port: 3000,
      databaseUrl: undefined,
    });
  });

  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['DATABASE_URL', 'mysql://x@y/z'],
    ['DATABASE_URL', 'not a url'],
    ['SEED_DEMO', 'yes'],
    ['PUBLIC_URL', 'axle.example'],
    ['LOG_LEVEL', 'loud'],
    ['JWT_SECRET', 'short'],
    ['REDIS_URL', 'http://cache:6379'],
    ['SMTP_URL', 'mail.example.com'],
    ['RATE_LIMIT_SCALE', '0'],
    ['UNPAID_ORDER_TTL_HOURS', '0'],
    ['UNPAID_ORDER_TTL_HOURS', '1.5'],
    ['UNPAID_ORDERS_PER_CUSTOMER', '0'],
  ])('refuses %s=%s with a message naming the variable', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(`${name}: .*got "${value}"`));
  });
});
