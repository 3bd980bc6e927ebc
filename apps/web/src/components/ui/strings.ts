/** Words of the generic pieces: spinners, the theme toggle and the pager of lists. */
const count = new Intl.NumberFormat();

export const uiText = {
  loading: 'Loading',
  pageLoading: 'Loading page',
  pager: {
    label: 'Pages',
    previous: 'Previous',
    first: 'First page',
    next: 'Next',
    /** Which rows this page shows, of how many (when the server said). */
    showing: (from: number, to: number, total: number | null) =>
      total === null
        ? `Showing ${count.format(from)}–${count.format(to)}`
        : `Showing ${count.format(from)}–${count.format(to)} of ${count.format(total)}`,
  },
  theme: {
    toDark: 'Switch to dark theme',
    toLight: 'Switch to light theme',
  },
} as const;
