import { lazy } from 'react';

/*
 * The form that sets a new password (reset, or verification in another browser), fetched when it
 * shows, with the form library under it: the pages that show it, and the other account pages that
 * share their chunk, start without it (docs/decisions/008). Render it inside a Suspense.
 */
export const NewPasswordForm = lazy(() =>
  import('./NewPasswordForm.tsx').then((m) => ({ default: m.NewPasswordForm })),
);
