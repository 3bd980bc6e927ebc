/**
 * The rules of the admin's company forms, as they check input on the page (the server checks the
 * same again). Loaded by each form once it is shown, with zod (`useShopForm`, ADR 008).
 */
import {
  COMPANY_PRICES_MAX,
  type CompanyAccountBody,
  type CompanyPriceListBody,
  companyAccountBody,
  companyPriceListBody,
  numberKey,
  PART_NUMBER_MAX,
  settleBody,
} from '@axle/contract';
import { z } from 'zod';
import { adminCompaniesText } from './strings.ts';

/**
 * A number as an admin types it ("1,000", "$2500.50", "30"); anything else, or nothing, is no
 * number at all, which the field's rule refuses with its own message.
 */
const typedNumber = (typed: string) => {
  const text = typed.trim().replace(/^\$/, '').replaceAll(',', '');
  return /^-?(\d+\.?\d*|\.\d+)$/.test(text) ? Number(text) : Number.NaN;
};

/** A percentage as typed: "12.5" or "12.5 %". */
const typedPercent = (typed: string) => typedNumber(typed.trim().replace(/\s*%$/, ''));

const { onAccount, creditLimit, termsDays } = companyAccountBody.shape;

/** A company's payment on account: the box, the credit limit in dollars and the terms in days. */
export const companyAccountRules = z.object({
  onAccount,
  creditLimit: z.string().transform(typedNumber).pipe(creditLimit),
  termsDays: z.string().transform(typedNumber).pipe(termsDays.unwrap()),
}) satisfies z.ZodType<
  CompanyAccountBody,
  { onAccount: boolean; creditLimit: string; termsDays: string }
>;

/** Recording an invoice's payment: the payment's reference (a bank transfer's, a cheque's number). */
export const settleRules = settleBody;

/** What the price form's rows hold: the category chosen, the part number and amounts as typed. */
export type CompanyPricesValues = {
  categories: { categoryId: string; percentOff: string }[];
  parts: { partNumber: string; price: string }[];
};

const words = adminCompaniesText.prices;
const { categories, parts } = companyPriceListBody.shape;
const discount = categories.element.shape;
const fixed = parts.element.shape;
const partNumberMessage = words.partNumberRequired(PART_NUMBER_MAX);

/**
 * Refuses a row whose key an earlier row already has: the server would keep only one of them, so
 * the admin says which. A row without a key yet has its own message.
 */
const noRepeats =
  <Row>(keyOf: (row: Row) => string, field: string, message: string) =>
  (rows: Row[], context: z.RefinementCtx) => {
    const seen = new Set<string>();
    rows.forEach((row, index) => {
      const key = keyOf(row);
      if (key === '') return;
      if (seen.has(key)) context.addIssue({ code: 'custom', message, path: [index, field] });
      seen.add(key);
    });
  };

/**
 * A company's whole price list: percentages off by category and fixed prices by part number (in
 * any spelling: two spellings of one number are one part).
 */
export const companyPricesRules = z.object({
  categories: z
    .array(
      z.object({
        categoryId: z.string().min(1, words.categoryRequired).pipe(discount.categoryId),
        percentOff: z.string().transform(typedPercent).pipe(discount.percentOff),
      }),
    )
    .max(COMPANY_PRICES_MAX, words.tooMany)
    .superRefine(noRepeats((row) => row.categoryId, 'categoryId', words.sameCategory)),
  parts: z
    .array(
      z.object({
        partNumber: z
          .string()
          .trim()
          .min(1, partNumberMessage)
          .max(PART_NUMBER_MAX, partNumberMessage)
          .pipe(fixed.partNumber),
        price: z.string().transform(typedNumber).pipe(fixed.price),
      }),
    )
    .max(COMPANY_PRICES_MAX, words.tooMany)
    .superRefine(noRepeats((row) => numberKey(row.partNumber), 'partNumber', words.samePart)),
}) satisfies z.ZodType<CompanyPriceListBody, CompanyPricesValues>;
