/**
 * Words of the part form's catalogue fields (issue 16 #7), loaded with them: apart from the
 * page's first words, which Add a Product's first JavaScript brings.
 */
import { CORE_RETURN_DAYS_MAX } from '@axle/contract/core-texts';

export const catalogueText = {
  partNumber: 'Part number',
  partNumberHint:
    'The maker’s number, e.g. P 83 140; left empty, a new part gets the shop’s next AX number',
  supersededBy: 'Replaced by (part number)',
  supersededByHint:
    'When the maker replaced this number: the newer part’s number. Its page then leads to the newer part; this part’s stock can still be sold.',
  /** Backorders (issue 32 #3). */
  allowBackorder: 'Take backorders when a restock date is known',
  allowBackorderHint:
    'A cart or checkout may then ask for more than the stock: the rest waits for the restock and ships with it. The restock date is set per warehouse, under Stock by warehouse once the part is saved.',
  /** Core charges (issue 32 #4). */
  coreCharge: 'Core charge ($)',
  coreChargeHint:
    'A deposit on each unit of an exchange part (a starter, a caliper), refunded when the old part comes back; leave empty for none.',
  coreReturnDays: 'Core return days',
  coreReturnDaysHint: `Days after payment for the old part to come back: 1 to ${CORE_RETURN_DAYS_MAX}.`,
  brand: 'Brand',
  brandHint: 'e.g. Brembo; a brand not yet in the catalogue is added',
  category: 'Category',
  noCategory: 'No category',
  loadingCategories: 'Loading the categories…',
  categoriesFailed: 'The categories could not be loaded: reload the page to choose one.',
  weight: 'Weight (kg)',
  weightHint: 'Kilograms to the gram, e.g. 1.25; leave empty if unknown',
  priceTiers: {
    legend: 'Volume prices',
    hint: 'From a number of units on, each unit costs less: the smallest quantity first, each price below the one before and below the part’s price (e.g. from 50 units at 17.90).',
    none: 'No volume prices: every quantity costs the part’s price.',
    minQuantity: (n: number) => `Volume price ${n}: from quantity`,
    price: (n: number) => `Volume price ${n}: unit price (USD)`,
    remove: (n: number) => `Remove volume price ${n}`,
    add: 'Add a volume price',
  },
  oeNumbers: {
    legend: 'OE numbers (the vehicle maker’s numbers)',
    none: 'No OE numbers.',
    brand: (n: number) => `OE number ${n}: maker`,
    number: (n: number) => `OE number ${n}: number`,
    remove: (n: number) => `Remove OE number ${n}`,
    add: 'Add an OE number',
  },
  crossReferences: {
    legend: 'Cross-references (other brands’ numbers)',
    none: 'No cross-references.',
    brand: (n: number) => `Cross-reference ${n}: brand`,
    number: (n: number) => `Cross-reference ${n}: number`,
    remove: (n: number) => `Remove cross-reference ${n}`,
    add: 'Add a cross-reference',
  },
  attributes: {
    legend: 'Specifications',
    none: 'No specifications.',
    name: (n: number) => `Specification ${n}: name`,
    value: (n: number) => `Specification ${n}: value`,
    unit: (n: number) => `Specification ${n}: unit`,
    remove: (n: number) => `Remove specification ${n}`,
    add: 'Add a specification',
  },
  fitment: {
    legend: 'Vehicles it fits',
    none: 'No vehicles yet.',
    note: (vehicle: string) => `Note for ${vehicle}`,
    remove: 'Remove',
    removeLabel: (vehicle: string) => `Remove ${vehicle}`,
    addHeading: 'Add a vehicle',
    add: 'Add vehicle',
    added: (vehicle: string) => `${vehicle} is on the list; save the part to keep it.`,
    already: (vehicle: string) => `${vehicle} is already on the list.`,
  },
} as const;
