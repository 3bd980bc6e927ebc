import { lazy, Suspense } from 'react';
import { Outlet } from 'react-router';
import { FullScreenSpinner } from '../../components/ui/Spinner.tsx';
import { uiText } from '../../components/ui/strings.ts';
import { RouteErrorBoundary } from '../RouteError.tsx';
import { Navbar } from './Navbar.tsx';
import { ScrollMemory } from './ScrollMemory.tsx';
import { layoutText } from './strings.ts';

/**
 * The footer is below the fold on every page with content: its code (links, social icons, the
 * newsletter form) loads beside the page's instead of before the first paint. It only ever adds
 * to the bottom of the page, so nothing above it moves when it arrives.
 */
const Footer = lazy(() => import('./Footer.tsx').then((module) => ({ default: module.Footer })));

/**
 * Navbar, the page, footer. While a page's code loads, a spinner as tall as the screen stands in
 * for it (so the footer stays below the fold); a page that fails shows RouteError in its place.
 */
export function RootLayout() {
  return (
    <div className="flex min-h-screen flex-col bg-base-100 text-base-content">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-base-100 focus:px-4 focus:py-2 focus:shadow"
      >
        {layoutText.skipToContent}
      </a>
      <Navbar />
      {/* At least a screen tall: the footer starts below the fold on every page, so nothing in view
          moves when it, or a page that is shorter than the screen, comes in. */}
      <main id="main" tabIndex={-1} className="min-h-screen flex-1 outline-none">
        <RouteErrorBoundary>
          <Suspense fallback={<FullScreenSpinner label={uiText.pageLoading} />}>
            <Outlet />
          </Suspense>
        </RouteErrorBoundary>
      </main>
      <Suspense fallback={null}>
        <Footer />
      </Suspense>
      <ScrollMemory />
    </div>
  );
}
