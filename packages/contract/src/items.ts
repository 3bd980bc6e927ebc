import { z } from 'zod';
import { CORE_CHARGE_MAX, CORE_RETURN_DAYS_MAX, coreMessages } from './core-texts.ts';
import { limitParam, outOfReach, pageParam, withinReach } from './lists.ts';
import {
  PART_DESCRIPTION_MAX,
  PART_NAME_MAX,
  PART_PRICE_MAX,
  PART_QUANTITY_MAX,
  PRICE_TIERS_MAX,
  partImagePattern,
  partMessages,
} from './texts.ts';
import { partStock } from './warehouses.ts';

// ---- Part numbers (issue 16 #1) ----

/**
 * A part number as search compares it: lower case, without spaces, dashes, dots or slashes, so
 * `04465-02220`, `0446502220` and `04465 02220` are one number. The twin of the database's
 * `axle_number_key` (migration 0012), for what a customer types.
 */
export const numberKey = (number: string): string => number.toLowerCase().replace(/[\s./-]+/g, '');

export const PART_NUMBER_MAX = 40;
/** A part number: letters and digits, with spaces, dashes, dots or slashes between them. */
export const partNumberPattern = /^[A-Za-z0-9](?:[A-Za-z0-9 ./-]*[A-Za-z0-9])?$/;
const partNumberMessage = `Part number is letters and digits (spaces, dashes, dots or slashes between them), at most ${PART_NUMBER_MAX} characters`;
export const partNumberField = z
  .string()
  .trim()
  .max(PART_NUMBER_MAX, partNumberMessage)
  .regex(partNumberPattern, partNumberMessage);

/** A category and the categories above it, root first and itself last (Brakes › Brake pads). */
export const categoryStep = z.object({ id: z.uuid(), name: z.string(), slug: z.string() });
export const categoryRef = categoryStep.extend({ path: z.array(categoryStep) });
export type CategoryRef = z.infer<typeof categoryRef>;

/** Another brand's number for a part: its vehicle maker's OE number or a cross-reference. */
export const brandNumber = z.object({ brand: z.string(), number: z.string() });
export type BrandNumber = z.infer<typeof brandNumber>;

/** A fact of a part: "Diameter 280 mm" is `{ name: 'Diameter', value: '280', unit: 'mm' }`. */
export const partAttribute = z.object({
  name: z.string(),
  value: z.string(),
  unit: z.string().nullable(),
});
export type PartAttribute = z.infer<typeof partAttribute>;

/** A vehicle of the list a part fits, with the fitment's note ("front axle"). */
export const fittedVehicle = z.object({
  id: z.uuid(),
  yearFrom: z.number().int(),
  yearTo: z.number().int(),
  variant: z.string().nullable(),
  note: z.string().nullable(),
});
/** The vehicles a part fits, grouped by make then model, in that order. */
export const fitmentGroups = z.array(
  z.object({
    make: z.string(),
    models: z.array(z.object({ model: z.string(), vehicles: z.array(fittedVehicle) })),
  }),
);
export type FitmentGroups = z.infer<typeof fitmentGroups>;

/**
 * A volume price (issue 17 #6): from `minQuantity` units on, each costs `price` dollars instead of
 * the part's price; a line takes the tier of the largest `minQuantity` it reaches.
 */
export const priceTier = z.object({ minQuantity: z.number().int(), price: z.number() });
export type PriceTier = z.infer<typeof priceTier>;

