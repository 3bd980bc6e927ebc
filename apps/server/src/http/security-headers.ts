import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

type Options = { stripe: boolean; https: boolean };

/** Helmet has no Permissions-Policy: the page may use no camera, microphone or location. */
const PERMISSIONS_POLICY = 'camera=(), microphone=(), geolocation=(), payment=(self)';

/**
 * Helmet's options for this shop: its defaults, with a Content-Security-Policy that lets the page
 * load only its own scripts (no inline script: the theme is applied by /theme-init.js), a page
 * that is never framed, and no full URLs leaked to other sites.
 */
function helmetOptions(options: Options): HelmetOptions {
  // Stripe.js must come from Stripe's own host; that host is allowed only when Stripe is configured.
  const stripe = options.stripe
    ? {
        script: ['https://js.stripe.com'],
        frame: ['https://js.stripe.com', 'https://hooks.stripe.com'],
        connect: ['https://api.stripe.com'],
      }
    : { script: [], frame: [], connect: [] };
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        'default-src': ["'self'"],
        'script-src': ["'self'", ...stripe.script],
        'style-src': ["'self'"],
        'img-src': ["'self'", 'data:'],
        'font-src': ["'self'"],
        'connect-src': ["'self'", ...stripe.connect],
        'frame-src': stripe.frame.length > 0 ? stripe.frame : ["'none'"],
        'object-src': ["'none'"],
        'base-uri': ["'self'"],
        'form-action': ["'self'"],
        'frame-ancestors': ["'none'"],
      },
    },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // HSTS only when customers reach the shop over https (PUBLIC_URL): browsers then never try
    // plain http for a year. On a laptop's http://localhost it would be wrong, so it is off there.
    strictTransportSecurity: options.https
      ? { maxAge: 31_536_000, includeSubDomains: true, preload: false }
      : false,
    xFrameOptions: { action: 'deny' },
  };
}

/**
 * The security headers of every reply, as Helmet writes them with `helmetOptions`, and the
 * Permissions-Policy. Helmet runs once, here, on a response of its own: its headers do not
 * depend on the request, and @fastify/helmet, which runs Helmet anew for every request, cost a
 * cached read about 19 µs of CPU, a third of its throughput (ADR 011).
 */
export function securityHeaders(options: Options): Record<string, string> {
  const request = new IncomingMessage(new Socket());
  const response = new ServerResponse(request);
  helmet(helmetOptions(options))(request, response, (error) => {
    if (error) throw error;
  });
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(response.getHeaders())) headers[name] = String(value);
  return { ...headers, 'permissions-policy': PERMISSIONS_POLICY };
}

/**
 * Sets `headers` (made once by `securityHeaders`) on every reply, cached ones included. A route
 * may still replace one (the API docs' page has its own Content-Security-Policy).
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
