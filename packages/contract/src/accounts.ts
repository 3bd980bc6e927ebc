import { z } from 'zod';
import { loginForm, password, registerForm } from './rules.ts';

/** The signed-in user as the API returns it. Never carries credentials. */
export const authUser = z.object({
  _id: z.uuid(),
  name: z.string(),
  email: z.string(),
  img: z.string().nullable(),
  role: z.enum(['admin']).nullable(),
  emailVerified: z.boolean(),
  providerId: z.string(),
});
export type AuthUser = z.infer<typeof authUser>;

/** `from`: where to return after signing in. Only a path on this site counts (no open redirect). */
const returnPath = z.string().max(500).optional();

/**
 * SPEC §5 rules, enforced by the server with the same messages. Unknown fields are dropped.
 * `from` rides along in the e-mailed link, so finishing sign-up returns to the origin page.
 */
export const registerBody = registerForm.extend({ from: returnPath });
export const loginBody = loginForm;

/** A signed-in session: the user and an access token (the refresh token is an httpOnly cookie). */
export const authReply = z.object({ user: authUser, token: z.string() });
/**
 * What sign-up answers for any address, new or already registered: no token, no account details.
 * A new account's session starts from the link e-mailed to it.
 */
export const checkEmailReply = z.object({ message: z.string() });
/** Sign-up's e-mail once more, for the screen that says "check your e-mail"; any address. */
export const resendSignUpBody = z.object({ email: z.string().trim().max(254), from: returnPath });
export const tokenReply = z.object({ token: z.string() });
export const meReply = z.object({ user: authUser });
export const messageReply = z.object({ message: z.string() });

export const passwordResetBody = z.object({ email: z.string().trim().max(254) });
export const passwordResetConfirmBody = z.object({ token: z.string().min(16).max(200), password });
/** The e-mailed verification link's token: verifies the address and signs its owner in, once. */
export const verifyEmailBody = z.object({ token: z.string().min(16).max(200) });
/**
 * What opening the link answers in a browser that did not sign up: the address is verified and
 * nobody is signed in. `passwordToken` is this browser's one-time proof that it opened the link
 * (single use, 30 minutes, gone once another password is set): with it the page chooses the
 * account's password and signs in (`choosePasswordBody`).
 */
export const verifiedElsewhereReply = z.object({
  message: z.string(),
  email: z.string(),
  passwordToken: z.string(),
});
/** A session for the browser that signed up; any other browser gets the proof instead. */
export const verifyEmailReply = z.union([authReply, verifiedElsewhereReply]);
/** The password chosen on the verification page, with the proof the link handed out. */
export const choosePasswordBody = passwordResetConfirmBody;

/** Query schemas are strict: a parameter a route does not declare is refused with a 400. */
export const googleStartQuery = z.strictObject({ from: returnPath });
/**
 * Where the identity provider sends the browser back (OpenID Connect's authorization response):
 * its parameters are the provider's to choose (Google adds `scope`, `authuser`, `hd`, `prompt`;
 * others `session_state`), so this one query takes any, as text; openid-client checks them.
 */
export const googleCallbackQuery = z.looseObject({
  code: z.string().optional(),
  state: z.string().optional(),
  iss: z.string().optional(),
  error: z.string().optional(),
  error_description: z.string().optional(),
});
export const providersReply = z.object({ google: z.boolean() });

/** SPEC §7 `PUT /user/{email}`: user sync after any sign-in. */
export const userSyncParams = z.object({ email: z.string().max(254) });
export const userSyncBody = z.object({
  email: z.string().max(254).optional(),
  name: z.string().trim().min(1).max(80).optional(),
  img: z.string().max(500).nullable().optional(),
  providerId: z.string().max(40).optional(),
});
export const userSyncReply = z.object({ token: z.string(), user: authUser });

/** SPEC §7 `GET /admin/{email}`. */
export const adminParams = z.object({ email: z.string().max(254) });
export const adminReply = z.object({ admin: z.boolean() });
