// Signing customers and admins in for API tests, through the public calls.
import { authReply } from '@axle/contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../src/db/client.ts';
import { createUser } from '../src/features/accounts/accounts.service.ts';

let counter = 0;

export type Customer = {
  email: string;
  name: string;
  token: string;
  headers: { authorization: string };
};

export async function signUp(app: FastifyInstance, label = 'customer'): Promise<Customer> {
  const email = `${label}${++counter}x${process.pid}@garage.com`;
  const name = `${label} ${counter}`;
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/register',
    payload: { name, email, password: 'brake99' },
  });
  if (res.statusCode !== 201) throw new Error(`sign-up failed: ${res.statusCode} ${res.body}`);
  const { token } = authReply.parse(res.json());
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
