import { FullScreenSpinner } from '../../components/ui/Spinner.tsx';
import { layoutText } from '../../lib/strings/layout.ts';
import { Navbar } from './Navbar.tsx';

/**
 * What shows while the first page's code arrives: the navbar at once, and a spinner as tall as the
 * screen where the page will be. No footer yet: it would move when the page comes in.
 */
export function LoadingLayout() {
  return (
    <div className="flex min-h-screen flex-col bg-base-100 text-base-content">
      <Navbar />
      <main id="main" className="flex-1">
        <FullScreenSpinner label={layoutText.pageLoading} />
      </main>
    </div>
  );
}
