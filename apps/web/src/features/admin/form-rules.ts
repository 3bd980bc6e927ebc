/**
 * The rules of the admin's forms, as they check input on the page (the server checks the same
 * again). Loaded by each form once it is shown, with zod (`useShopForm`, ADR 008).
 */
import {
  bulkShipBody,
  type CoreReturnBody,
  coreMessages,
  coreReturnBody,
  type ReorderPointBody,
  reorderPointBody,
  reportMessages,
  shipOrderBody,
} from '@axle/contract';
import { z } from 'zod';

/** The ship dialog's tracking number: the body without its `null` and absent forms. */
export const shipRules = shipOrderBody.unwrap().unwrap();

/** Many orders shipped at once (issue 33 #2): each one's tracking number, as typed (empty: none). */
export type BulkShipValues = { orders: { id: string; trackingNumber: string }[] };
export const bulkShipRules = bulkShipBody;

/** What the returned-cores form holds: the line's part, and how many cores came back as typed. */
export type CoreReturnValues = { partId: string; quantity: string };

/**
 * Old parts received for a line of an order (issue 32 #4): the body's rules over the typed
 * quantity, and no more cores than the chosen line still owes (`owed`, by part), in the words the
 * server refuses more with.
 */
export const coreReturnRules = (owed: ReadonlyMap<string, number>) =>
  z
    .object({
      partId: coreReturnBody.shape.partId,
      quantity: z
        .string()
        .trim()
        .regex(/^\d+$/, coreMessages.quantity)
        .transform(Number)
        .pipe(coreReturnBody.shape.quantity),
    })
    .superRefine((body, context) => {
      const left = owed.get(body.partId) ?? 0;
      if (body.quantity > left)
        context.addIssue({
          code: 'custom',
          path: ['quantity'],
          message: coreMessages.tooMany(left),
        });
    }) satisfies z.ZodType<CoreReturnBody, CoreReturnValues>;

/** What the reorder point form holds: the point as typed (empty: the default). */
export type ReorderPointValues = { reorderPoint: string };

/**
 * A part's reorder point (issue 33 #4): a whole number as typed, or empty for the default (twice
 * the part's minimum order), in the words the server refuses any other with.
 */
export const reorderPointRules = z.object({
  reorderPoint: z
    .string()
    .trim()
    .regex(/^\d*$/, reportMessages.reorderPoint)
    .transform((value) => (value === '' ? null : Number(value)))
    .pipe(reorderPointBody.shape.reorderPoint),
}) satisfies z.ZodType<ReorderPointBody, ReorderPointValues>;
