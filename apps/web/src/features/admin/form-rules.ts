/**
 * The rules of the admin's forms, as they check input on the page (the server checks the same
 * again). Loaded by each form once it is shown, with zod (`useShopForm`, ADR 008).
 */
import {
  type CompanyAccountBody,
  companyAccountBody,
  settleBody,
  shipOrderBody,
} from '@axle/contract';
import { z } from 'zod';

/** The ship dialog's tracking number: the body without its `null` and absent forms. */
export const shipRules = shipOrderBody.unwrap().unwrap();

/**
 * A number as an admin types it ("1,000", "$2500.50", "30"); anything else, or nothing, is no
 * number at all, which the field's rule refuses with its own message.
 */
const typedNumber = (typed: string) => {
  const text = typed.trim().replace(/^\$/, '').replaceAll(',', '');
  return /^-?(\d+\.?\d*|\.\d+)$/.test(text) ? Number(text) : Number.NaN;
};

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
