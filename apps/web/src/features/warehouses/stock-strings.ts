/**
 * Words of a part's stock in its warehouses (issue 32 #2), on the part page and the cart; apart
 * from the admin's (strings.ts), which those pages do not load. The rest are the contract's
 * (`stockTexts`, `shipPromiseText`).
 */

/** "15 Jan 2027": a restock date (a day, not a moment: read as it is written, in UTC). */
const day = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});

export const stockText = {
  /** A day of the calendar ("2027-01-15") in words: "15 Jan 2027". */
  formatDay: (iso: string) => day.format(new Date(`${iso}T00:00:00Z`)),
  /** A cart line's quantity split between warehouses: "Dhaka 40 · Chattogram 12". */
  splitStock: (held: string) => `Ships from several warehouses: ${held}`,
  heldIn: (name: string, quantity: number) => `${name} ${quantity.toLocaleString('en-US')}`,
  /** A part that takes orders above its stock (issue 32 #3), with the day more is expected. */
  backorders: (day: string) => `Orders above the stock are backordered: more expected ${day}`,
} as const;
