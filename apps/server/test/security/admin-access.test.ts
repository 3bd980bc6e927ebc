// Attack catalogue, function-level access (ASVS 5 V8.2.1; Juice Shop "Admin Section", "Five-Star
// Feedback", "Deluxe Fraud"): every admin call, made by nobody (401) and by a customer (403),
// with real targets, so a missing check would show as a changed row.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Customer, signInAdmin, signUp } from '../customers.ts';
import { expectUnchanged, snapshot } from './snapshot.ts';
import {
  addPart,
  createSecurityTestApp,
  expectError,
  paidOrder,
  placeOrder,
  refusedAnonymous,
  refusedForbidden,
  type TestApp,
} from './support.ts';

let t: TestApp;
let admin: Customer;
let customer: Customer;
let victim: Customer;
let unpaidOrder: string;
let paidOrderId: string;

beforeAll(async () => {
  t = await createSecurityTestApp();
  admin = await signInAdmin(t.app, t.db);
  customer = await signUp(t.app, 'customer');
  victim = await signUp(t.app, 'victim');
  const partId = await addPart(t);
  unpaidOrder = await placeOrder(t, victim, partId);
  paidOrderId = (await paidOrder(t, victim, partId)).orderId;
});
afterAll(() => t.close());

type Call = { method: 'GET' | 'PUT' | 'DELETE'; url: () => string; leaks?: () => string };

const adminCalls: [string, string, Call][] = [
  [
    'FA-01',
    'list every user (GET /api/users)',
    { method: 'GET', url: () => '/api/users', leaks: () => victim.email },
  ],
  [
    'FA-02',
    'make themself an admin (PUT /api/user/admin/{email})',
    { method: 'PUT', url: () => `/api/user/admin/${encodeURIComponent(customer.email)}` },
  ],
  [
    'FA-03',
    'remove another user (DELETE /api/user/{email})',
    { method: 'DELETE', url: () => `/api/user/${encodeURIComponent(victim.email)}` },
  ],
  [
    'FA-04',
    'list every order (GET /api/manageorders)',
    { method: 'GET', url: () => '/api/manageorders', leaks: () => victim.email },
  ],
  [
    'FA-05',
    'mark a paid order shipped (PUT /api/manageorders/{id})',
    { method: 'PUT', url: () => `/api/manageorders/${paidOrderId}` },
  ],
  [
    'FA-06',
    'delete an unpaid order (DELETE /api/deleteorder/{id})',
    { method: 'DELETE', url: () => `/api/deleteorder/${unpaidOrder}` },
  ],
  [
    'FA-07',
    'read the audit log (GET /api/admin/audit-log)',
    { method: 'GET', url: () => '/api/admin/audit-log', leaks: () => admin.email },
  ],
];

describe('function-level access: admin calls', () => {
  it.each(adminCalls)('[%s] nobody and no customer may %s', async (_id, _what, call) => {
    const before = await snapshot(t.db);
    const anonymous = await t.app.inject({ method: call.method, url: call.url() });
    refusedAnonymous(anonymous);
    const asCustomer = await t.app.inject({
      method: call.method,
      url: call.url(),
      headers: customer.headers,
    });
    refusedForbidden(asCustomer);
    if (call.leaks) {
      expect(anonymous.body).not.toContain(call.leaks());
      expect(asCustomer.body).not.toContain(call.leaks());
    }
    await expectUnchanged(t.db, before);
  });

  it('[FA-08] path spellings of an admin call (case, slashes, dot segments, encoding, HEAD) never reach it for a customer', async () => {
    const before = await snapshot(t.db);
    const urls = [
      '/api/USERS',
      '/API/users',
      '/api/users/',
      '/api//users',
      '/api/./users',
      '/api/x/../users',
      '/api/%75sers',
      '/api/users;admin=true',
      '/api/users%2F',
      '/api/users?role=admin',
    ];
    for (const url of urls) {
      for (const headers of [{}, customer.headers]) {
        const res = await t.app.inject({ method: 'GET', url, headers });
        expect([401, 403, 404], url).toContain(res.statusCode);
        expectError(res, res.statusCode);
        expect(res.body).not.toContain(victim.email);
      }
    }
    const head = await t.app.inject({
      method: 'HEAD',
      url: '/api/users',
      headers: customer.headers,
    });
    expect(head.statusCode).toBe(403);
    expect(head.body).toBe('');
    await expectUnchanged(t.db, before);
  });

  it('[FA-09] a customer who writes role=admin into their own token is refused (the token no longer verifies)', async () => {
    const before = await snapshot(t.db);
    const [header, payload, signature] = customer.token.split('.');
    const claims = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString());
    const forged = `${header}.${Buffer.from(
      JSON.stringify({ ...claims, role: 'admin', admin: true }),
    ).toString('base64url')}.${signature}`;
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/users',
      headers: { authorization: `Bearer ${forged}` },
    });
    refusedAnonymous(res);
    await expectUnchanged(t.db, before);
  });
});
