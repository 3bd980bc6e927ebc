/**
 * The validation rules of SPEC §5 with their exact messages ("spelling as shown" included).
 * Web forms and server routes both import these, so a rule and its wording live in one place.
 */
import { z } from 'zod';

export const messages = {
  invalidEmail: 'Invalid Email',
  enterValidEmail: 'Enter a Valid Email',
  sentEmail: 'Sent Email',
  password: 'Minimum six characters with at least one letter and one number',
  fullNameRequired: 'Full Name is required',
  registerEmail: 'Enter a Valid Eamil',
  location: 'Provide Valid Location',
  phone: 'Provide Valid phone Number',
  education: 'Provide Valid information',
  rating: 'Rating must be a whole number from 1 to 5',
  commentRequired: 'Comment is required',
  commentTooLong: 'Comment must be at most 1000 characters',
  telRequired: 'Phone is required',
  addressRequired: 'Street address is required',
  countryRequired: 'Country is required',
  cityRequired: 'City is required',
} as const;

/** Login e-mail: word characters, dots or hyphens, '@', domain parts, an ending of 2 to 4. */
export const loginEmailPattern = /^[\w.-]+@([\w-]+\.)+[\w-]{2,4}$/;
/** A standard address pattern (also the newsletter's). */
export const registerEmailPattern =
  /^[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}$/;
/** At least six letters or digits, with at least one letter and one digit. */
export const passwordPattern = /^(?=.*[A-Za-z])(?=.*\d)[A-Za-z\d]{6,}$/;
/** A comma followed by letters, spaces or punctuation, e.g. "Mirpur, Dhaka". */
export const locationPattern = /,[\p{L}\s\p{P}]+$/u;
/** A 10-digit number, optionally with a +91 prefix. */
export const phonePattern = /^(\+91[\s-]?)?\d{10}$/;
/** At least two words. */
export const educationPattern = /^\S+(\s+\S+)+$/;

export const FULL_NAME_MAX = 80;
export const RATING_MIN = 1;
export const RATING_MAX = 5;
export const COMMENT_MAX = 1000;

/** RFC 5321: an address is at most 254 characters (longer ones cannot receive the shop's mail). */
export const EMAIL_MAX = 254;

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

export const COUNTRIES = ['Bangladesh'] as const;
export const CITIES = ['Sylhet', 'Dhaka', 'Chattogram', 'Rajshahi', 'Cumilla', 'Rangpur'] as const;

/** Quantity messages of the purchase form; `null` when the quantity can be ordered. */
export function quantityMessage(
  quantity: number,
  part: { minimumQuantity: number; availableQuantity: number },
): string | null {
  if (!Number.isInteger(quantity) || quantity < part.minimumQuantity) {
    return `Minimum order ${part.minimumQuantity}`;
  }
  if (quantity > part.availableQuantity) return `maximum order ${part.availableQuantity}`;
  return null;
}

export const orderForm = z.object({
  tel: z.string().trim().min(1, messages.telRequired).max(40),
  country: z.enum(COUNTRIES, messages.countryRequired),
  city: z.enum(CITIES, messages.cityRequired),
  address: z.string().trim().min(1, messages.addressRequired).max(300),
  quantity: z.coerce.number().int().positive(),
});
