// Attack catalogue, hostile input (ASVS 5 V1.5.x, V2.2.1, V4.1.x, V1.3; Juice Shop "Deluxe
// Fraud", "Prototype Pollution"-style payloads, "Unicode" and "Ephemeral Accountant"-style
// lookalike accounts): oversized and mistyped bodies, broken JSON, prototype-pollution keys,
// NUL bytes, and e-mails that are too long, lookalike, invisible or control-laden. Every refusal
// is a JSON 4xx (never a 5xx), nothing is stored, and the server keeps serving.
import { authMessages } from '@axle/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Customer, signInAdmin, signUp } from '../customers.ts';
import { expectUnchanged, snapshot } from './snapshot.ts';
import {
  addPart,
  createSecurityTestApp,
  expectError,
  expectJsonReply,
  placeOrder,
  shipping,
  type TestApp,
} from './support.ts';

let t: TestApp;
let admin: Customer;
let alice: Customer;
let partId: string;

beforeAll(async () => {
  t = await createSecurityTestApp();
  admin = await signInAdmin(t.app, t.db);
  alice = await signUp(t.app, 'alice');
  partId = await addPart(t);
  await placeOrder(t, alice, partId);
});
afterAll(() => t.close());

type Reply = Awaited<ReturnType<TestApp['app']['inject']>>;
type Target = {
  name: string;
  method: 'POST' | 'PUT';
  url: () => string;
  who: () => Customer | null;
  body: () => object;
};

/** One call of each kind that stores something. */
const writers: Target[] = [
  {
    name: 'sign-up',
    method: 'POST',
    url: () => '/api/auth/register',
    who: () => null,
    body: () => ({
      name: 'Input Tester',
      email: `input${Date.now()}@garage.com`,
      password: 'brake99',
    }),
  },
  {
    name: 'order',
    method: 'POST',
    url: () => '/api/order',
    who: () => alice,
    body: () => ({ partsId: partId, quantity: 100, ...shipping }),
  },
  {
    name: 'review',
    method: 'POST',
    url: () => '/api/review',
    who: () => alice,
    body: () => ({ rating: 4, comment: 'Solid' }),
  },
  {
    name: 'profile',
    method: 'PUT',
    url: () => `/api/profile/${encodeURIComponent(alice.email)}`,
    who: () => alice,
    body: () => ({ location: 'Mirpur, Dhaka', phone: '0171234567', education: 'BSc Physics' }),
  },
  {
    name: 'user sync',
    method: 'PUT',
    url: () => `/api/user/${encodeURIComponent(alice.email)}`,
    who: () => alice,
    body: () => ({ name: 'Alice Again' }),
  },
];

const send = (target: Target, payload: string, contentType = 'application/json') =>
  t.app.inject({
    method: target.method,
    url: target.url(),
    headers: { ...(target.who()?.headers ?? {}), 'content-type': contentType },
    payload,
  });

async function stillServing() {
  expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  expect(Object.prototype).not.toHaveProperty('polluted');
  const health = await t.app.inject({ method: 'GET', url: '/api/health' });
  expect(health.statusCode).toBe(200);
  const items = await t.app.inject({ method: 'GET', url: '/api/items' });
  expect(items.statusCode).toBe(200);
  expect(items.json().length).toBeGreaterThan(0);
}

