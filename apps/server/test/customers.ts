// Signing customers and admins in for API tests, through the public calls.
import { authReply } from '@axle/contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../src/db/client.ts';
import { createUser } from '../src/features/accounts/accounts.service.ts';
import { mailboxOf } from './test-app.ts';

let counter = 0;

export type Customer = {
  email: string;
  name: string;
  token: string;
  headers: { authorization: string };
};

/**
 * A new customer, signed in. Sign-up itself signs nobody in, and an address nobody has verified
 * cannot sign in: the customer opens the e-mailed link in the browser that signed up (the sign-up
 * cookie goes along), which verifies the address and signs them in. The app must be one of
 * `createTestApp`, or have its mail remembered with `rememberMailbox`.
 */
export async function signUp(app: FastifyInstance, label = 'customer'): Promise<Customer> {
  const email = `${label}${++counter}x${process.pid}@garage.com`;
  const name = `${label} ${counter}`;
  const mail = mailboxOf(app);
  if (!mail) throw new Error('signUp reads the link from the mail of a createTestApp app');
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/register',
    payload: { name, email, password: 'brake99' },
  });
  if (res.statusCode !== 202) throw new Error(`sign-up failed: ${res.statusCode} ${res.body}`);
  const signUpCookie = res.cookies.find((c) => c.name === 'axle_sign_up')?.value ?? '';
  // Mail goes out after the reply.
  let token: string | undefined;
  for (let tries = 0; tries < 100 && !token; tries++) {
    token = mail
      .filter((m) => m.to === email)
      .at(-1)
      ?.text.match(/\/verify-email\?token=([A-Za-z0-9_-]+)/)?.[1];
    if (!token) await new Promise((resolve) => setTimeout(resolve, 10));
  }
  const verified = await app.inject({
    method: 'POST',
    url: '/api/auth/verify-email',
    payload: { token },
    cookies: { axle_sign_up: signUpCookie },
  });
  if (verified.statusCode !== 200 || !verified.json().token)
    throw new Error(`sign-up link failed: ${verified.statusCode} ${verified.body}`);
  const { token: accessToken } = authReply.parse(verified.json());
  return { email, name, token: accessToken, headers: { authorization: `Bearer ${accessToken}` } };
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
