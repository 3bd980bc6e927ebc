import type { FastifyInstance } from 'fastify';

type Options = { stripe: boolean; https: boolean };

/**
 * The security headers of every reply, computed once: the page loads only its own scripts (no
 * inline script: the theme is applied by /theme-init.js), is never framed, and leaks no full URLs
 * to other sites. The same set Helmet's defaults give, with this shop's Content-Security-Policy.
 */
export function securityHeaders(options: Options): Record<string, string> {
  // Stripe.js must come from Stripe's own host; that host is allowed only when Stripe is configured.
  const stripe = options.stripe
    ? {
        script: ['https://js.stripe.com'],
        frame: ['https://js.stripe.com', 'https://hooks.stripe.com'],
        connect: ['https://api.stripe.com'],
      }
    : { script: [], frame: [], connect: [] };
  const directives: [string, string[]][] = [
    ['default-src', ["'self'"]],
    ['script-src', ["'self'", ...stripe.script]],
    ['style-src', ["'self'"]],
    ['img-src', ["'self'", 'data:']],
    ['font-src', ["'self'"]],
    ['connect-src', ["'self'", ...stripe.connect]],
    ['frame-src', stripe.frame.length > 0 ? stripe.frame : ["'none'"]],
    ['object-src', ["'none'"]],
    ['base-uri', ["'self'"]],
    ['form-action', ["'self'"]],
    ['frame-ancestors', ["'none'"]],
  ];
  return {
    'content-security-policy': directives
      .map(([name, sources]) => `${name} ${sources.join(' ')}`)
      .join(';'),
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-resource-policy': 'same-origin',
    'origin-agent-cluster': '?1',
    'referrer-policy': 'strict-origin-when-cross-origin',
    // HSTS only when customers reach the shop over https (PUBLIC_URL): browsers then never try
    // plain http for a year. On a laptop's http://localhost it would be wrong, so it is off there.
    ...(options.https
      ? { 'strict-transport-security': 'max-age=31536000; includeSubDomains' }
      : {}),
    'x-content-type-options': 'nosniff',
    'x-dns-prefetch-control': 'off',
    'x-download-options': 'noopen',
    'x-frame-options': 'DENY',
    'x-permitted-cross-domain-policies': 'none',
    'x-xss-protection': '0',
    'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=(self)',
  };
}

/**
 * Sets `headers` (computed once by `securityHeaders`) on every reply: a plugin that rebuilt them
 * per request cost about a tenth of a cached reply's time. A route may still replace one (the API
 * docs' page has its own Content-Security-Policy). The reply cache sends the same ones with a
 * stored reply (it writes its replies itself).
 */
export function registerSecurityHeaders(
  app: FastifyInstance,
  headers: Record<string, string>,
): void {
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}
