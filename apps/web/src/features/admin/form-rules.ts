/**
 * The rules of the ship dialog's tracking number, as it checks input on the page (the server
 * checks the same again). Loaded by the dialog's form once it is shown, with zod (`useShopForm`,
 * ADR 008).
 */
import { shipOrderBody } from '@axle/contract';

/** The body without its `null` and absent forms: the form always has its one field. */
export const shipRules = shipOrderBody.unwrap().unwrap();
