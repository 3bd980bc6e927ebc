/**
 * Words of a part's stock in each warehouse, beside its edit (issue 32 #2). Apart from strings.ts:
 * loaded with the edit, not with Add a Product's first JavaScript (budget 118 KB).
 */
export const partStockText = {
  intro:
    'What each warehouse holds of this part, and when more is expected there. The available quantity above is their sum; each warehouse is saved on its own.',
  loading: 'Loading the warehouses',
  loadFailed: 'The warehouses could not be loaded.',
  retry: 'Try again',
  empty: 'No warehouses yet: add one on the Warehouses page.',
  quantity: 'Quantity',
  restockDate: 'Restock date',
  restockHint: 'Leave empty when no delivery is expected',
  /** Said to screen readers after each control's own words ("Quantity in Dhaka"). */
  inWarehouse: (name: string) => ` in ${name}`,
  save: 'Save',
  /** Said to screen readers after the button's: "Save the stock in Dhaka". */
  saveOf: (name: string) => ` the stock in ${name}`,
  saving: 'Saving',
  saved: (name: string, quantity: number) =>
    `${name} now holds ${quantity.toLocaleString('en-US')} of this part`,
} as const;