/** Another part, by its id and number. */
export const partLink = z.object({ _id: z.uuid(), partNumber: z.string() });
export type PartLink = z.infer<typeof partLink>;

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
  /** The shop's part number (issue 16 #1); `brand` and `category` are null until an admin sets them. */
  partNumber: z.string(),
  brand: z.string().nullable(),
  category: categoryRef.nullable(),
  /** Volume prices, the smallest quantity first; empty when the part has none. */
  priceTiers: z.array(priceTier),
  /**
   * The newest part of its chain of replacements (issue 32 #1), when its maker superseded this
   * number (A → B → C: C); left out when nothing replaces it. Its own stock can still be sold.
   */
  replacedBy: partLink.extend({ name: z.string() }).optional(),
  /**
   * What each warehouse holds (issue 32 #2), in the shop's order of warehouses: those holding
   * some, or expecting more; `availableQuantity` is their sum.
   */
  stock: z.array(partStock),
  /** Whether an order above the stock is accepted for the rest while a restock date is known (issue 32 #3). */
  allowBackorder: z.boolean(),
  /**
   * When backordered units are expected: the earliest restock date to come of its warehouses,
   * when it allows backorders; null when an order cannot go above the stock now.
   */
  backorderExpected: z.iso.date().nullable(),
  /**
   * The deposit on each unit of an exchange part (issue 32 #4), in dollars, refunded when the old
   * part comes back within `coreReturnDays` of payment; null when it has none.
   */
  coreCharge: z.number().nullable(),
  coreReturnDays: z.number().int(),
});
export type Part = z.infer<typeof part>;

/** `GET /api/parts/{partNumber}`: a part by its number, in any spelling. */
export const partNumberParams = z.object({
  partNumber: z
    .string()
    .trim()
    .min(1, 'partNumber is required')
    .max(PART_NUMBER_MAX * 2),
});

/** `GET /api/categories`: the category tree as a list (a root has no parent). */
export const CATEGORY_LIST_MAX = 1000;
export const categoryList = z.array(categoryStep.extend({ parentId: z.uuid().nullable() }));
export type CategoryList = z.infer<typeof categoryList>;

/** How many fitted vehicles a part's page carries; `GET /api/item/{id}/fitment` pages the rest. */
export const FITMENT_DETAIL_MAX = 100;

export const REPLACES_MAX = 20;

/** `GET /api/item/{id}`: the part with everything the catalogue knows of it. */
export const partDetail = part.extend({
  weightKg: z.number().nullable(),
  oeNumbers: z.array(brandNumber),
  crossReferences: z.array(brandNumber),
  attributes: z.array(partAttribute),
  /** The first FITMENT_DETAIL_MAX vehicles it fits (by make, model, year) of `total`. */
  fitment: z.object({ total: z.number().int(), groups: fitmentGroups }),
  /** The number of the part that directly replaces this one, as an admin set it; null for none. */
  supersededBy: z.string().nullable(),
  /** The parts this one replaces, directly or down a chain, newest first (at most REPLACES_MAX). */
  replaces: z.array(partLink),
});
export type PartDetail = z.infer<typeof partDetail>;

/** `GET /api/item/{id}/fitment`: every vehicle a part fits, a page at a time. */
export const fitmentQuery = z
  .strictObject({ page: pageParam.optional(), limit: limitParam.optional() })
  .refine(withinReach, outOfReach);

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

const coreCharge = z
  .number({ error: coreMessages.charge })
  .min(0.01, coreMessages.charge)
  .max(CORE_CHARGE_MAX, coreMessages.charge)
  .refine(isWholeCents, coreMessages.charge);
const coreReturnDays = z
  .number({ error: coreMessages.returnDays })
  .int(coreMessages.returnDays)
  .min(1, coreMessages.returnDays)
  .max(CORE_RETURN_DAYS_MAX, coreMessages.returnDays);

const partText = {
  name: z.string().trim().min(1, partMessages.name).max(PART_NAME_MAX, partMessages.name),
  description: z
    .string()
    .trim()
    .min(1, partMessages.description)
    .max(PART_DESCRIPTION_MAX, partMessages.description),
};

const shortText = (what: string, max: number) =>
  z.string().trim().min(1, `${what} is required`).max(max, `${what} is at most ${max} characters`);
const brandNumberBody = z.strictObject({
  brand: shortText('Brand', 60),
  number: partNumberField,
});
/** A weight in kilograms, to the gram. */
const weightKg = z
  .number({ error: 'Weight must be a number of kilograms, e.g. 1.25' })
  .min(0.001, 'Weight must be at least 0.001 kg')
  .max(10_000, 'Weight must be at most 10000 kg')
  .refine((kg) => Number(kg.toFixed(3)) === kg, 'Weight is given to the gram (at most 3 decimals)');

