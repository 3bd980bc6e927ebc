import { Outlet, ScrollRestoration, useNavigation } from 'react-router';
import { layoutText } from '../../lib/strings/layout.ts';
import { Footer } from './Footer.tsx';
import { Navbar } from './Navbar.tsx';

/** Navbar, the page, footer. A thin bar at the top shows while the next page's code loads. */
export function RootLayout() {
  const navigation = useNavigation();
  return (
    <div className="flex min-h-screen flex-col bg-base-100 text-base-content">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-base-100 focus:px-4 focus:py-2 focus:shadow"
      >
        {layoutText.skipToContent}
      </a>
      {navigation.state === 'loading' ? (
        <div
          className="fixed inset-x-0 top-0 z-50 h-1 animate-pulse bg-primary"
          aria-hidden="true"
        />
      ) : null}
      <Navbar />
      <main id="main" tabIndex={-1} className="flex-1 outline-none">
        <Outlet />
      </main>
      <Footer />
      <ScrollRestoration />
    </div>
  );
}
