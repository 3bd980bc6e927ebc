/**
 * The rules of the order form (SPEC §5), as it checks input on the page (the server checks the
 * same again). Loaded by the form once it is shown, with zod (`useFormRules`, ADR 008).
 */
import { orderForm } from '@axle/contract';

export const orderRules = orderForm;
