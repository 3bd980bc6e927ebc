import { lazy, Suspense } from 'react';
import { useLocation } from 'react-router';

// The search box with its suggestions comes in a chunk of its own, asked for as the navbar first
// renders: the navbar is in every page's first JavaScript (the home page's budget is 100 KB).
const SearchCombobox = lazy(() => import('./SearchCombobox.tsx'));

/** The navbar's search box; until it arrives, the room it takes, so nothing below moves. */
export function NavbarSearch() {
  // The home page's first screen has the same search box, larger: one is enough.
  if (useLocation().pathname === '/') return null;
  return (
    <Suspense fallback={<div className="h-8 w-full max-w-xl" />}>
      <SearchCombobox />
    </Suspense>
  );
}
