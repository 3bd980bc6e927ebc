// Property-based fuzzing of every API call (issue 6 §2). The calls and their input schemas are
// read from the shop's own OpenAPI document (generated from the contract's zod schemas), so a new
// route is fuzzed without touching this file. For each call fast-check sends payloads built from
// the schema (mostly valid) and mutations of them (wrong types, missing fields, pollution keys,
// random JSON), as nobody, a customer and an admin. Properties: never a 5xx, every error is the
// JSON error shape, every status is one the document lists for the call (HT-11), the server keeps
// serving, and the shop's invariants hold afterwards.

import { and, eq, lt } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultAuthLimits, scaleAuthLimits } from '../src/features/accounts/accounts.limits.ts';
import { parts } from '../src/features/catalog/catalog.table.ts';
import { orders } from '../src/features/orders/orders.table.ts';
import { payments } from '../src/features/payments/payments.table.ts';
import { type Customer, signInAdmin, signUp } from './customers.ts';
import { createTestApp } from './test-app.ts';

type Schema = {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: Schema[];
  oneOf?: Schema[];
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  pattern?: string;
  format?: string;
};
type Parameter = { in: 'path' | 'query'; name: string; schema: Schema };
type Operation = {
  method: string;
  path: string;
  parameters: Parameter[];
  body: Schema | undefined;
  /** The statuses the document says the call answers with. */
  statuses: string[];
};

/** Calls that are not JSON in and out, or that leave the site: checked in their own tests. */
const SKIPPED = new Set([
  'GET /api/auth/google',
  'GET /api/auth/google/callback',
  'POST /api/images',
  'GET /api/images/{name}',
]);
const RUNS_PER_CALL = 30;
const statuses: string[] = [];

/** The pattern of a text that may hold anything but a NUL character (http/openapi.ts). */
const NO_NUL = '^[^\\u0000]*$';

/** Values the schema accepts, as far as a JSON Schema says (a regex with lookaheads aside). */
function valid(schema: Schema, known: Known, name = ''): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const choices = schema.anyOf ?? schema.oneOf;
  if (choices) return fc.oneof(...choices.map((choice) => valid(choice, known, name)));
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'object': {
      const properties = schema.properties ?? {};
      const required = new Set(schema.required ?? []);
      const shape = Object.fromEntries(
        Object.entries(properties).map(([key, value]) => [key, valid(value, known, key)]),
      );
      return fc.record(shape, {
        requiredKeys: Object.keys(properties).filter((key) => required.has(key)),
      });
    }
    case 'array':
      return fc.array(valid(schema.items ?? {}, known), { maxLength: 4 });
    case 'integer':
      return fc.integer({
        min: Math.max(schema.minimum ?? -1e6, -1e9),
        max: Math.min(schema.maximum ?? 1e6, 1e9),
      });
    case 'number':
      return fc.double({
        min: schema.minimum ?? schema.exclusiveMinimum ?? -1e6,
        max: schema.maximum ?? 1e6,
        noNaN: true,
      });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'string':
      return validString(schema, known, name);
    default:
      return fc.jsonValue();
  }
}

function validString(schema: Schema, known: Known, name: string): fc.Arbitrary<string> {
  // Ids and e-mails that exist make the calls go deeper than their 404s.
  if (schema.format === 'uuid' || /id$/i.test(name))
    return fc.oneof(fc.constantFrom(...known.ids()), fc.uuid());
  if (schema.format === 'email' || /email/i.test(name))
    return fc.oneof(fc.constantFrom(...known.emails()), fc.emailAddress());
  // Any text without NUL (the pattern every free text has, HT-13): plain strings below, whose
  // lengths fast-check keeps within bounds (filtering a pattern's values by length may never end).
  if (schema.pattern && schema.pattern !== NO_NUL) {
    try {
      return fc
        .stringMatching(new RegExp(schema.pattern), { size: 'small' })
        .filter(
          (value) =>
            value.length >= (schema.minLength ?? 0) && value.length <= (schema.maxLength ?? 1e4),
        );
    } catch {
      // A pattern fast-check cannot generate from (lookaheads): plain strings below.
    }
  }
  return fc.string({
    minLength: schema.minLength ?? 0,
    maxLength: Math.min(schema.maxLength ?? 40, 60),
    unit: 'grapheme',
  });
}

/** Values that have broken servers before: control characters, numbers past every limit. */
const EVIL = [
  '\u0000',
  'a\u0000b',
  '\uD800',
  '\u202Eevil',
  "' OR 1=1 --",
  '<script>alert(1)</script>',
  'x'.repeat(5000),
  2 ** 31,
  -(2 ** 31) - 1,
  Number.MAX_SAFE_INTEGER,
  1e308,
  -0,
  0.1 + 0.2,
  '1e3',
  [],
  {},
  null,
  true,
];
const evil = fc.oneof(fc.constantFrom(...EVIL), fc.jsonValue({ maxDepth: 2 }));

