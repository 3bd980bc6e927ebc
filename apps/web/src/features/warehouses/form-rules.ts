/**
 * The rules of the warehouse forms (issue 32 #2), as they check input on the page (the server
 * checks the same again). Loaded by each form once it is shown, with zod (`useShopForm`, ADR 008).
 */
import {
  type UpdateWarehouseBody,
  updateWarehouseBody,
  type WarehouseBody,
  warehouseBody,
} from '@axle/contract';
import { z } from 'zod';

const rules = updateWarehouseBody.shape;

/** The days ticked, as the checkboxes hold them ("1" is Monday), checked by the contract's rule. */
const workingDays = z
  .array(z.string())
  .transform((days) => days.map(Number))
  .pipe(rules.workingDays.unwrap());

/** A position as typed: a whole number, or nothing (a new warehouse then goes last). */
const position = z
  .string()
  .trim()
  .transform((typed) => {
    if (typed === '') return undefined;
    return /^\d+$/.test(typed) ? Number(typed) : Number.NaN;
  })
  .pipe(rules.position);

const fields = z.object({
  name: rules.name.unwrap(),
  city: rules.city.unwrap(),
  cutoff: z.string().trim().pipe(rules.cutoff.unwrap()),
  timeZone: z.string().trim().pipe(rules.timeZone.unwrap()),
  workingDays,
  position,
});
type Fields = z.output<typeof fields>;

/** What the body says of the fields: a position left empty is not sent. */
const bodyOf = ({ position: place, ...rest }: Fields) =>
  place === undefined ? rest : { ...rest, position: place };

/** A new warehouse: its code (kept in capitals), and the rest as an edit has it. */
export const addWarehouseRules = fields
  .extend({ code: warehouseBody.shape.code })
  .transform(({ code, ...rest }): WarehouseBody => ({ code, ...bodyOf(rest) }));

/** A warehouse's name, city, cutoff, time zone, working days and place, as an admin changes them. */
export const editWarehouseRules = fields.transform((values): UpdateWarehouseBody => bodyOf(values));
