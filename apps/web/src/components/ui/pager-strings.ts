/**
 * Words of the pager of lists: a file of their own, so that they load with the pages that have a
 * list and not with every page (the home page's first load has a budget).
 */
const count = new Intl.NumberFormat();

export const pagerText = {
  label: 'Pages',
  previous: 'Previous',
  first: 'First page',
  next: 'Next',
  /** Which rows this page shows, of how many (when the server said). */
  showing: (from: number, to: number, total: number | null) =>
    total === null
      ? `Showing ${count.format(from)}–${count.format(to)}`
      : `Showing ${count.format(from)}–${count.format(to)} of ${count.format(total)}`,
} as const;
