/**
 * Calls of the customer's ship-to addresses (issue 17 #3): bearer, the caller's own addresses
 * only (anyone else's is a 404). The list comes back with the default first.
 */
import type { Address, AddressBody, addressList, deletedReply } from '@axle/contract';
import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../lib/api-client.ts';

/** The signed-in customer's saved addresses. */
export const ADDRESSES_KEY = ['addresses'] as const;

/** GET /addresses: the saved addresses, the default first, then the newest. */
export const addressesQuery = () =>
  queryOptions({
    queryKey: ADDRESSES_KEY,
    queryFn: ({ signal }) => api<z.infer<typeof addressList>>('/addresses', { signal }),
  });

/** POST /addresses: saves a new one (the first one saved is the default). */
export function addAddress(body: AddressBody) {
  return api<Address>('/addresses', { method: 'POST', body });
}

/** PUT /addresses/{id}: replaces one; `isDefault: true` also makes it the default. */
export function updateAddress(id: string, body: AddressBody) {
  return api<Address>(`/addresses/${encodeURIComponent(id)}`, { method: 'PUT', body });
}

/** Makes a saved address the default, as it is. */
export function makeDefaultAddress({ _id, line1, line2, city, postalCode, country }: Address) {
  return updateAddress(_id, { line1, line2, city, postalCode, country, isDefault: true });
}

/** DELETE /addresses/{id}: when it was the default, the newest other one becomes the default. */
export function deleteAddress(id: string) {
  return api<z.infer<typeof deletedReply>>(`/addresses/${encodeURIComponent(id)}`, {
    method: 'DELETE',
  });
}
