import type { partForm } from '@axle/contract';
import { CORE_RETURN_DAYS_DEFAULT } from '@axle/contract/core-texts';
import type { UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import type { FittedRow } from './edit-api.ts';

/** What the part form's fields hold: text as typed, and the catalogue's lists as rows. */
export type PartFormValues = {
  name: string;
  description: string;
  img: string;
  availableQuantity: string;
  minimumQuantity: string;
  price: string;
  partNumber: string;
  /** The number of the part that replaces this one (issue 32 #1); empty: none. */
  supersededBy: string;
  /** Orders above the stock are taken while a restock date is known (issue 32 #3). */
  allowBackorder: boolean;
  /** The deposit on each unit of an exchange part (issue 32 #4), in dollars; empty: none. */
  coreCharge: string;
  /** Days after payment for the old part to come back and its deposit to be refunded. */
  coreReturnDays: string;
  brand: string;
  categoryId: string;
  weightKg: string;
  oeNumbers: { brand: string; number: string }[];
  crossReferences: { brand: string; number: string }[];
  attributes: { name: string; value: string; unit: string }[];
  fitment: FittedRow[];
  /** Volume prices: from how many units, and the price each then costs, as typed. */
  priceTiers: { minQuantity: string; price: string }[];
};

export const blankPart: PartFormValues = {
  name: '',
  description: '',
  img: '',
  availableQuantity: '',
  minimumQuantity: '',
  price: '',
  partNumber: '',
  supersededBy: '',
  allowBackorder: false,
  coreCharge: '',
  coreReturnDays: String(CORE_RETURN_DAYS_DEFAULT),
  brand: '',
  categoryId: '',
  weightKg: '',
  oeNumbers: [],
  crossReferences: [],
  attributes: [],
  fitment: [],
  priceTiers: [],
};

/** What the form's rules make of the values: the body of POST /items (fitment always there). */
export type PartFormOutput = z.output<typeof partForm>;
export type PartFormApi = UseFormReturn<PartFormValues, unknown, PartFormOutput>;
