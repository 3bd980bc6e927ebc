/**
 * The rules of the part form (PRODUCT §3.8) and of its stock in each warehouse (issue 32 #2), as
 * they check input on the page (the server checks the same again). Loaded by the form once it is shown, with zod (`useFormRules`, ADR 008).
 */
import { partForm, setPartStockBody } from '@axle/contract';
import { partMessages } from '@axle/contract/texts';
import { z } from 'zod';

export const partRules = partForm;

/**
 * What one warehouse holds of a part and when more is expected there (issue 32 #2), as typed: a
 * whole number, and a date or nothing (none known: the date is forgotten).
 */
export const partStockRules = z.object({
  quantity: z
    .string()
    .trim()
    .regex(/^\d+$/, partMessages.availableQuantity)
    .transform(Number)
    .pipe(setPartStockBody.shape.quantity),
  restockDate: z
    .string()
    .trim()
    .transform((typed) => (typed === '' ? null : typed))
    .pipe(setPartStockBody.shape.restockDate.unwrap()),
});
