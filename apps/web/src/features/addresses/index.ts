// Ship-to addresses' public entry: what other features use of it (checkout picks one or takes a
// new one).
export { ADDRESSES_KEY, addressesQuery } from './api.ts';
export {
  AddressFields,
  type AddressValues,
  blankAddress,
} from './components/AddressFields.tsx';
export { AddressPicker, NEW_ADDRESS } from './components/AddressPicker.tsx';
export { AddressText, addressSummary } from './components/AddressText.tsx';
