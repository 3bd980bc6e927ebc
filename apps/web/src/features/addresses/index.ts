// Ship-to addresses' public entry: what other features use of it (checkout picks one or takes a
// new one).
import { lazy } from 'react';
import type { AddressFields as Fields } from './components/AddressFields.tsx';

export { ADDRESSES_KEY, addressesQuery } from './api.ts';
export { AddressFields } from './components/AddressFields.tsx';
export { AddressPicker, NEW_ADDRESS } from './components/AddressPicker.tsx';
export { AddressText, addressSummary } from './components/AddressText.tsx';
export { type AddressValues, blankAddress } from './components/address-values.ts';

/** The address's fields in a chunk of their own, for a page that shows them only sometimes. */
export const LazyAddressFields = /* @__PURE__ */ lazy(() =>
  import('./components/AddressFields.tsx').then((m) => ({ default: m.AddressFields })),
) as unknown as typeof Fields;
