/** Calls of the accounts feature: our identity API under /api/auth and SPEC §7's user calls. */
import {
  type AuthUser,
  adminReply,
  authReply,
  checkEmailReply,
  meReply,
  messageReply,
  providersReply,
  userSyncReply,
} from '@axle/contract';
import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import {
  ApiError,
  api,
  apiRequest,
  isFresh,
  refreshAccessToken,
  storedToken,
} from '../../lib/api-client.ts';

export type { AuthUser };
export type SignInReply = z.infer<typeof authReply>;

/** How the user signed in, as the user sync reports it (SPEC §3 providerId). */
export type Provider = 'password' | 'google.com';

export async function logIn(body: { email: string; password: string }): Promise<SignInReply> {
  return api('/auth/login', authReply, { method: 'POST', body, bearer: false });
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
  return (await api('/auth/register', checkEmailReply, { method: 'POST', body, bearer: false }))
    .message;
}

/** Sign-up's e-mail once more; the answer is the same whatever the address. */
export async function resendSignUpMail(body: { email: string; from: string }): Promise<string> {
  return (await api('/auth/register/resend', messageReply, { method: 'POST', body, bearer: false }))
    .message;
}

/** Ends the session on the server (revokes it and clears the refresh cookie). */
export async function logOut(): Promise<void> {
  await apiRequest('/auth/logout', z.unknown(), { method: 'POST', bearer: false });
}

/** Asks for a password-reset e-mail; the answer is the same whatever the address. */
export async function requestPasswordReset(email: string): Promise<string> {
  return (
    await api('/auth/password-reset', messageReply, {
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
    await api('/auth/password-reset/confirm', messageReply, {
      method: 'POST',
      body,
      bearer: false,
    })
  ).message;
}

/** The e-mailed verification link: verifies the address and signs its owner in (once per link). */
export async function verifyEmail(token: string): Promise<SignInReply> {
  return api('/auth/verify-email', authReply, { method: 'POST', body: { token }, bearer: false });
}

export async function resendVerification(): Promise<string> {
  return (await api('/auth/verify-email/resend', messageReply, { method: 'POST' })).message;
}

export const providersQuery = queryOptions({
  queryKey: ['auth-providers'],
  queryFn: () => api('/auth/providers', providersReply, { bearer: false }),
  staleTime: 5 * 60_000,
});

/** SPEC §7 `PUT /user/{email}` after any sign-in; 401/403 signs out and goes to / (SPEC §4). */
export async function syncUser(user: AuthUser, providerId: Provider) {
  return api(`/user/${encodeURIComponent(user.email)}`, userSyncReply, {
    method: 'PUT',
    body: { email: user.email, name: user.name, img: user.img, providerId },
    onDenied: 'signOut',
  });
}

/** SPEC §7 `GET /admin/{email}`: whether the signed-in user is an admin. */
export async function fetchIsAdmin(email: string): Promise<boolean> {
  return (await api(`/admin/${encodeURIComponent(email)}`, adminReply)).admin;
}

export async function fetchMe(): Promise<AuthUser> {
  return (await api('/auth/me', meReply)).user;
}

const isUnauthorized = (error: unknown) => error instanceof ApiError && error.status === 401;

/**
 * The signed-in user of this browser, or null. A stored access token is the sign that there is a
 * session (a visitor who never signed in makes no call); when it is about to expire, the refresh
 * cookie gets a new one first.
 */
export async function restoreSession(): Promise<AuthUser | null> {
  const token = storedToken();
  if (token === null) return null;
  try {
    if (!isFresh(token)) await refreshAccessToken(token);
    return await fetchMe();
  } catch (error) {
    if (isUnauthorized(error)) return null;
    throw error;
  }
}

/** After Google: the server has set the refresh cookie; turn it into a token and a user. */
export async function completeExternalSession(): Promise<AuthUser> {
  await refreshAccessToken(storedToken());
  return fetchMe();
}
