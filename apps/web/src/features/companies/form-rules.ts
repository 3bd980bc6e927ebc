/**
 * The rules of the company forms (issue 18), as they check input on the page (the server checks
 * the same again). Loaded by each form once it is shown, with zod (`useShopForm`, ADR 008).
 */
import {
  type AddFleetVehicleBody,
  addFleetVehicleBody,
  approveBody,
  companyBody,
  type InvitationBody,
  invitationBody,
  type MemberBody,
  memberBody,
  rejectBody,
  type UpdateFleetVehicleBody,
  updateFleetVehicleBody,
} from '@axle/contract';
import { z } from 'zod';

/** A new company: its legal name, tax/VAT id and billing address, as the form holds them. */
export const companyRules = companyBody;

/** A spending limit as typed: dollars ("1,500", "$250.50"), or nothing for no limit. */
const limitText = z
  .string()
  .transform((typed) => {
    const amount = typed.trim().replace(/^\$/, '').replaceAll(',', '');
    return amount === '' ? null : Number(amount);
  })
  .pipe(memberBody.shape.spendingLimit);

const memberFields = z.object({ role: memberBody.shape.role, spendingLimit: z.string() });
type MemberFields = z.infer<typeof memberFields>;

/**
 * A buyer's limit must be an amount or nothing; an owner has none (the server keeps none for
 * owners either), so whatever the hidden field holds is not theirs. Checked beside the other
 * fields, so that every message shows at once.
 */
function checkLimit(values: MemberFields, context: z.RefinementCtx<MemberFields>) {
  if (values.role === 'owner') return;
  const limit = limitText.safeParse(values.spendingLimit);
  if (!limit.success)
    for (const issue of limit.error.issues)
      context.addIssue({ code: 'custom', message: issue.message, path: ['spendingLimit'] });
}

const limitOf = (values: MemberFields) =>
  values.role === 'owner' ? null : limitText.parse(values.spendingLimit);

/** A member's role and spending limit, as an owner changes them. */
export const memberRules = memberFields
  .superRefine(checkLimit)
  .transform((values): MemberBody => ({ role: values.role, spendingLimit: limitOf(values) }));

/** An invitation: the address it goes to, the role and the spending limit it gives. */
export const invitationRules = memberFields
  .extend({ email: invitationBody.shape.email })
  .superRefine(checkLimit)
  .transform(
    (values): InvitationBody => ({
      email: values.email,
      role: values.role,
      spendingLimit: limitOf(values),
    }),
  );

/** Approving an order: a note if the owner gives one (nothing is sent without). */
export const approveRules = approveBody
  .unwrap()
  .unwrap()
  .transform(({ note }) => (note ? { note } : {}));

/** Rejecting an order: the note saying why is required. */
export const rejectRules = rejectBody;

/**
 * A mileage as typed: whole kilometres ("120500", "120,500", "120 500 km"), or nothing when it
 * was never written down. Anything else is refused with the contract's message.
 */
const mileageText = z
  .string()
  .transform((typed) => {
    const km = typed
      .trim()
      .replace(/\s*km$/i, '')
      .replaceAll(/[,\s]/g, '');
    if (km === '') return null;
    return /^\d+$/.test(km) ? Number(km) : Number.NaN;
  })
  .pipe(updateFleetVehicleBody.shape.mileageKm.unwrap());

/** A fleet vehicle's plate, name and mileage, as the form holds them; empty text is none. */
const fleetFields = z.object({
  plate: updateFleetVehicleBody.shape.plate,
  name: updateFleetVehicleBody.shape.name,
  mileageKm: mileageText,
});
type FleetFields = z.output<typeof fleetFields>;

/** Every field is sent, an empty one as null: what the form shows is what the vehicle keeps. */
const fleetBody = (values: FleetFields) => ({
  plate: values.plate ?? null,
  name: values.name ?? null,
  mileageKm: values.mileageKm ?? null,
});

/** A vehicle added to the fleet: its VIN (which the server decodes), plate, name and mileage. */
export const addFleetVehicleRules = fleetFields
  .extend({ vin: addFleetVehicleBody.shape.vin })
  .transform((values): AddFleetVehicleBody => ({ vin: values.vin, ...fleetBody(values) }));

/** A fleet vehicle's plate, name and mileage, as a member changes them. */
export const updateFleetVehicleRules = fleetFields.transform(
  (values): UpdateFleetVehicleBody => fleetBody(values),
);
