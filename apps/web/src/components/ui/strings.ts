/** Words of the generic pieces: spinners, the theme toggle and a list's search. */
export const uiText = {
  loading: 'Loading',
  pageLoading: 'Loading page',
  search: 'Search',
  theme: {
    toDark: 'Switch to dark theme',
    toLight: 'Switch to light theme',
  },
} as const;
