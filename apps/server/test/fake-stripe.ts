// A local stand-in for the PaymentIntents part of Stripe's API, on 127.0.0.1 over http, for the
// Stripe adapter's tests through the SDK's `host`/`port`/`protocol` options (no Stripe emulator
// is published on npm). It speaks what the SDK sends (form-encoded bodies, bracketed keys, bearer
// key, Idempotency-Key) and answers Stripe-shaped JSON, errors included. `succeed` plays the part
// of Stripe.js confirming the card in the customer's browser.
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type FakeCharge = {
  id: string;
  object: 'charge';
  amount: number;
  currency: string;
  created: number;
  livemode: false;
  paid: boolean;
  payment_intent: string;
  status: 'succeeded';
  payment_method_details: {
    type: 'card';
    card: { brand: string; last4: string; exp_month: number; exp_year: number; funding: string };
  };
};

export type FakeIntent = {
  id: string;
  object: 'payment_intent';
  amount: number;
  amount_received: number;
  automatic_payment_methods: { enabled: boolean; allow_redirects: 'always' } | null;
  canceled_at: number | null;
  cancellation_reason: string | null;
  client_secret: string;
  created: number;
  currency: string;
  latest_charge: string | null;
  livemode: false;
  metadata: Record<string, string>;
  status:
    | 'requires_payment_method'
    | 'requires_confirmation'
    | 'requires_action'
    | 'processing'
    | 'requires_capture'
    | 'succeeded'
    | 'canceled';
};

export type FakeStripe = {
  host: string;
  port: number;
  protocol: 'http';
  /** The only key the fake accepts as `Authorization: Bearer …`. */
  secretKey: string;
  /** Every intent created, by id; tests may read or change them. */
  intents: Map<string, FakeIntent>;
  /** Every refund made, oldest first (idempotent replays do not add one). */
  refunds: { id: string; payment_intent: string; amount: number }[];
  /** How many POST /v1/payment_intents created a new intent (idempotent replays do not count). */
  readonly createdCount: number;
  /** The customer's card is confirmed: the intent succeeds with a charge carrying the card. */
  succeed(intentId: string, card: { brand: string; last4: string }): FakeIntent;
  stop(): Promise<void>;
};

type StripeErrorBody = {
  type: 'invalid_request_error' | 'idempotency_error' | 'api_error';
  message: string;
  code?: string;
  param?: string;
};

class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: StripeErrorBody,
  ) {
    super(body.message);
  }
}

const payableStatuses = new Set<FakeIntent['status']>([
  'requires_payment_method',
  'requires_confirmation',
  'requires_action',
]);
const cancelableStatuses = new Set<FakeIntent['status']>([
  'requires_payment_method',
  'requires_capture',
  'requires_confirmation',
  'requires_action',
  'processing',
]);

const randomId = (prefix: string) => `${prefix}_${randomBytes(12).toString('base64url')}`;
const now = () => Math.floor(Date.now() / 1000);