describe('bodies', () => {
  it('[IN-01] an oversized body (over 100 KB) is refused with 413 on every writing call', async () => {
    const before = await snapshot(t.db);
    for (const target of writers) {
      const res = await send(
        target,
        JSON.stringify({ ...target.body(), padding: 'x'.repeat(150 * 1024) }),
      );
      expectError(res, 413, 'payload_too_large');
    }
    await expectUnchanged(t.db, before);
  });

  it('[IN-02] a body that is not JSON (form, multipart, XML, text, none) is refused with 415', async () => {
    const before = await snapshot(t.db);
    const types = [
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
      'text/xml',
      'text/plain',
      'application/octet-stream',
    ];
    for (const target of writers) {
      for (const type of types) {
        const res = await send(target, JSON.stringify(target.body()), type);
        expect(res.statusCode, `${target.name} as ${type}`).toBe(415);
        expectError(res, 415, 'unsupported_media_type');
      }
      const bare = await t.app.inject({
        method: target.method,
        url: target.url(),
        headers: target.who()?.headers ?? {},
        payload: Buffer.from(JSON.stringify(target.body())),
      });
      expectError(bare, 415, 'unsupported_media_type');
    }
    await expectUnchanged(t.db, before);
  });

  it('[IN-03] broken JSON is refused with 400', async () => {
    const before = await snapshot(t.db);
    const broken = [
      '{"name":',
      '{"a":1,}',
      "{'a':1}",
      '{"a":NaN}',
      '{"a":1} // c',
      '',
      '\uFEFF{}x',
      'null',
    ];
    for (const target of writers) {
      for (const payload of broken) {
        const res = await send(target, payload);
        expect(res.statusCode, `${target.name}: ${payload}`).toBe(400);
        expectError(res, 400);
      }
    }
    await expectUnchanged(t.db, before);
  });

  it('[IN-04] "__proto__" keys in a body are refused, and no object is polluted', async () => {
    const before = await snapshot(t.db);
    for (const target of writers) {
      const body = JSON.stringify(target.body()).slice(0, -1);
      for (const payload of [
        `${body},"__proto__":{"polluted":"yes","role":"admin"}}`,
        `${body},"nested":{"__proto__":{"polluted":"yes"}}}`,
        `${body},"\\u005f_proto__":{"polluted":"yes"}}`,
      ]) {
        const res = await send(target, payload);
        expect(res.statusCode, `${target.name}: ${payload}`).toBe(400);
        expectError(res, 400);
      }
    }
    await expectUnchanged(t.db, before);
    await stillServing();
  });

  it('[IN-05] "constructor.prototype" keys in a body are refused, and no object is polluted', async () => {
    const before = await snapshot(t.db);
    for (const target of writers) {
      const body = JSON.stringify(target.body()).slice(0, -1);
      const res = await send(target, `${body},"constructor":{"prototype":{"polluted":"yes"}}}`);
      expect(res.statusCode, target.name).toBe(400);
      expectError(res, 400);
    }
    await expectUnchanged(t.db, before);
    await stillServing();
  });

  it('[IN-06] prototype-pollution keys in query strings change nothing and pollute nothing', async () => {
    const before = await snapshot(t.db);
    const queries = [
      '__proto__[polluted]=yes',
      '__proto__.polluted=yes',
      'constructor[prototype][polluted]=yes',
      'constructor.prototype.polluted=yes',
      'search[__proto__][polluted]=yes',
      '__proto__=yes&search=Brake',
    ];
    for (const query of queries) {
      const items = await t.app.inject({ method: 'GET', url: `/api/items?${query}` });
      expect(items.statusCode, query).toBeLessThan(500);
      expectJsonReply(items);
      const orders = await t.app.inject({
        method: 'GET',
        url: `/api/userorder?email=${encodeURIComponent(alice.email)}&${query}`,
        headers: alice.headers,
      });
      expect(orders.statusCode, query).toBeLessThan(500);
    }
    await expectUnchanged(t.db, before);
    await stillServing();
  });

  it('[IN-07] deeply nested or huge-array JSON within the size limit is refused without harm', async () => {
    const before = await snapshot(t.db);
    const deep = `${'['.repeat(45_000)}${']'.repeat(45_000)}`;
    const wide = `[${'0,'.repeat(40_000)}0]`;
    for (const target of writers) {
      // The first field the call checks gets the hostile value.
      const body = target.body();
      const field = Object.keys(body)[0] ?? 'name';
      for (const value of [deep, wide]) {
        const payload = JSON.stringify({ ...body, [field]: '@@' }).replace('"@@"', value);
        expect(payload.length).toBeLessThan(100 * 1024);
        const res = await send(target, payload);
        expect(res.statusCode, target.name).toBe(400);
        expectError(res, 400, 'invalid');
      }
    }
    await expectUnchanged(t.db, before);
    await stillServing();
  });

  it('[IN-08] a NUL byte in any stored text is refused with 400, not a 5xx, and nothing is stored', async () => {
    const before = await snapshot(t.db);
    const withNul: [Target, object][] = [
      [writers[0] as Target, { name: 'Nul\u0000Name' }],
      [writers[1] as Target, { address: '12 Road\u0000', tel: '0171\u00002345678' }],
      [writers[2] as Target, { comment: 'Good\u0000<script>' }],
      [writers[3] as Target, { education: 'BSc\u0000 Physics', linkedin: 'in/\u0000' }],
      [writers[4] as Target, { name: 'Alice\u0000' }],
    ];
    for (const [target, fields] of withNul) {
      const res = await send(target, JSON.stringify({ ...target.body(), ...fields }));
      expect(res.statusCode, target.name).toBe(400);
      expectError(res, 400);
    }
    await expectUnchanged(t.db, before);
    await stillServing();
  });

  it('[IN-09] duplicate keys cannot smuggle a second value past validation (the last one is checked)', async () => {
    const before = await snapshot(t.db);
    const order = await send(
      writers[1] as Target,
      `{"partsId":"${partId}","quantity":100,"tel":"${shipping.tel}","country":"Bangladesh","city":"Dhaka","address":"1 Road","quantity":-100}`,
    );
    expectError(order, 400, 'invalid');
    const review = await send(writers[2] as Target, '{"rating":5,"comment":"ok","rating":50}');
    expectError(review, 400, 'invalid');
    await expectUnchanged(t.db, before);
  });
});

