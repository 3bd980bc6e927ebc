import { z } from 'zod';
import { limitParam, outOfReach, pageParam, withinReach } from './lists.ts';
import {
  PART_DESCRIPTION_MAX,
  PART_NAME_MAX,
  PART_PRICE_MAX,
  PART_QUANTITY_MAX,
  partImagePattern,
  partMessages,
} from './texts.ts';

/** A car part as SPEC §3 names it; `price` is in dollars. */
export const part = z.object({
  _id: z.uuid(),
  name: z.string(),
  description: z.string(),
  img: z.string().nullable(),
  availableQuantity: z.number().int(),
  minimumQuantity: z.number().int(),
  price: z.number(),
  /**
   * Changes whenever anything above changes (an edit, an order, a cancellation): an edit sends
   * it back as `If-Match: "<version>"`, and a stale one is refused with 409 (issue 14 #6).
   */
  version: z.string(),
});
export type Part = z.infer<typeof part>;

export const partList = z.array(part);

/** Strict: a parameter the list does not take is refused (400), and never a cache key. */
export const itemsQuery = z
  .strictObject({
    search: z.string().trim().max(100).optional(),
    page: pageParam.optional(),
    limit: limitParam.optional(),
  })
  .refine(withinReach, outOfReach);
export type ItemsQuery = z.infer<typeof itemsQuery>;

export const partIdParams = z.object({ id: z.uuid({ error: 'id must be a part id (a UUID)' }) });

/** An edit names the version of the part it was made from (`version` of the part, in quotes). */
export const partEditHeaders = z.object({
  'if-match': z
    .string()
    .regex(/^"[A-Za-z0-9_-]{1,64}"$/, "If-Match must be the part's version in double quotes")
    .optional()
    .describe("The part's `version` in double quotes; required (428 without it)"),
});

// ---- Adding and editing parts (admins; PRODUCT §3.8) ----

const wholeNumber = (min: number, message: string) =>
  z.number({ error: message }).int(message).min(min, message).max(PART_QUANTITY_MAX, message);

/**
 * Exactly a number with at most two decimals, as the shop keeps integer cents: the nearest cent
 * must be the number itself (below a millionth of a cent the old tolerance let 1e-9 through, which
 * is 0 cents). Up to PART_PRICE_MAX, toFixed(2) reads back exactly.
 */
const isWholeCents = (value: number) => Number(value.toFixed(2)) === value;
/** From one cent: the smallest price the shop can store (a positive number of cents). */
const dollars = z
  .number({ error: partMessages.price })
  .min(0.01, partMessages.price)
  .max(PART_PRICE_MAX, partMessages.price)
  .refine(isWholeCents, partMessages.price);

const partText = {
  name: z.string().trim().min(1, partMessages.name).max(PART_NAME_MAX, partMessages.name),
  description: z
    .string()
    .trim()
    .min(1, partMessages.description)
    .max(PART_DESCRIPTION_MAX, partMessages.description),
};

/** `POST /items` and `PUT /item/{id}`: a part as an admin enters it; the server keeps no other field. */
export const partBody = z.strictObject({
  ...partText,
  img: z.string().trim().regex(partImagePattern, partMessages.img).nullable(),
  availableQuantity: wholeNumber(0, partMessages.availableQuantity),
  minimumQuantity: wholeNumber(1, partMessages.minimumQuantity),
  price: dollars,
});
export type PartBody = z.infer<typeof partBody>;

/** A number typed in a text field, checked by the body's own rule. */
const typedNumber = (rule: z.ZodType<number, number>, message: string) =>
  z
    .string()
    .trim()
    .regex(/^\d+(\.\d+)?$/, message)
    .transform(Number)
    .pipe(rule);

/** The Add a Product form: the same rules over the text the fields hold; no image is `null`. */
export const partForm = z.object({
  ...partText,
  img: z
    .string()
    .trim()
    .refine((value) => value === '' || partImagePattern.test(value), partMessages.img)
    .transform((value) => (value === '' ? null : value)),
  availableQuantity: typedNumber(
    wholeNumber(0, partMessages.availableQuantity),
    partMessages.availableQuantity,
  ),
  minimumQuantity: typedNumber(
    wholeNumber(1, partMessages.minimumQuantity),
    partMessages.minimumQuantity,
  ),
  price: typedNumber(dollars, partMessages.price),
});

export const insertedPartReply = z.object({ insertedId: z.uuid() });

// ---- Uploaded part images ----

export const uploadedImageReply = z.object({ img: z.string() });
export const imageNameParams = z.object({
  name: z.string().regex(/^[0-9a-f-]{36}\.(png|jpg|webp|gif)$/, 'No such image'),
});
