/** Calls of the profile info (SPEC §7): reading and updating your own profile. */
import type { profileInfo, UpdateProfileBody, updateProfileReply } from '@axle/contract';
import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../lib/api-client.ts';

export const PROFILE_KEY = ['profile'] as const;

/** GET /profileinfo?email=: the saved location, phone, education and linkedin (nulls when unset). */
export const profileInfoQuery = (email: string) =>
  queryOptions({
    queryKey: [...PROFILE_KEY, email],
    queryFn: ({ signal }) =>
      api<z.infer<typeof profileInfo>>('/profileinfo', { query: { email }, signal }),
  });

/** PUT /profile/{email}: creates or updates the caller's own profile. */
export function updateProfile(email: string, body: UpdateProfileBody) {
  return api<z.infer<typeof updateProfileReply>>(`/profile/${encodeURIComponent(email)}`, {
    method: 'PUT',
    body,
  });
}
