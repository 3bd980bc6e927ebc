/**
 * What an edit of a part starts from: the part with everything the catalogue knows of it and
 * every vehicle it fits, as the form's values. Apart from api.ts: loaded with the edit form, not
 * with Add a Product's first JavaScript (budget 118 KB).
 */
import type { FitmentGroups, PartDetail, SetPartStockBody } from '@axle/contract';
import { LIST_PAGE_MAX, TOTAL_COUNT_HEADER } from '@axle/contract/paging';
import { queryOptions } from '@tanstack/react-query';
import { api, apiRequest } from '../../lib/api-client.ts';
import { ITEMS_KEY } from '../catalog/index.ts';
import type { Part } from './api.ts';
import type { PartFormValues } from './part-form-values.ts';

/** A vehicle a part fits, as the form lists it: its id, its name, and the fitment's note. */
export type FittedRow = { vehicleId: string; name: string; note: string };

/** The rows of grouped fitment: "Toyota Corolla 2014–2022 1.8L 4-cyl" and the note. */
function fittedRows(groups: FitmentGroups): FittedRow[] {
  return groups.flatMap((group) =>
    group.models.flatMap((model) =>
      model.vehicles.map((vehicle) => ({
        vehicleId: vehicle.id,
        name: [
          group.make,
          model.model,
          vehicle.yearFrom === vehicle.yearTo
            ? vehicle.yearFrom
            : `${vehicle.yearFrom}–${vehicle.yearTo}`,
          vehicle.variant,
        ]
          .filter(Boolean)
          .join(' '),
        note: vehicle.note ?? '',
      })),
    ),
  );
}

/**
 * The part to edit with everything the catalogue knows of it (GET /item/{id}) and every vehicle
 * it fits (GET /item/{id}/fitment, a page of 100 at a time: at most 2,000, as a part may have).
 */
export const partForEditQuery = (id: string) =>
  queryOptions({
    queryKey: [...ITEMS_KEY, 'edit', id],
    queryFn: async ({ signal }) => {
      const detail = await api<PartDetail>(`/item/${encodeURIComponent(id)}`, { signal });
      const fitment: FittedRow[] = [];
      // At most 2,000 vehicles (the most a part may have), a page of LIST_PAGE_MAX at a time.
      for (let page = 1; page <= 2000 / LIST_PAGE_MAX; page++) {
        const { data, headers } = await apiRequest<FitmentGroups>(
          `/item/${encodeURIComponent(id)}/fitment`,
          { query: { page, limit: LIST_PAGE_MAX }, signal },
        );
        fitment.push(...fittedRows(data));
        if (fitment.length >= Number(headers.get(TOTAL_COUNT_HEADER) ?? 0)) break;
      }
      return { detail, fitment };
    },
    retry: false,
    // Always what the part is now: an edit starts from it. Forgotten once the form is closed, so
    // that the next edit waits for the part as it was saved rather than starting from the copy
    // read before (the form takes its values once, as it is shown).
    staleTime: 0,
    gcTime: 0,
  });

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
    supersededBy: detail.supersededBy ?? '',
    allowBackorder: detail.allowBackorder,
    coreCharge: detail.coreCharge === null ? '' : detail.coreCharge.toFixed(2),
    coreReturnDays: String(detail.coreReturnDays),
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
    priceTiers: detail.priceTiers.map((tier) => ({
      minQuantity: String(tier.minQuantity),
      price: tier.price.toFixed(2),
    })),
  };
}

/**
 * PUT /admin/parts/{id}/stock (issue 32 #2): what one warehouse holds of the part and when more is
 * expected there (null: not known) → the part, whose available quantity (their sum) and version
 * have moved with it.
 */
export function setPartStock(id: string, body: SetPartStockBody) {
  return api<Part>(`/admin/parts/${encodeURIComponent(id)}/stock`, { method: 'PUT', body });
}
