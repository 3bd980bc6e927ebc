/**
 * Words of the admin's Low stock page (issue 33 #4): the parts below their reorder point, and the
 * dialog that changes a part's reorder point. Apart from strings.ts: loaded with this page only.
 */
import { LOW_STOCK_SALES_DAYS } from '@axle/contract/report-texts';

const counter = new Intl.NumberFormat();
const countText = (count: number) => counter.format(count);
/** Days of cover with one decimal: "12.5", "3.0". */
const days = new Intl.NumberFormat(undefined, {
  minimumFractionDigits: 1,
  maximumFractionDigits: 1,
});

export const lowStockText = {
  title: 'Low stock — Axle',
  intro: `The parts whose stock is below their reorder point (their own, or twice their minimum order), the emptiest first, with what sold in the last ${LOW_STOCK_SALES_DAYS} days and how many days the stock lasts at that pace.`,
  /** How many parts are low in all. */
  count: (total: number) => (total === 1 ? '1 part is low.' : `${countText(total)} parts are low.`),
  /** When the list holds fewer parts than are low (the server sends the emptiest first). */
  firstShown: (shown: number) => `Showing the first ${countText(shown)}.`,
  loading: 'Loading the parts running low',
  loadFailed: 'The parts running low could not be loaded.',
  empty: 'No part is low: each has at least its reorder point in stock.',

  caption: 'Parts below their reorder point, the emptiest first',
  list: 'Parts below their reorder point',
  part: 'Part',
  inStock: 'In stock',
  outOfStock: 'Out of stock',
  reorderPoint: 'Reorder point',
  /** Beside a reorder point that is twice the part's minimum order, not one of its own. */
  isDefault: '(default)',
  sold: `Sold in ${LOW_STOCK_SALES_DAYS} days`,
  daysOfCover: 'Days of cover',
  formatDays: (value: number) => days.format(value),
  /** For screen readers, in place of the dash of a part that sold nothing (no pace to last at). */
  noneSold: 'none sold',
  restock: 'Restock expected',
  restockUnknown: 'Not known',
  action: 'Action',
  /** A count as the list shows it: "1,200". */
  number: countText,

  change: 'Change reorder point',
  /** After the button's visible text, for screen readers: which part it changes. */
  which: (partNumber: string, name: string) => ` of ${partNumber} ${name}`,

  dialogTitle: (partNumber: string) => `Reorder point of ${partNumber}`,
  /** What the dialog says of the part before its field. */
  dialogBody: (partNumber: string, name: string, available: number) =>
    `${partNumber} ${name}: ${countText(available)} in stock. Below its reorder point a part is listed here, and the admins are mailed once a day.`,
  /** The part's reorder point as it is now. */
  current: (point: number, isDefault: boolean) =>
    `Now ${countText(point)}${isDefault ? ', the default' : ''}.`,
  field: 'Reorder point',
  hint: 'Leave empty for the default: twice the minimum order.',
  save: 'Save',
  saving: 'Saving',
  cancel: 'Cancel',
  saved: 'Reorder point saved',
} as const;