/** A valid payload broken in one of the ways attackers and bugs break them. */
function broken(schema: Schema, known: Known): fc.Arbitrary<unknown> {
  const keys = Object.keys(schema.properties ?? {});
  return fc.oneof(
    fc.jsonValue({ maxDepth: 3 }),
    fc.anything({ maxDepth: 2, withNullPrototype: false }).map((value) => {
      try {
        return JSON.parse(JSON.stringify(value) ?? 'null');
      } catch {
        return null;
      }
    }),
    valid(schema, known).chain((value) =>
      keys.length === 0 || value === null || typeof value !== 'object'
        ? fc.constant(value)
        : fc.tuple(fc.constantFrom(...keys), evil, fc.boolean()).map(([key, junk, drop]) => {
            const copy = { ...(value as Record<string, unknown>) };
            if (drop) delete copy[key];
            else copy[key] = junk;
            return copy;
          }),
    ),
    // A valid payload with a control character slipped into one of its texts.
    valid(schema, known).chain((value) => {
      const texts =
        value !== null && typeof value === 'object'
          ? Object.entries(value).filter((entry) => typeof entry[1] === 'string')
          : [];
      if (texts.length === 0) return fc.constant(value);
      return fc
        .tuple(fc.constantFrom(...texts), fc.constantFrom('\u0000', '\u0007', '\uFEFF'))
        .map(([[key, text], character]) => ({
          ...(value as object),
          [key]: `${text}${character}`,
        }));
    }),
    valid(schema, known).map((value) => {
      if (value === null || typeof value !== 'object' || Array.isArray(value)) return value;
      // Spliced into the payload's text (a literal `__proto__` key is no own property in JS);
      // an empty payload ({}, a body whose every field is optional) takes no comma.
      const rest = JSON.stringify(value).slice(1, -1);
      return JSON.parse(`{"__proto__":{"polluted":true}${rest ? `,${rest}` : ''}}`);
    }),
  );
}

type Known = { ids: () => string[]; emails: () => string[] };

function operations(document: {
  paths: Record<
    string,
    Record<
      string,
      { parameters?: Parameter[]; requestBody?: unknown; responses?: Record<string, unknown> }
    >
  >;
}): Operation[] {
  return Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods)
      .map(([method, operation]) => ({
        method: method.toUpperCase(),
        path,
        parameters: operation.parameters ?? [],
        body: (
          operation.requestBody as
            | { content?: { 'application/json'?: { schema?: Schema } } }
            | undefined
        )?.content?.['application/json']?.schema,
        statuses: Object.keys(operation.responses ?? {}),
      }))
      .filter((operation) => !SKIPPED.has(`${operation.method} ${operation.path}`)),
  );
}

let t: Awaited<ReturnType<typeof createTestApp>>;
let customer: Customer;
let admin: Customer;
let ops: Operation[] = [];
const ids: string[] = [];
const emails: string[] = [];
const known: Known = { ids: () => ids, emails: () => emails };

beforeAll(async () => {
  // Generous sign-in limits: the fuzzer signs in and up far more often than a person would.
  t = await createTestApp({ authLimits: scaleAuthLimits(defaultAuthLimits, 1000) });
  customer = await signUp(t.app, 'fuzzed');
  admin = await signInAdmin(t.app, t.db);
  emails.push(customer.email, admin.email);
  const [part] = await t.db
    .insert(parts)
    .values({
      name: 'Fuzzed Part',
      description: 'Takes anything',
      availableQuantity: 1_000_000,
      minimumQuantity: 1,
      priceCents: 100,
    })
    .returning();
  ids.push(part?.id ?? '');
  const placed = await t.app.inject({
    method: 'POST',
    url: '/api/order',
    headers: customer.headers,
    payload: {
      partsId: part?.id,
      quantity: 5,
      tel: '1',
      country: 'Bangladesh',
      city: 'Dhaka',
      address: 'x',
    },
  });
  ids.push(placed.json().insertedId);
  ops = operations((await t.app.inject('/api/docs/json')).json());
}, 60_000);
afterAll(() => t.close());

