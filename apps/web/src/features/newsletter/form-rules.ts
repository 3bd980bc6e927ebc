/**
 * The rule of the newsletter form (PRODUCT §3.9), as it checks input on the page (the server
 * checks the same again). Loaded by the form once it is shown, with zod (`useShopForm`, ADR 008).
 */
import { subscribeBody } from '@axle/contract';

export const newsletterRules = subscribeBody;
