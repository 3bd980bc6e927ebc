// Signing customers and admins in for API tests, through the public calls.
import { authReply } from '@axle/contract';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../src/db/client.ts';
import { users } from '../src/db/schema.ts';
import { createUser } from '../src/features/accounts/accounts.service.ts';
import { databaseOf } from './test-app.ts';

let counter = 0;

export type Customer = {
  email: string;
  name: string;
  token: string;
  headers: { authorization: string };
};

/**
 * A new customer, signed in with their password. Their address is verified (as if they had
 * opened the e-mailed link: only a verified customer may order), unless `verified: false`; an app
 * not made by createTestApp names its database (`db`).
 */
export async function signUp(
  app: FastifyInstance,
  label = 'customer',
  options: { verified?: boolean; db?: Db } = {},
): Promise<Customer> {
  const email = `${label}${++counter}x${process.pid}@garage.com`;
  const name = `${label} ${counter}`;
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/register',
    payload: { name, email, password: 'brake99' },
  });
  if (res.statusCode !== 202) throw new Error(`sign-up failed: ${res.statusCode} ${res.body}`);
  if (options.verified ?? true) {
    await (options.db ?? databaseOf(app).db)
      .update(users)
      .set({ emailVerified: true })
      .where(eq(users.email, email));
  }
  const login = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password: 'brake99' },
  });
  if (login.statusCode !== 200)
    throw new Error(`sign-in failed: ${login.statusCode} ${login.body}`);
  const { token } = authReply.parse(login.json());
  return { email, name, token, headers: { authorization: `Bearer ${token}` } };
}

export async function signInAdmin(app: FastifyInstance, db: Db): Promise<Customer> {
  const email = `admin${++counter}x${process.pid}@axle.com`;
  await createUser({ db }, { name: 'Admin', email, password: 'admin123', admin: true });
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password: 'admin123' },
  });
  const { token } = authReply.parse(res.json());
  return { email, name: 'Admin', token, headers: { authorization: `Bearer ${token}` } };
}
