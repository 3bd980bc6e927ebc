import { z } from 'zod';
import { addressFields } from './addresses.ts';
import { checkoutMessages, ORDER_NOTE_MAX, PO_NUMBER_MAX } from './buying-texts.ts';
import { paymentMethods } from './company-texts.ts';
import { order } from './orders.ts';

// Checkout (issue 17 #2): the cart becomes one order of many lines, shipped to a saved address or
// a new one, with the buyer's phone number, purchase-order number and a note.

const optionalText = (max: number, message: string) =>
  z
    .string({ error: message })
    .trim()
    .max(max, message)
    .transform((value) => value || undefined)
    .optional();

export const checkoutBody = z
  .strictObject({
    addressId: z.uuid({ error: 'addressId must be an address id (a UUID)' }).optional(),
    address: addressFields.optional(),
    tel: z.string({ error: checkoutMessages.tel }).trim().min(1, checkoutMessages.tel).max(40),
    poNumber: optionalText(PO_NUMBER_MAX, checkoutMessages.poNumber),
    note: optionalText(ORDER_NOTE_MAX, checkoutMessages.note),
    /** 'account': a company allowed to pay on account is invoiced at once, no card (issue 18 #4). */
    payment: z.enum(paymentMethods, { error: 'payment is card or account' }).optional(),
  })
  .refine((body) => (body.addressId === undefined) !== (body.address === undefined), {
    message: checkoutMessages.oneAddress,
    path: ['address'],
  });
export type CheckoutBody = z.infer<typeof checkoutBody>;

export const checkoutReply = z.object({ insertedId: z.uuid(), order });
