/**
 * Calls of the accounts feature. The identity endpoints under /api/auth arrive with our own identity
 * service; until then they answer a JSON error, which the screens show.
 */
import { z } from 'zod';
import { api } from '../../lib/api-client.ts';

export type AuthUser = { name: string; email: string; img: string | null };

const tokenReply = z.object({ token: z.string().min(1) });
const adminReply = z.object({ admin: z.boolean() });

export async function logIn(body: { email: string; password: string }): Promise<string> {
  return (await api('/auth/login', tokenReply, { method: 'POST', body })).token;
}

export async function registerAccount(body: {
  name: string;
  email: string;
  password: string;
}): Promise<string> {
  return (await api('/auth/register', tokenReply, { method: 'POST', body })).token;
}

/** Asks for a password-reset e-mail; the reply carries nothing the screen uses. */
export async function requestPasswordReset(email: string): Promise<void> {
  await api('/auth/password-reset', z.unknown(), { method: 'POST', body: { email } });
}

/** SPEC §7 `GET /admin/{email}`: whether the signed-in user is an admin. */
export async function fetchIsAdmin(email: string): Promise<boolean> {
  return (await api(`/admin/${encodeURIComponent(email)}`, adminReply)).admin;
}

/**
 * The signed-in user of this browser, or null. There is no identity service yet, so nobody is
 * signed in; restoring the session from it is the only thing this function has to learn.
 */
export async function restoreSession(): Promise<AuthUser | null> {
  return null;
}
