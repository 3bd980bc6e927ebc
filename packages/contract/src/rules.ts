/**
 * The validation rules of SPEC §5, with the exact messages of texts.ts ("spelling as shown"
 * included). Web forms and server routes both import these, so a rule and its wording live in one
 * place; the web loads them with its first form that checks its input (ADR 008).
 */
import { z } from 'zod';
import {
  CITIES,
  COMMENT_MAX,
  COUNTRIES,
  EMAIL_MAX,
  FULL_NAME_MAX,
  messages,
  RATING_MAX,
  RATING_MIN,
} from './texts.ts';

/**
 * Login e-mail: word characters, dots or hyphens, '@', domain parts, and an ending of 2 to 63
 * letters. SPEC §5 says 2 to 4, which refuses business addresses such as `orders@fleet.company`
 * (PRODUCT §3.12); 63 is the longest label DNS allows.
 */
export const loginEmailPattern = /^[\w.-]+@([\w-]+\.)+[A-Za-z]{2,63}$/;
/** A standard address pattern, with the same ending (also the newsletter's). */
export const registerEmailPattern =
  /^[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,63}$/;
/** At least six letters or digits, with at least one letter and one digit. */
export const passwordPattern = /^(?=.*[A-Za-z])(?=.*\d)[A-Za-z\d]{6,}$/;
/**
 * A comma followed by letters, spaces or punctuation, e.g. "Mirpur, Dhaka" or "মিরপুর, ঢাকা": the
 * letters of the Latin alphabets (accented ones too), Greek, Cyrillic, Hebrew, Arabic, Devanagari
 * and Bengali (with their vowel signs, which a `\p{L}` class would miss; not their digits), kana,
 * CJK and Hangul. A plain ECMAScript pattern, without flags or Unicode property classes, so that
 * the OpenAPI document's clients and test generators take it as it is (`\p{L}` needs the `u` flag,
 * which a JSON Schema pattern cannot carry).
 */
export const locationPattern =
  /,[A-Za-z\u00C0-\u00D6\u00D8-\u00F6\u00F8-\u024F\u0370-\u03FF\u0400-\u04FF\u05D0-\u05EA\u0620-\u064A\u0900-\u0965\u0970-\u097F\u0980-\u09E5\u09F0-\u09FF\u1E00-\u1EFF\u3041-\u3096\u30A1-\u30FA\u4E00-\u9FFF\uAC00-\uD7A3\s!"#%&'()*,\-./:;?@[\\\]_{}\u00A1\u00A7\u00AB\u00B6\u00B7\u00BB\u00BF\u2010-\u2027\u2030-\u205E\u3001\u3002]+$/;
/** A 10-digit number, optionally with a +91 prefix. */
export const phonePattern = /^(\+91[\s-]?)?\d{10}$/;
/** At least two words. */
export const educationPattern = /^\S+(\s+\S+)+$/;

export const loginEmail = z
  .string()
  .trim()
  .max(EMAIL_MAX, messages.invalidEmail)
  .regex(loginEmailPattern, messages.invalidEmail);
export const password = z.string().regex(passwordPattern, messages.password);
export const fullName = z
  .string()
  .trim()
  .min(1, messages.fullNameRequired)
  .max(FULL_NAME_MAX, messages.fullNameRequired);
/**
 * Sign-up takes only addresses that the login form accepts too (its pattern is the narrower one),
 * so nobody can register an address they then cannot sign in with.
 */
export const registerEmail = z
  .string()
  .trim()
  .max(EMAIL_MAX, messages.registerEmail)
  .regex(registerEmailPattern, messages.registerEmail)
  .regex(loginEmailPattern, messages.registerEmail);

export const loginForm = z.object({ email: loginEmail, password });
export const registerForm = z.object({ name: fullName, email: registerEmail, password });

export const profileForm = z.object({
  location: z.string().trim().regex(locationPattern, messages.location),
  phone: z.string().trim().regex(phonePattern, messages.phone),
  education: z.string().trim().regex(educationPattern, messages.education),
  linkedin: z.string().trim().max(300).optional(),
});

export const reviewForm = z.object({
  rating: z.coerce
    .number(messages.rating)
    .int(messages.rating)
    .min(RATING_MIN, messages.rating)
    .max(RATING_MAX, messages.rating),
  comment: z
    .string()
    .trim()
    .min(1, messages.commentRequired)
    .max(COMMENT_MAX, messages.commentTooLong),
});

export const orderForm = z.object({
  tel: z.string().trim().min(1, messages.telRequired).max(40),
  country: z.enum(COUNTRIES, messages.countryRequired),
  city: z.enum(CITIES, messages.cityRequired),
  address: z.string().trim().min(1, messages.addressRequired).max(300),
  quantity: z.coerce.number().int().positive(),
});