/**
 * Tiers from the smallest quantity up, each for more units than the one before and cheaper per
 * unit: ordering more never costs more per unit.
 */
function tiersRise(tiers: readonly { minQuantity: number; price: number }[]): boolean {
  return tiers.every(
    (tier, i) =>
      i === 0 ||
      (tier.minQuantity > (tiers[i - 1]?.minQuantity ?? 0) &&
        tier.price < (tiers[i - 1]?.price ?? Number.POSITIVE_INFINITY)),
  );
}

/** Where a volume price starts: from 2 units (a single unit costs the part's own price). */
const tierQuantity = z
  .number({ error: partMessages.tierQuantity })
  .int(partMessages.tierQuantity)
  .min(2, partMessages.tierQuantity)
  .max(PART_QUANTITY_MAX, partMessages.tierQuantity);

/** A part's volume prices, however each tier was read (a body's numbers, a form's text). */
const tierList = <Tier extends z.ZodType<{ minQuantity: number; price: number }>>(tier: Tier) =>
  z
    .array(tier)
    .max(PRICE_TIERS_MAX, partMessages.tiersMax)
    .refine(tiersRise, partMessages.tiersOrder);

type PricedTiers = { price: number; priceTiers?: readonly { price: number }[] | undefined };

/**
 * Every volume price below the part's own price, for a body, the part form and a catalogue file's
 * line alike: a tier at or above it is refused at its price. Checked only once the price and the
 * tiers are numbers the rules took (a price still as typed would compare as text).
 */
export const tiersBelowPrice = z.superRefine<PricedTiers>(
  (part, ctx) => {
    for (const [index, tier] of (part.priceTiers ?? []).entries())
      if (tier.price >= part.price)
        ctx.addIssue({
          code: 'custom',
          message: partMessages.tierPrice,
          path: ['priceTiers', index, 'price'],
          input: tier.price,
        });
  },
  {
    // Also when another field is wrong (so every message shows at once), but never on what is not
    // an object at all (a JSON null body): there is no price to compare.
    when: (payload) =>
      typeof payload.value === 'object' &&
      payload.value !== null &&
      !payload.issues.some(
        (issue) => issue.path?.[0] === 'price' || issue.path?.[0] === 'priceTiers',
      ),
  },
);

/**
 * The catalogue's fields of a part (issue 16 #1), all optional: absent, a new part has none (and
 * a part number from the shop's own series), and an edit keeps what the part has.
 */
export const catalogueFields = {
  partNumber: partNumberField.optional(),
  /** The number of the part that replaces this one (issue 32 #1); null: none. */
  supersededBy: partNumberField.nullable().optional(),
  /** Orders above the stock are accepted while a restock date is known (issue 32 #3). */
  allowBackorder: z.boolean({ error: 'allowBackorder is true or false' }).optional(),
  /** The deposit on each unit of an exchange part (issue 32 #4), in dollars; null: none. */
  coreCharge: coreCharge.nullable().optional(),
  coreReturnDays: coreReturnDays.optional(),
  brand: shortText('Brand', 60).nullable().optional(),
  categoryId: z.uuid({ error: 'categoryId must be a category id (a UUID)' }).nullable().optional(),
  weightKg: weightKg.nullable().optional(),
  oeNumbers: z.array(brandNumberBody).max(50, 'At most 50 OE numbers').optional(),
  crossReferences: z.array(brandNumberBody).max(50, 'At most 50 cross-references').optional(),
  attributes: z
    .array(
      z.strictObject({
        name: shortText('Attribute name', 60),
        value: shortText('Attribute value', 120),
        unit: z.string().trim().max(20, 'A unit is at most 20 characters').nullable().optional(),
      }),
    )
    .max(40, 'At most 40 attributes')
    .optional(),
  priceTiers: tierList(z.strictObject({ minQuantity: tierQuantity, price: dollars })).optional(),
  fitment: z
    .array(
      z.strictObject({
        vehicleId: z.uuid({ error: 'vehicleId must be a vehicle id (a UUID)' }),
        note: z
          .string()
          .trim()
          .max(120, 'A fitment note is at most 120 characters')
          .nullable()
          .optional(),
      }),
    )
    .max(2000, 'At most 2000 fitted vehicles per part')
    .optional(),
};

