/** Calls of the profile info (SPEC §7): reading and updating your own profile. */
import { profileInfo, type UpdateProfileBody, updateProfileReply } from '@axle/contract';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api-client.ts';

export const PROFILE_KEY = ['profile'] as const;

/** GET /profileinfo?email=: the saved location, phone, education and linkedin (nulls when unset). */
export const profileInfoQuery = (email: string) =>
  queryOptions({
    queryKey: [...PROFILE_KEY, email],
    queryFn: ({ signal }) => api('/profileinfo', profileInfo, { query: { email }, signal }),
  });

/** PUT /profile/{email}: creates or updates the caller's own profile. */
export function updateProfile(email: string, body: UpdateProfileBody) {
  return api(`/profile/${encodeURIComponent(email)}`, updateProfileReply, { method: 'PUT', body });
}
