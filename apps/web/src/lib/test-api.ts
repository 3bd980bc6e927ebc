import type { PartDetail } from '@axle/contract';
import { vi } from 'vitest';

// For tests that stand in for the server: a JSON reply as the API sends it, a fetch answered by
// the test, and the demo catalogue's brake pads as the API describes them. Only tests import it.

/** A reply as the API sends it: JSON with a status (and headers). */
export const jsonReply = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });

/** Every fetch of the test answered by `answer` (undo with `vi.unstubAllGlobals()`). */
export function stubApi(answer: (url: URL, init: RequestInit | undefined) => Response): void {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: URL | string, init?: RequestInit) => answer(new URL(String(input)), init)),
  );
}

export const BRAKES_CATEGORY = '1243b27c-37fe-4b5f-8c86-5765ee754f1f';
export const PADS_CATEGORY = '9aa41048-0b2a-45bf-a108-41200d110caa';
/** A 2015 Toyota Corolla of the vehicle list. */
export const COROLLA = '11111111-1111-4111-8111-111111111111';

/** The demo catalogue's brake pads (GET /api/item/{id}), fitting a 2014–2022 Corolla. */
export const demoPads: PartDetail = {
  _id: 'c620748f-aecc-4f6f-b984-597170517725',
  name: 'Ceramic Front Brake Pad Set',
  description: 'Low-dust ceramic pads.',
  img: null,
  availableQuantity: 2400,
  minimumQuantity: 100,
  price: 18.5,
  version: 'v1',
  partNumber: 'P 83 140',
  brand: 'Brembo',
  priceTiers: [{ minQuantity: 500, price: 17.25 }],
  category: {
    id: PADS_CATEGORY,
    name: 'Brake pads',
    slug: 'brake-pads',
    path: [
      { id: BRAKES_CATEGORY, name: 'Brakes', slug: 'brakes' },
      { id: PADS_CATEGORY, name: 'Brake pads', slug: 'brake-pads' },
    ],
  },
  weightKg: 1.48,
  supersededBy: null,
  replaces: [],
  oeNumbers: [{ brand: 'Toyota', number: '04465-02220' }],
  crossReferences: [{ brand: 'TRW', number: 'GDB3425' }],
  attributes: [{ name: 'Width', value: '132.6', unit: 'mm' }],
  stock: [],
  allowBackorder: false,
  backorderExpected: null,
  coreCharge: null,
  coreReturnDays: 30,
  fitment: {
    total: 1,
    groups: [
      {
        make: 'Toyota',
        models: [
          {
            model: 'Corolla',
            vehicles: [
              {
                id: COROLLA,
                yearFrom: 2014,
                yearTo: 2022,
                variant: '1.8L 4-cyl 2ZR-FE',
                note: 'front axle',
              },
            ],
          },
        ],
      },
    ],
  },
};
