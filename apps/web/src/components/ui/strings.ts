/** Words of the generic pieces: spinners and the theme toggle. */
export const uiText = {
  loading: 'Loading',
  pageLoading: 'Loading page',
  theme: {
    toDark: 'Switch to dark theme',
    toLight: 'Switch to light theme',
  },
} as const;
