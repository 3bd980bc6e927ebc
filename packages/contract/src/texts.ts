/**
 * The shop's words that the API and the pages share, character for character: the messages of
 * the validation rules (SPEC §5, "spelling as shown" included) with their limits and choices,
 * what the identity and payment calls say, and the texts shown after an action. No zod here: the
 * pages import these by path (`@axle/contract/texts`) and show them before any schema has loaded,
 * which happens only once a form first checks its input (ADR 008). A module with a schema keeps
 * every schema of it in the page that imports anything from it, zod included. The schemas take
 * their messages and limits from here, so a rule and its wording still live in one place.
 */

// ---- The rules of SPEC §5 ----

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
  wholeQuantity: 'Quantity must be a whole number of units',
} as const;

export const FULL_NAME_MAX = 80;
export const RATING_MIN = 1;
export const RATING_MAX = 5;
export const COMMENT_MAX = 1000;

/** RFC 5321: an address is at most 254 characters (longer ones cannot receive the shop's mail). */
export const EMAIL_MAX = 254;

export const COUNTRIES = ['Bangladesh'] as const;
export const CITIES = ['Sylhet', 'Dhaka', 'Chattogram', 'Rajshahi', 'Cumilla', 'Rangpur'] as const;

/**
 * Quantity messages of the purchase form; `null` when the quantity can be ordered. Each says what
 * is wrong: a fraction of a unit, below the minimum (nothing typed is below it too), above the stock.
 */
export function quantityMessage(
  quantity: number,
  part: { minimumQuantity: number; availableQuantity: number },
): string | null {
  if (Number.isFinite(quantity) && !Number.isInteger(quantity)) return messages.wholeQuantity;
  if (!Number.isInteger(quantity) || quantity < part.minimumQuantity) {
    return `Minimum order ${part.minimumQuantity}`;
  }
  if (quantity > part.availableQuantity) return `maximum order ${part.availableQuantity}`;
  return null;
}

// ---- Parts (admins; PRODUCT §3.8) ----

/** The longest search the catalogue takes (issue 16 #4). */
export const SEARCH_QUERY_MAX = 100;
/** How many vehicles one search may filter by ("Fits my fleet" names the fleet's, issue 32 #5). */
export const VEHICLE_FILTER_MAX = 100;

export const PART_NAME_MAX = 120;
export const PART_DESCRIPTION_MAX = 2000;
export const PART_QUANTITY_MAX = 1_000_000;
export const PART_PRICE_MAX = 1_000_000;

/** Volume prices one part has at most (issue 17 #6). */
export const PRICE_TIERS_MAX = 10;

export const partMessages = {
  name: `Part name is required (at most ${PART_NAME_MAX} characters)`,
  description: `Description is required (at most ${PART_DESCRIPTION_MAX} characters)`,
  img: 'Use an uploaded image or an image path on this site, such as /images/parts/oil-filter.svg',
  availableQuantity: `Available quantity must be a whole number from 0 to ${PART_QUANTITY_MAX}`,
  minimumQuantity: `Minimum quantity must be a whole number from 1 to ${PART_QUANTITY_MAX}`,
  price: `Price must be more than 0 and at most ${PART_PRICE_MAX}, in dollars and cents (e.g. 18.50)`,
  tierQuantity: `A volume price starts at a whole number of units from 2 to ${PART_QUANTITY_MAX}`,
  tiersMax: `A part has at most ${PRICE_TIERS_MAX} volume prices`,
  tiersOrder: 'Volume prices go from the smallest quantity up, each cheaper than the one before',
  tierPrice: "Every volume price is below the part's own price",
  replacementUnknown: (partNumber: string) =>
    `No part has the number ${partNumber} to replace this one`,
  replacementItself: 'A part cannot replace itself',
  replacementCycle: (partNumber: string) =>
    `${partNumber} is already replaced by this part (directly or through others), so it cannot replace it`,
} as const;

/**
 * Where a part's picture may come from: the shop's own images or an uploaded one, never another
 * host (the page loads nothing from outside). No `..`, no query, a picture's file ending.
 */
export const partImagePattern =
  /^\/(images|api\/images)\/(?!.*\.\.)[A-Za-z0-9][A-Za-z0-9/_.-]*\.(svg|png|jpe?g|webp|gif)$/;

/** Pictures an admin may upload, by content type, with the file ending they are stored under. */
export const UPLOAD_IMAGE_TYPES = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
  'image/gif': 'gif',
} as const;
export type UploadImageType = keyof typeof UPLOAD_IMAGE_TYPES;
export const UPLOAD_IMAGE_MAX_BYTES = 2 * 1024 * 1024;

// ---- After a form was sent ----

export const ORDER_PLACED_TEXT = 'Thank you for your order';

export const PROFILE_UPDATED_TEXT = 'Profile Updated';

/** SPEC §7, spelling and trailing space as shown. */
export const REVIEW_ADDED_TEXT =
  'Review added Successfuly, You can check on Home page Review section ';

// ---- Accounts, payments and the admin's actions ----

