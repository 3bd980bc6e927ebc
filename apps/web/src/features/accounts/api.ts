/**
 * The sign-in pages' calls (our identity API under /api/auth): sign in, sign up, reset, verify,
 * and the user's sync after any sign-in. The calls that keep a session going are in session.ts,
 * which every page loads.
 */
import type {
  AuthUser,
  authReply,
  checkEmailReply,
  messageReply,
  providersReply,
  userSyncReply,
  verifyEmailReply,
} from '@axle/contract';
import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { api, refreshAccessToken, storedToken } from '../../lib/api-client.ts';
import { fetchMe } from './session.ts';

export type { AuthUser };
export type SignInReply = z.infer<typeof authReply>;

/** How the user signed in, as the user sync reports it (SPEC §3 providerId). */
export type Provider = 'password' | 'google.com';

/** SPEC §7 `PUT /user/{email}` after any sign-in; 401/403 signs out and goes to / (SPEC §4). */
export async function syncUser(user: AuthUser, providerId: Provider) {
  return api<z.infer<typeof userSyncReply>>(`/user/${encodeURIComponent(user.email)}`, {
    method: 'PUT',
    body: { email: user.email, name: user.name, img: user.img, providerId },
    onDenied: 'signOut',
  });
}

/** After Google: the server has set the refresh cookie; turn it into a token and a user. */
export async function completeExternalSession(): Promise<AuthUser> {
  await refreshAccessToken(storedToken());
  return fetchMe();
}

export async function logIn(body: { email: string; password: string }): Promise<SignInReply> {
  return api<z.infer<typeof authReply>>('/auth/login', { method: 'POST', body, bearer: false });
}

/**
 * Sign-up answers every address alike: "check your e-mail", and nobody is signed in. The link in
 * the new customer's e-mail signs them in and brings them back to `from`.
 */
export async function registerAccount(body: {
  name: string;
  email: string;
  password: string;
  from: string;
}): Promise<string> {
  return (
    await api<z.infer<typeof checkEmailReply>>('/auth/register', {
      method: 'POST',
      body,
      bearer: false,
    })
  ).message;
}

/** Sign-up's e-mail once more; the answer is the same whatever the address. */
export async function resendSignUpMail(body: { email: string; from: string }): Promise<string> {
  return (
    await api<z.infer<typeof messageReply>>('/auth/register/resend', {
      method: 'POST',
      body,
      bearer: false,
    })
  ).message;
}

/** Asks for a password-reset e-mail; the answer is the same whatever the address. */
export async function requestPasswordReset(email: string): Promise<string> {
  return (
    await api<z.infer<typeof messageReply>>('/auth/password-reset', {
      method: 'POST',
      body: { email },
      bearer: false,
    })
  ).message;
}

export async function confirmPasswordReset(body: {
  token: string;
  password: string;
}): Promise<string> {
  return (
    await api<z.infer<typeof messageReply>>('/auth/password-reset/confirm', {
      method: 'POST',
      body,
      bearer: false,
    })
  ).message;
}

/**
 * The e-mailed verification link (once per link): verifies the address, and signs in only the
 * browser that signed up; any other browser gets the address and a one-time proof instead of a
 * session, with which it chooses the password (`choosePassword`).
 */
export async function verifyEmail(token: string): Promise<z.infer<typeof verifyEmailReply>> {
  return api<z.infer<typeof verifyEmailReply>>('/auth/verify-email', {
    method: 'POST',
    body: { token },
    bearer: false,
  });
}

/** The password chosen where the verification link was opened elsewhere: signs this browser in. */
export async function choosePassword(body: {
  token: string;
  password: string;
}): Promise<SignInReply> {
  return api<SignInReply>('/auth/verify-email/password', { method: 'POST', body, bearer: false });
}

export async function resendVerification(): Promise<string> {
  return (await api<z.infer<typeof messageReply>>('/auth/verify-email/resend', { method: 'POST' }))
    .message;
}

export const providersQuery = queryOptions({
  queryKey: ['auth-providers'],
  queryFn: () => api<z.infer<typeof providersReply>>('/auth/providers', { bearer: false }),
  staleTime: 5 * 60_000,
});
