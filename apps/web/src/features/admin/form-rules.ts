/**
 * The rules of the admin's forms, as they check input on the page (the server checks the same
 * again). Loaded by each form once it is shown, with zod (`useShopForm`, ADR 008).
 */
import { shipOrderBody } from '@axle/contract';

/** The ship dialog's tracking number: the body without its `null` and absent forms. */
export const shipRules = shipOrderBody.unwrap().unwrap();
