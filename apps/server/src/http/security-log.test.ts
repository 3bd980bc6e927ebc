import { afterAll, beforeAll, expect, it } from 'vitest';
import { signInAdmin, signUp } from '../../test/customers.ts';
import { createTestApp } from '../../test/test-app.ts';
import { createLogger } from './request-log.ts';

// Security events in the structured log: refused access, failed sign-ins and admin actions are
// there with the route and the account, and no password or token ever is.
const lines: string[] = [];
let t: Awaited<ReturnType<typeof createTestApp>>;

beforeAll(async () => {
  t = await createTestApp({
    logger: createLogger('info', { write: (line: string) => void lines.push(line) }),
  });
});
afterAll(() => t.close());

const events = (kind: string) =>
  lines.map((line) => JSON.parse(line)).filter((entry) => entry.security === kind);

it('logs failed sign-ins, refused access and admin actions, without secrets', async () => {
  const customer = await signUp(t.app, 'logged');
  const admin = await signInAdmin(t.app, t.db);
  const wrongPassword = 'Wrong0pass';
  const failed = await t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: customer.email, password: wrongPassword },
  });
  expect(failed.statusCode).toBe(401);
  const refused = await t.app.inject({ url: '/api/users', headers: customer.headers });
  expect(refused.statusCode).toBe(403);
  const promoted = await t.app.inject({
    method: 'PUT',
    url: `/api/user/admin/${customer.email}`,
    headers: admin.headers,
  });
  expect(promoted.statusCode).toBe(200);

  expect(events('unauthenticated')).toContainEqual(
    expect.objectContaining({ route: '/api/auth/login', method: 'POST', level: 40 }),
  );
  const [forbidden] = events('forbidden');
  expect(forbidden).toMatchObject({ route: '/api/users', userId: expect.any(String) });
  expect(events('admin-action')).toContainEqual(
    expect.objectContaining({
      route: '/api/user/admin/:email',
      params: { email: customer.email },
      userId: expect.any(String),
    }),
  );

  const everything = lines.join('\n');
  for (const secret of [wrongPassword, 'brake99', 'admin123', customer.token, admin.token])
    expect(everything).not.toContain(secret);
});
