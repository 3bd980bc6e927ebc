/**
 * The calls that keep a session going (restore it, sync the user, check admin, sign out): the
 * AuthProvider uses them on every page. The sign-in pages' own calls are in api.ts and load with
 * those pages.
 */

import type { adminReply, meReply, userSyncReply } from '@axle/contract';
import type { z } from 'zod';
import {
  ApiError,
  api,
  apiRequest,
  isFresh,
  refreshAccessToken,
  storedToken,
} from '../../lib/api-client.ts';
import type { AuthUser, Provider } from './api.ts';

/** Ends the session on the server (revokes it and clears the refresh cookie). */
export async function logOut(): Promise<void> {
  await apiRequest<unknown>('/auth/logout', { method: 'POST', bearer: false });
}

/** SPEC §7 `PUT /user/{email}` after any sign-in; 401/403 signs out and goes to / (SPEC §4). */
export async function syncUser(user: AuthUser, providerId: Provider) {
  return api<z.infer<typeof userSyncReply>>(`/user/${encodeURIComponent(user.email)}`, {
    method: 'PUT',
    body: { email: user.email, name: user.name, img: user.img, providerId },
    onDenied: 'signOut',
  });
}

/** SPEC §7 `GET /admin/{email}`: whether the signed-in user is an admin. */
export async function fetchIsAdmin(email: string): Promise<boolean> {
  return (await api<z.infer<typeof adminReply>>(`/admin/${encodeURIComponent(email)}`)).admin;
}

export async function fetchMe(): Promise<AuthUser> {
  return (await api<z.infer<typeof meReply>>('/auth/me')).user;
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
