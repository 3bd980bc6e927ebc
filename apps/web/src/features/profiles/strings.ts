/** Words of the profile info on My Profile (SPEC §2 'My Profile', §5 'Profile update', §7). */
import { PROFILE_UPDATED_TEXT } from '@axle/contract/texts';

export const profilesText = {
  location: 'Location',
  phone: 'Phone',
  education: 'Education',
  linkedin: 'LinkedIn',
  loading: 'Loading your profile',
  loadFailed: 'Your profile could not be loaded.',
  retry: 'Try again',
  formHeading: 'Update your profile',
  linkedinHint: 'Optional',
  submit: 'Update Profile',
  busy: 'Updating',
  updated: PROFILE_UPDATED_TEXT,
  updatedBody: 'Your profile has been saved.',
  ok: 'OK',
} as const;
