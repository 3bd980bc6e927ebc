/**
 * An address as its fields hold it while it is typed: a module of its own, so that a page that
 * shows the fields only sometimes (the checkout's new address) loads them then.
 */
/** What an address's fields hold while it is typed (the contract's `addressFields` checks it). */
export type AddressValues = {
  line1: string;
  line2: string;
  city: string;
  postalCode: string;
  country: string;
};

export const blankAddress: AddressValues = {
  line1: '',
  line2: '',
  city: '',
  postalCode: '',
  country: '',
};