describe('unicode and very long e-mails', () => {
  const register = (email: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { name: 'Unicode Tester', email, password: 'brake99' },
    });
  const login = (email: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password: 'brake99' },
    });
  const reset = (email: string) =>
    t.app.inject({ method: 'POST', url: '/api/auth/password-reset', payload: { email } });
  const refusedOrUnknown = (res: Reply) => {
    expect([400, 401]).toContain(res.statusCode);
    expectError(res, res.statusCode);
  };
  const sameAsAnyReset = (res: Reply) => {
    expect([202, 400]).toContain(res.statusCode);
    if (res.statusCode === 202) expect(res.json()).toEqual({ message: authMessages.resetSent });
    else expectError(res, 400);
  };

  it('[UE-01] an e-mail over 254 characters (300+) cannot be registered, signed in or reset', async () => {
    const before = await snapshot(t.db);
    for (const email of [
      `${'a'.repeat(290)}@garage.com`,
      `a@${'b'.repeat(250)}.com`,
      `${'x'.repeat(64)}.${'y'.repeat(64)}.${'z'.repeat(64)}.${'w'.repeat(64)}@garage.com`,
    ]) {
      expect(email.length).toBeGreaterThan(254);
      expectError(await register(email), 400, 'invalid');
      refusedOrUnknown(await login(email));
      expectError(await reset(email), 400, 'invalid');
    }
    await expectUnchanged(t.db, before);
  });

  it('[UE-02] a lookalike (homoglyph) of an existing address cannot be registered, and a reset for it sends nothing', async () => {
    const before = await snapshot(t.db);
    const lookalikes = [
      alice.email.replace('a', '\u0430'), // Cyrillic а
      alice.email.replace('e', '\u0435'), // Cyrillic е
      alice.email.replace('@', '\uFF20'), // fullwidth @
      alice.email.replace('garage', 'g\u00E4rage'), // IDN-style domain
    ];
    for (const email of lookalikes) {
      expectError(await register(email), 400, 'invalid');
      refusedOrUnknown(await login(email));
      sameAsAnyReset(await reset(email));
    }
    await expectUnchanged(t.db, before);
  });

  it('[UE-03] invisible and direction-changing characters (RTL override, zero-width, BOM) in an e-mail are refused', async () => {
    const before = await snapshot(t.db);
    for (const mark of ['\u202E', '\u200B', '\u200D', '\uFEFF', '\u2066']) {
      const email = `eve${mark}moc.liam@garage.com`;
      expectError(await register(email), 400, 'invalid');
      expectError(await register(alice.email.replace('@', `${mark}@`)), 400, 'invalid');
      refusedOrUnknown(await login(alice.email.replace('@', `${mark}@`)));
    }
    await expectUnchanged(t.db, before);
  });

  it('[UE-04] NUL and control bytes in an e-mail are a 4xx on every call that takes one (never a 5xx)', async () => {
    const before = await snapshot(t.db);
    for (const email of [
      `${alice.email}\u0000`,
      `\u0000${alice.email}`,
      alice.email.replace('@', '\u0000@'),
      `${alice.email}\r\nBcc: x@evil.example`,
    ]) {
      expectError(await register(email), 400, 'invalid');
      refusedOrUnknown(await login(email));
      sameAsAnyReset(await reset(email));
      const newsletter = await t.app.inject({
        method: 'POST',
        url: '/api/newsletter',
        payload: { email },
      });
      expectError(newsletter, 400, 'invalid');
      const param = encodeURIComponent(email);
      const check = await t.app.inject({
        method: 'GET',
        url: `/api/admin/${param}`,
        headers: admin.headers,
      });
      expect(check.statusCode, `admin check ${param}`).toBeLessThan(500);
      if (check.statusCode === 200) expect(check.json()).toEqual({ admin: false });
      else expectError(check, check.statusCode);
      for (const [method, url] of [
        ['GET', `/api/profileinfo?email=${param}`],
        ['PUT', `/api/user/admin/${param}`],
        ['DELETE', `/api/user/${param}`],
      ] as const) {
        const res = await t.app.inject({ method, url, headers: admin.headers });
        expect(res.statusCode, `${method} ${url}`).toBeLessThan(500);
        expect(res.statusCode, `${method} ${url}`).not.toBe(200);
        expectError(res, res.statusCode);
      }
    }
    await expectUnchanged(t.db, before);
    await stillServing();
  });

  it('[UE-05] case and whitespace variants of an existing address get no second account', async () => {
    const before = await snapshot(t.db);
    for (const email of [
      alice.email.toUpperCase(),
      `  ${alice.email}  `,
      alice.email.replace(/^./, (c) => c.toUpperCase()),
    ]) {
      const res = await register(email);
      expect(res.statusCode, email).toBe(202);
      expect(res.json()).toEqual({ message: authMessages.checkEmail });
    }
    await expectUnchanged(t.db, before);
  });

  it('[UE-06] a 90 KB e-mail built to make the address patterns backtrack is refused at once', async () => {
    const before = await snapshot(t.db);
    const started = Date.now();
    for (const email of [
      `a@${'a'.repeat(90_000)}!`,
      `a@b${'.aa'.repeat(30_000)}!`,
      `${'a.'.repeat(45_000)}@`,
      `${'-'.repeat(90_000)}@x.c`,
    ]) {
      expectError(await register(email), 400, 'invalid');
      expectError(await login(email), 400, 'invalid');
      expectError(
        await t.app.inject({ method: 'POST', url: '/api/newsletter', payload: { email } }),
        400,
        'invalid',
      );
    }
    // Linear patterns answer in milliseconds; a backtracking one would take seconds to minutes.
    expect(Date.now() - started).toBeLessThan(5000);
    await expectUnchanged(t.db, before);
  });
});
