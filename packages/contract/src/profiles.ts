import { z } from 'zod';
import { profileForm } from './rules.ts';

/** Profile info of SPEC §3, keyed by the user's e-mail; a field never saved is null. */
export const profileInfo = z.object({
  email: z.string(),
  location: z.string().nullable(),
  phone: z.string().nullable(),
  education: z.string().nullable(),
  linkedin: z.string().nullable(),
  img: z.string().nullable(),
});
export type ProfileInfo = z.infer<typeof profileInfo>;

export const profileInfoQuery = z.strictObject({ email: z.string().max(254) });
export const profileEmailParams = z.object({ email: z.string().max(254) });

/**
 * SPEC §7 `PUT /profile/{email}`: the rules and messages of SPEC §5 (linkedin optional and
 * unchecked). Unknown fields are dropped; an empty linkedin clears it, an absent one keeps it.
 */
export const updateProfileBody = profileForm;
export type UpdateProfileBody = z.infer<typeof updateProfileBody>;

/** One of the counts is 1: the profile was created (upserted) or changed (modified). */
export const updateProfileReply = z.object({
  modifiedCount: z.number().int(),
  upsertedCount: z.number().int(),
  profile: profileInfo,
});
