import { z } from 'zod';
import { addressMessages } from './buying-texts.ts';

// Ship-to addresses (issue 17 #3): a customer keeps their own, one of them the default, and picks
// one at checkout. Any country.

const text = (max: number, message: string) =>
  z.string({ error: message }).trim().min(1, message).max(max, message);

export const addressFields = z.strictObject({
  line1: text(120, addressMessages.line1),
  line2: z
    .string({ error: addressMessages.line2 })
    .trim()
    .max(120, addressMessages.line2)
    .transform((value) => value || null)
    .nullable()
    .optional(),
  city: text(80, addressMessages.city),
  postalCode: z
    .string({ error: addressMessages.postalCode })
    .trim()
    .min(1, addressMessages.postalCode)
    .max(12, addressMessages.postalCode)
    .regex(/^[A-Za-z0-9][A-Za-z0-9 -]*$/, addressMessages.postalCode),
  country: text(60, addressMessages.country),
});
export type AddressFields = z.infer<typeof addressFields>;

/** `POST` and `PUT /api/addresses/{id}`: the address, and whether it is the default. */
export const addressBody = addressFields.extend({ isDefault: z.boolean().optional() });
export type AddressBody = z.infer<typeof addressBody>;

export const address = z.object({
  _id: z.uuid(),
  line1: z.string(),
  line2: z.string().nullable(),
  city: z.string(),
  postalCode: z.string(),
  country: z.string(),
  isDefault: z.boolean(),
});
export type Address = z.infer<typeof address>;
export const addressList = z.array(address);

export const addressIdParams = z.object({
  id: z.uuid({ error: 'id must be an address id (a UUID)' }),
});
