/**
 * The rules of the address form (issue 17 #3), as it checks input on the page (the server checks
 * the same again). Loaded by the form once it is shown, with zod (`useShopForm`, ADR 008).
 */
import { addressBody } from '@axle/contract';

export const addressRules = addressBody;