export async function startFakeStripe(options: { secretKey?: string } = {}): Promise<FakeStripe> {
  const secretKey = options.secretKey ?? `sk_test_fake${randomBytes(12).toString('hex')}`;
  const intents = new Map<string, FakeIntent>();
  const charges = new Map<string, FakeCharge>();
  // Stripe keeps the first response of a key and replays it for the same request.
  const idempotent = new Map<string, { request: string; status: number; body: string }>();
  let createdCount = 0;

  const findIntent = (id: string): FakeIntent => {
    const intent = intents.get(id);
    if (!intent) {
      throw new HttpError(404, {
        type: 'invalid_request_error',
        code: 'resource_missing',
        param: 'intent',
        message: `No such payment_intent: '${id}'`,
      });
    }
    return intent;
  };

  const render = (intent: FakeIntent, expand: string[]) => ({
    ...intent,
    latest_charge:
      intent.latest_charge && expand.includes('latest_charge')
        ? (charges.get(intent.latest_charge) ?? null)
        : intent.latest_charge,
  });

  const createIntent = (params: FormParams): FakeIntent => {
    const amount = field(params, 'amount');
    const currency = field(params, 'currency');
    if (amount === undefined) throw missing('amount');
    if (currency === undefined) throw missing('currency');
    if (!/^\d+$/.test(amount)) throw invalid('amount', `Invalid integer: ${amount}`);
    if (Number(amount) < 50 && currency === 'usd') {
      throw invalid('amount', 'Amount must be at least $0.50 usd', 'amount_too_small');
    }
    const metadata: Record<string, string> = {};
    const rawMetadata = params.metadata;
    if (rawMetadata && typeof rawMetadata === 'object') {
      for (const [key, value] of Object.entries(rawMetadata)) {
        if (typeof value === 'string') metadata[key] = value;
      }
    }
    const automatic = params.automatic_payment_methods;
    const id = randomId('pi');
    const intent: FakeIntent = {
      id,
      object: 'payment_intent',
      amount: Number(amount),
      amount_received: 0,
      automatic_payment_methods:
        typeof automatic === 'object' && automatic.enabled === 'true'
          ? { enabled: true, allow_redirects: 'always' }
          : null,
      canceled_at: null,
      cancellation_reason: null,
      client_secret: `${id}_secret_${randomBytes(12).toString('base64url')}`,
      created: now(),
      currency: currency.toLowerCase(),
      latest_charge: null,
      livemode: false,
      metadata,
      status: 'requires_payment_method',
    };
    intents.set(id, intent);
    createdCount += 1;
    return intent;
  };

  const cancelIntent = (id: string): FakeIntent => {
    const intent = findIntent(id);
    if (!cancelableStatuses.has(intent.status)) {
      throw new HttpError(400, {
        type: 'invalid_request_error',
        code: 'payment_intent_unexpected_state',
        message: `You cannot cancel this PaymentIntent because it has a status of ${intent.status}. Only a PaymentIntent with one of the following statuses may be canceled: ${[...cancelableStatuses].join(', ')}.`,
      });
    }
    intent.status = 'canceled';
    intent.canceled_at = now();
    return intent;
  };

  // Refunds of a succeeded intent's charge: never more in all than it received.
  const refunds: { id: string; payment_intent: string; amount: number }[] = [];
  const createRefund = (params: FormParams) => {
    const intentId = field(params, 'payment_intent');
    if (intentId === undefined) throw missing('payment_intent');
    const intent = findIntent(intentId);
    if (intent.status !== 'succeeded')
      throw new HttpError(400, {
        type: 'invalid_request_error',
        code: 'charge_not_refundable',
        message: `This PaymentIntent (${intentId}) does not have a successful charge to refund.`,
      });
    const raw = field(params, 'amount');
    const amount = raw === undefined ? intent.amount_received : Number(raw);
    if (raw !== undefined && !/^\d+$/.test(raw)) throw invalid('amount', `Invalid integer: ${raw}`);
    const refunded = refunds
      .filter((refund) => refund.payment_intent === intentId)
      .reduce((sum, refund) => sum + refund.amount, 0);
    if (amount + refunded > intent.amount_received)
      throw new HttpError(400, {
        type: 'invalid_request_error',
        code: 'charge_already_refunded',
        message: `Refund amount ($${(amount / 100).toFixed(2)}) is greater than unrefunded amount on charge ($${((intent.amount_received - refunded) / 100).toFixed(2)})`,
      });
    const refund = { id: randomId('re'), payment_intent: intentId, amount };
    refunds.push(refund);
    return {
      ...refund,
      object: 'refund',
      charge: intent.latest_charge,
      created: now(),
      currency: intent.currency,
      status: 'succeeded',
      metadata: {},
    };
  };

  const route = (method: string, url: URL, params: FormParams): unknown => {
    const query = parseForm(url.searchParams);
    const expandParam = method === 'GET' ? query.expand : params.expand;
    const expand = typeof expandParam === 'object' ? Object.values(expandParam).map(String) : [];
    const parts = url.pathname.split('/').filter(Boolean);
    if (method === 'POST' && parts.length === 2 && parts[0] === 'v1' && parts[1] === 'refunds')
      return createRefund(params);
    if (parts[0] === 'v1' && parts[1] === 'payment_intents') {
      const id = parts[2];
      if (method === 'POST' && parts.length === 2) return render(createIntent(params), expand);
      if (id && method === 'GET' && parts.length === 3) return render(findIntent(id), expand);
      if (id && method === 'POST' && parts.length === 4 && parts[3] === 'cancel') {
        return render(cancelIntent(id), expand);
      }
    }
    throw new HttpError(404, {
      type: 'invalid_request_error',
      message: `Unrecognized request URL (${method}: ${url.pathname}).`,
    });
  };

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const send = (status: number, body: string, headers: Record<string, string> = {}) => {
      res.writeHead(status, {
        'content-type': 'application/json',
        'request-id': randomId('req'),
        ...headers,
      });
      res.end(body);
    };
    try {
      const raw = await readBody(req);
      const method = req.method ?? 'GET';
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      const authorization = req.headers.authorization ?? '';
      const presented = authorization.startsWith('Bearer ') ? authorization.slice(7) : '';
      if (presented !== secretKey) {
        // Stripe's wording, which quotes the key's end: the adapter must not pass it on.
        throw new HttpError(401, {
          type: 'invalid_request_error',
          message: presented
            ? `Invalid API Key provided: ${presented.slice(0, 8)}${'*'.repeat(Math.max(0, presented.length - 12))}${presented.slice(-4)}`
            : 'You did not provide an API key.',
        });
      }
      const key = req.headers['idempotency-key'];
      const request = `${method} ${url.pathname}${url.search} ${raw}`;
      if (method === 'POST' && typeof key === 'string') {
        const earlier = idempotent.get(key);
        if (earlier) {
          if (earlier.request !== request) {
            throw new HttpError(400, {
              type: 'idempotency_error',
              message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
            });
          }
          send(earlier.status, earlier.body, { 'idempotent-replayed': 'true' });
          return;
        }
      }
      const body = JSON.stringify(route(method, url, parseForm(new URLSearchParams(raw))));
      if (method === 'POST' && typeof key === 'string') {
        idempotent.set(key, { request, status: 200, body });
      }
      send(200, body);
    } catch (error) {
      if (error instanceof HttpError) {
        send(error.status, JSON.stringify({ error: error.body }));
      } else {
        send(
          500,
          JSON.stringify({ error: { type: 'api_error', message: 'The fake Stripe failed.' } }),
        );
      }
    }
  };

  const server = createServer((req, res) => {
    void handle(req, res);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const { port } = server.address() as AddressInfo;

  return {
    host: '127.0.0.1',
    port,
    protocol: 'http',
    secretKey,
    intents,
    refunds,
    get createdCount() {
      return createdCount;
    },
    succeed(intentId, { brand, last4 }) {
      const intent = intents.get(intentId);
      if (!intent) throw new Error(`fake Stripe: no intent ${intentId}`);
      if (!payableStatuses.has(intent.status)) {
        throw new Error(`fake Stripe: intent ${intentId} is ${intent.status}, not payable`);
      }
      const charge: FakeCharge = {
        id: randomId('ch'),
        object: 'charge',
        amount: intent.amount,
        currency: intent.currency,
        created: now(),
        livemode: false,
        paid: true,
        payment_intent: intent.id,
        status: 'succeeded',
        payment_method_details: {
          type: 'card',
          card: {
            brand,
            last4,
            exp_month: 12,
            exp_year: new Date().getFullYear() + 3,
            funding: 'credit',
          },
        },
      };
      charges.set(charge.id, charge);
      intent.latest_charge = charge.id;
      intent.amount_received = intent.amount;
      intent.status = 'succeeded';
      return intent;
    },
    async stop() {
      server.closeAllConnections();
      await new Promise<void>((resolve, reject) =>
        server.close((error) => (error ? reject(error) : resolve())),
      );
    },
  };
}

type FormParams = { [key: string]: string | FormParams };

/** `metadata[orderId]=…&expand[0]=…` as the SDK encodes it, back into nested objects. */
function parseForm(search: URLSearchParams): FormParams {
  const result: FormParams = {};
  for (const [name, value] of search) {
    const path = name.split(/[[\]]+/).filter(Boolean);
    let node = result;
    for (const [index, key] of path.entries()) {
      if (index === path.length - 1) {
        node[key] = value;
      } else {
        let next = node[key];
        if (typeof next !== 'object') {
          next = {};
          node[key] = next;
        }
        node = next;
      }
    }
  }
  return result;
}

function field(params: FormParams, name: string): string | undefined {
  const value = params[name];
  return typeof value === 'string' ? value : undefined;
}

function missing(param: string): HttpError {
  return new HttpError(400, {
    type: 'invalid_request_error',
    code: 'parameter_missing',
    param,
    message: `Missing required param: ${param}.`,
  });
}

function invalid(param: string, message: string, code = 'parameter_invalid_integer'): HttpError {
  return new HttpError(400, { type: 'invalid_request_error', code, param, message });
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}
