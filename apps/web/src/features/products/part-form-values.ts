import type { PartDetail, partForm } from '@axle/contract';
import type { UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import type { FittedRow, Part } from './api.ts';

/** What the part form's fields hold: text as typed, and the catalogue's lists as rows. */
export type PartFormValues = {
  name: string;
  description: string;
  img: string;
  availableQuantity: string;
  minimumQuantity: string;
  price: string;
  partNumber: string;
  brand: string;
  categoryId: string;
  weightKg: string;
  oeNumbers: { brand: string; number: string }[];
  crossReferences: { brand: string; number: string }[];
  attributes: { name: string; value: string; unit: string }[];
  fitment: FittedRow[];
};

export const blankPart: PartFormValues = {
  name: '',
  description: '',
  img: '',
  availableQuantity: '',
  minimumQuantity: '',
  price: '',
  partNumber: '',
  brand: '',
  categoryId: '',
  weightKg: '',
  oeNumbers: [],
  crossReferences: [],
  attributes: [],
  fitment: [],
};

/** The form's values for a part being edited: as it is now, every vehicle it fits included. */
export function valuesOf(part: Part, detail: PartDetail, fitment: FittedRow[]): PartFormValues {
  return {
    name: part.name,
    description: part.description,
    img: part.img ?? '',
    availableQuantity: String(part.availableQuantity),
    minimumQuantity: String(part.minimumQuantity),
    price: part.price.toFixed(2),
    partNumber: detail.partNumber,
    brand: detail.brand ?? '',
    categoryId: detail.category?.id ?? '',
    weightKg: detail.weightKg === null ? '' : String(detail.weightKg),
    oeNumbers: detail.oeNumbers.map(({ brand, number }) => ({ brand, number })),
    crossReferences: detail.crossReferences.map(({ brand, number }) => ({ brand, number })),
    attributes: detail.attributes.map((a) => ({
      name: a.name,
      value: a.value,
      unit: a.unit ?? '',
    })),
    fitment,
  };
}

/** What the form's rules make of the values: the body of POST /items (fitment always there). */
export type PartFormOutput = z.output<typeof partForm>;
export type PartFormApi = UseFormReturn<PartFormValues, unknown, PartFormOutput>;
