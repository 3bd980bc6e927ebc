/**
 * The rules of the order form (SPEC §5), as it checks input on the page (the server checks the
 * same again). Loaded by the form once it is shown, with zod (`useFormRules`, ADR 008).
 */
import {
  addressFields,
  type CheckoutBody,
  checkoutBody,
  checkoutMessages,
  ORDER_NOTE_MAX,
  orderForm,
  PO_NUMBER_MAX,
  paymentMethods,
} from '@axle/contract';
import { z } from 'zod';
import { NEW_ADDRESS } from '../addresses/index.ts';
import { checkoutText } from './checkout-strings.ts';

export const orderRules = orderForm;

/**
 * The checkout form: a saved address's id, or the new address's fields (checked only when the new
 * one is chosen), the phone, the PO number, the note, and how it is paid (only a company that pays
 * on account chooses: 'account' is sent, a card is the default); as `POST /api/checkout` takes them.
 */
export const checkoutRules = z
  .object({
    addressId: z.string().min(1, checkoutText.chooseAddress),
    address: z.object({
      line1: z.string(),
      line2: z.string(),
      city: z.string(),
      postalCode: z.string(),
      country: z.string(),
    }),
    tel: checkoutBody.shape.tel,
    poNumber: z.string().max(PO_NUMBER_MAX, checkoutMessages.poNumber),
    note: z.string().max(ORDER_NOTE_MAX, checkoutMessages.note),
    payment: z.enum(paymentMethods),
  })
  .superRefine((values, context) => {
    if (values.addressId !== NEW_ADDRESS) return;
    const address = addressFields.safeParse(values.address);
    if (!address.success)
      for (const issue of address.error.issues)
        context.addIssue({
          code: 'custom',
          message: issue.message,
          path: ['address', ...issue.path],
        });
  })
  .transform(
    ({ addressId, address, tel, poNumber, note, payment }): CheckoutBody => ({
      ...(addressId === NEW_ADDRESS ? { address: addressFields.parse(address) } : { addressId }),
      tel: tel.trim(),
      ...(poNumber.trim() ? { poNumber: poNumber.trim() } : {}),
      ...(note.trim() ? { note: note.trim() } : {}),
      ...(payment === 'account' ? { payment } : {}),
    }),
  );
