/**
 * The rules of the account forms, as they check input on the page (the server checks the same
 * again). Loaded by the forms once they are shown, with zod (`useFormRules`, ADR 008).
 */
import { loginEmail, loginForm, password, registerForm } from '@axle/contract';
import { z } from 'zod';
import { accountsText } from './strings.ts';

export const logInRules = loginForm;
/** "Forgot password?" asks for a link to the address in the e-mail field, if it is one. */
export const resetLinkEmailRule = loginEmail;
export const registerRules = registerForm;
/** A new password (reset, or chosen where a verification link was opened), typed twice. */
export const newPasswordRules = z
  .object({ password, confirm: z.string() })
  .refine((values) => values.password === values.confirm, {
    path: ['confirm'],
    message: accountsText.newPassword.mismatch,
  });