async function send(
  operation: Operation,
  who: 'nobody' | 'customer' | 'admin',
  input: {
    path: Record<string, string>;
    query: Record<string, string | undefined>;
    body: unknown;
  },
) {
  // A value of "." or ".." is a dot segment: the URL resolves it away and addresses another path
  // (`/companies/./account` is `/companies/account`), so no client can send it as a value.
  const segment = (value: string | undefined) =>
    value === undefined || value === '.' || value === '..' ? 'x' : encodeURIComponent(value);
  const url = operation.path.replace(/\{(\w+)\}/g, (_, name: string) => segment(input.path[name]));
  const headers: Record<string, string> = {};
  if (who === 'customer') Object.assign(headers, customer.headers);
  if (who === 'admin') Object.assign(headers, admin.headers);
  const hasBody = operation.body !== undefined;
  if (hasBody) headers['content-type'] = 'application/json';
  return t.app.inject({
    method: operation.method as 'GET',
    url,
    query: Object.fromEntries(
      Object.entries(input.query).filter(
        (entry): entry is [string, string] => entry[1] !== undefined,
      ),
    ),
    headers,
    ...(hasBody ? { payload: JSON.stringify(input.body ?? null) } : {}),
  });
}

function inputFor(operation: Operation, bodies: fc.Arbitrary<unknown>) {
  const param = (p: Parameter) =>
    fc.oneof(
      validString(p.schema ?? {}, known, p.name),
      fc.string({ maxLength: 30 }),
      fc.constantFrom('\u0000', "x' OR '1'='1", '../../etc/passwd', '%00', 'é'.repeat(300)),
    );
  const path = fc.record(
    Object.fromEntries(
      operation.parameters.filter((p) => p.in === 'path').map((p) => [p.name, param(p)]),
    ),
  );
  const query = fc.record(
    Object.fromEntries(
      operation.parameters
        .filter((p) => p.in === 'query')
        .map((p) => [p.name, param(p).map(String)]),
    ),
    { requiredKeys: [] },
  );
  return fc.record({
    who: fc.constantFrom('nobody' as const, 'customer' as const, 'admin' as const),
    path,
    query,
    body: bodies,
  });
}

describe('fuzzing every API call from its OpenAPI schema', () => {
  it('finds the calls to fuzz', () => {
    expect(ops.length).toBeGreaterThan(30);
    expect(ops.map((op) => `${op.method} ${op.path}`)).toContain('POST /api/order');
  });

  it('answers every generated request without a 5xx, always in the JSON error shape', async () => {
    for (const operation of ops) {
      const schema = operation.body ?? {};
      const bodies = operation.body
        ? fc.oneof(
            { weight: 2, arbitrary: valid(schema, known) },
            { weight: 1, arbitrary: broken(schema, known) },
          )
        : fc.constant(undefined);
      await fc.assert(
        fc.asyncProperty(inputFor(operation, bodies), async ({ who, ...input }) => {
          const res = await send(operation, who, input);
          if (process.env.FUZZ_STATS)
            statuses.push(`${operation.method} ${operation.path} ${res.statusCode}`);
          const where = `${operation.method} ${operation.path} as ${who}: ${res.statusCode} ${res.body.slice(0, 200)}`;
          expect(res.statusCode, where).toBeLessThan(500);
          // The document says what the server does: every status it answers with is listed.
          expect(operation.statuses, where).toContain(String(res.statusCode));
          if (res.statusCode >= 400) {
            expect(res.headers['content-type'], where).toContain('application/json');
            const reply = res.json();
            expect(Object.keys(reply), where).toEqual(['error']);
            // A refusal by the schemas names its refused values too (path and message each).
            const fields = reply.error.code === 'invalid' ? reply.error.fields : undefined;
            expect(reply.error, where).toEqual({
              code: expect.any(String),
              message: expect.any(String),
              ...(fields === undefined
                ? {}
                : {
                    fields: fields.map(() => ({
                      path: expect.any(String),
                      message: expect.any(String),
                    })),
                  }),
            });
          }
        }),
        { numRuns: RUNS_PER_CALL },
      );
    }
    if (process.env.FUZZ_STATS) {
      const counts = new Map<string, number>();
      for (const line of statuses) counts.set(line, (counts.get(line) ?? 0) + 1);
      console.log(
        [...counts]
          .map(([line, n]) => `${n}\t${line}`)
          .sort()
          .join('\n'),
      );
    }
    // Still serving, and nothing polluted the process's objects.
    expect((await t.app.inject('/api/health')).statusCode).toBe(200);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  }, 180_000);

  it('leaves the invariants intact: stock never negative, every paid order has a verified payment', async () => {
    const negative = await t.db.select().from(parts).where(lt(parts.availableQuantity, 0));
    expect(negative).toEqual([]);
    const paid = await t.db.select().from(orders).where(eq(orders.paid, true));
    for (const order of paid) {
      expect(order.transaction).not.toBeNull();
      const verified = await t.db
        .select()
        .from(payments)
        .where(
          and(
            eq(payments.orderId, order.id),
            eq(payments.intentId, order.transaction ?? ''),
            eq(payments.status, 'succeeded'),
          ),
        );
      expect(verified, `order ${order.id}`).toHaveLength(1);
    }
  });
});
