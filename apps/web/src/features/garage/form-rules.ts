/**
 * The rule of the picker's VIN field, as it checks input on the page (the server checks the same
 * again, and the check digit). Loaded by the form once it is shown, with zod (`useShopForm`).
 */
import { vinParams } from '@axle/contract';

export const vinRules = vinParams;
