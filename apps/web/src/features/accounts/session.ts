/**
 * The calls that keep a session going (restore it, check admin, sign out): the AuthProvider uses
 * them on every page. The sign-in pages' own calls (signing in, syncing the user) are in api.ts
 * and load with those pages.
 */

import type { adminReply, meReply } from '@axle/contract';
import type { z } from 'zod';
import {
  ApiError,
  api,
  apiRequest,
  isFresh,
  refreshAccessToken,
  storedToken,
} from '../../lib/api-client.ts';
import type { AuthUser } from './api.ts';

/** Ends the session on the server (revokes it and clears the refresh cookie). */
export async function logOut(): Promise<void> {
  await apiRequest<unknown>('/auth/logout', { method: 'POST', bearer: false });
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