/** Words the identity API says; the web shows them as they come. */
export const authMessages = {
  badCredentials: 'Incorrect email or password',
  checkEmail: 'Check your e-mail to finish signing up.',
  signUpMailResent: 'We sent the e-mail again. It can take a few minutes to arrive.',
  verificationSent: 'We sent a link to verify your e-mail address.',
  /** Said instead of the two above while mail is being retried (issue 34 #4). */
  mailQueued:
    'Your e-mail is queued: our mail is running late just now, so it may take a while to arrive. There is no need to ask again.',
  resetSent: 'If an account uses that address, we sent it a link to reset the password.',
  resetDone: 'Your password has been changed. Sign in with the new one.',
  resetInvalid: 'This reset link is invalid or has expired. Ask for a new one.',
  verifyInvalid: 'This verification link is invalid or has expired.',
  verifyUsed: 'This link was already used. Please sign in.',
  /** The link was opened in the browser that signed up, which is now signed in. */
  verified: 'Your e-mail address is verified.',
  /**
   * The link was opened in a browser that did not sign up: whoever chose the sign-up password may
   * not own the address, so that password is gone and nobody is signed in until a password is
   * chosen on the page the link opened (issue 14 #1, #2; issue 30 #5).
   */
  verifiedElsewhere: (email: string) =>
    `Your e-mail address ${email} is verified. Choose a password to sign in.`,
  // The page's one-time proof is used, has expired, or another password was set since.
  choosePasswordExpired:
    'This page can no longer set a password. Choose one with "Forgot password?" on the login page.',
  // Sign-in with the right password for an address nobody has proven yet.
  verifyFirst:
    'Please verify your e-mail address first: open the link we e-mailed to you, or have it sent again.',
  alreadyVerified: 'Your e-mail address is already verified.',
  googleNotConfigured: 'Google sign-in is not configured on this server.',
  googleFailed: 'Google sign-in failed. Please try again.',
  googleEmailUnverified:
    'Google has not verified this e-mail address, so it cannot be linked to an account.',
  sessionEnded: 'Your session has ended. Please sign in again.',
  tooManyAttempts: (minutes: number) =>
    `Too many attempts. Please wait ${minutes} minute${minutes === 1 ? '' : 's'} and try again.`,
} as const;

/** Stripe's own wording for the outcomes of its test cards. */
export const cardMessages = {
  declined: 'Your card was declined.',
  insufficientFunds: 'Your card has insufficient funds.',
  expired: 'Your card has expired.',
  incorrectCvc: "Your card's security code is incorrect.",
  invalidNumber: 'Your card number is invalid.',
  invalidExpiry: "Your card's expiration date is invalid.",
  invalidCvc: "Your card's security code is invalid.",
} as const;

export const paymentLabels = {
  number: 'Card number',
  expiry: 'MM / YY',
  cvc: 'CVC',
  zip: 'ZIP',
} as const;

export const ADMIN_MADE_TEXT = 'Successfully Made an Admin';
export const ADMIN_FAILED_TEXT = 'Failed to Make Admin';
export const ORDER_SHIPPED_TEXT = 'Item Shipped';
export const DELETED_TITLE = 'Deleted!';
export const DELETED_TEXT = 'Your file has been deleted.';
export const DELETED_NONE_TEXT = 'No documents matched the query. Deleted 0 Item.';

// ---- The newsletter's double opt-in (issue 14 #9) ----

/** What the newsletter's sign-up and its e-mailed confirmation link say. */
export const newsletterMessages = {
  /** The reply to every valid sign-up, new address or not. */
  checkMail: 'Thank you for subscribing! Open the link we e-mailed you to confirm.',
  confirmed: 'Your newsletter subscription is confirmed.',
  linkInvalid: 'This confirmation link is invalid or has expired.',
} as const;

// ---- Vehicles and My garage (issue 16 #2, #3) ----

/** The name of an engine choice for a vehicle whose list row names no engine. */
export const ANY_ENGINE = 'All engines';

/**
 * A VIN: 17 letters and digits, never I, O or Q (they read as 1 and 0), in capitals. Here rather
 * than only in the schema so that a search box can tell a VIN from a part number.
 */
export const VIN_PATTERN = /^[A-HJ-NPR-Z0-9]{17}$/;

/** Vehicles one customer's garage holds at most (PRODUCT §5: nothing unbounded). */
export const GARAGE_VEHICLES_MAX = 50;

type NamedVehicle = { make: string; model: string; variant: string | null };

/** A vehicle of the list, without a year: "Toyota Corolla 1.8L 4-cyl 2ZR-FE" (no engine: none). */
export function vehicleModelName(vehicle: NamedVehicle): string {
  const engine = vehicle.variant && vehicle.variant !== ANY_ENGINE ? ` ${vehicle.variant}` : '';
  return `${vehicle.make} ${vehicle.model}${engine}`;
}

/** A vehicle as the shop names it: "2015 Toyota Corolla 1.8L 4-cyl 2ZR-FE". */
export function vehicleName(vehicle: NamedVehicle & { year: number }): string {
  return `${vehicle.year} ${vehicleModelName(vehicle)}`;
}

export const garageMessages = {
  unknownVehicle: 'No vehicle of the list has this id: choose the vehicle with the vehicle picker',
  yearOutOfRange: (vehicle: NamedVehicle, from: number, to: number, year: number) =>
    `The ${vehicleModelName(vehicle)} is listed for ${
      from === to ? `the model year ${from}` : `the model years ${from} to ${to}`
    }: ${year} is not one of them`,
  full: `Your garage holds at most ${GARAGE_VEHICLES_MAX} vehicles: remove one before adding another`,
  notInGarage: 'This vehicle is not in your garage',
} as const;