/**
 * `POST /items` and `PUT /item/{id}`: a part as an admin enters it (the SPEC's fields, and the
 * catalogue's optional ones); the server keeps no other field.
 */
export const partBody = z
  .strictObject({
    ...partText,
    img: z.string().trim().regex(partImagePattern, partMessages.img).nullable(),
    availableQuantity: wholeNumber(0, partMessages.availableQuantity),
    minimumQuantity: wholeNumber(1, partMessages.minimumQuantity),
    price: dollars,
    ...catalogueFields,
  })
  .check(tiersBelowPrice);
export type PartBody = z.infer<typeof partBody>;

/** A number typed in a text field, checked by the body's own rule. */
const typedNumber = (rule: z.ZodType<number, number>, message: string) =>
  z
    .string()
    .trim()
    .regex(/^\d+(\.\d+)?$/, message)
    .transform(Number)
    .pipe(rule);

/** A text field that may be left empty: empty (once trimmed) is `null`, else `rule` checks it. */
const emptyIsNull = <Output>(rule: z.ZodType<Output, string>) =>
  z
    .string()
    .trim()
    .transform((value) => (value === '' ? null : value))
    .pipe(rule.nullable());

/** The Add a Product form's fields: the same rules over the text they hold; no image is `null`. */
const partFormFields = z.object({
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
  // The catalogue's fields (issue 16 #7): an empty text is none (an empty part number, the shop's
  // own for a new part and the one it has for an edit).
  partNumber: z
    .string()
    .trim()
    .transform((value) => (value === '' ? undefined : value))
    .pipe(partNumberField.optional()),
  supersededBy: emptyIsNull(partNumberField),
  allowBackorder: z.boolean().optional(),
  coreCharge: emptyIsNull(typedNumber(coreCharge, coreMessages.charge)),
  coreReturnDays: typedNumber(coreReturnDays, coreMessages.returnDays).optional(),
  brand: emptyIsNull(shortText('Brand', 60)),
  categoryId: emptyIsNull(z.uuid({ error: 'Choose a category of the list' })),
  weightKg: emptyIsNull(typedNumber(weightKg, 'Weight must be a number of kilograms, e.g. 1.25')),
  oeNumbers: catalogueFields.oeNumbers.unwrap(),
  crossReferences: catalogueFields.crossReferences.unwrap(),
  attributes: z
    .array(
      z.object({
        name: shortText('Attribute name', 60),
        value: shortText('Attribute value', 120),
        unit: emptyIsNull(z.string().max(20, 'A unit is at most 20 characters')),
      }),
    )
    .max(40, 'At most 40 attributes'),
  /** The vehicles it fits; a row's other fields (the vehicle's name, shown) are not sent. */
  fitment: z
    .array(
      z.object({
        vehicleId: z.uuid({ error: 'vehicleId must be a vehicle id (a UUID)' }),
        note: emptyIsNull(z.string().max(120, 'A fitment note is at most 120 characters')),
      }),
    )
    .max(2000, 'At most 2000 fitted vehicles per part'),
  /** Volume prices (issue 17 #6): each row's quantity and price as typed. */
  priceTiers: tierList(
    z.object({
      minQuantity: typedNumber(tierQuantity, partMessages.tierQuantity),
      price: typedNumber(dollars, partMessages.price),
    }),
  ),
});

/** The Add a Product form: its fields, and every volume price below the part's price. */
export const partForm = partFormFields.check(tiersBelowPrice);

export const insertedPartReply = z.object({ insertedId: z.uuid() });

// ---- Uploaded part images ----

export const uploadedImageReply = z.object({ img: z.string() });
export const imageNameParams = z.object({
  name: z.string().regex(/^[0-9a-f-]{36}\.(png|jpg|webp|gif)$/, 'No such image'),
});
