/**
 * The quick order form's rule, as the page checks it (the server checks the same again). Loaded
 * by the form once it is shown, with zod (`useShopForm`).
 */
import { QUICK_ORDER_MAX_CHARS } from '@axle/contract/buying-texts';
import { z } from 'zod';
import { cartText } from './strings.ts';

export const quickOrderRules = z.object({
  text: z
    .string()
    .refine((value) => value.trim() !== '', cartText.quick.required)
    .refine((value) => value.length <= QUICK_ORDER_MAX_CHARS, cartText.quick.tooLong),
});
