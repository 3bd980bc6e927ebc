/**
 * The rules of the part form (PRODUCT §3.8), as it checks input on the page (the server checks
 * the same again). Loaded by the form once it is shown, with zod (`useFormRules`, ADR 008).
 */
import { partForm } from '@axle/contract';

export const partRules = partForm;
