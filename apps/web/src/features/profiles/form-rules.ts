/**
 * The rules of the profile form (SPEC §5), as it checks input on the page (the server checks the
 * same again). Loaded by the form once it is shown, with zod (`useFormRules`, ADR 008).
 */
import { profileForm } from '@axle/contract';

/** SPEC §5's rules as they are; the form always has a linkedin field (maybe empty). */
export const profileRules = profileForm.required();
