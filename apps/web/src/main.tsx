import './styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { Providers } from './app/providers.tsx';
import { AppRoutes, preloadPages } from './app/router.tsx';
import { prefetchOnIntent } from './lib/route-prefetch.ts';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

const start = () =>
  createRoot(root).render(
    <StrictMode>
      <Providers>
        {/* Without transitions a page whose code is still loading shows its spinner at once,
          instead of the old page staying on screen with no sign that anything happens. */}
        <BrowserRouter useTransitions={false}>
          <AppRoutes />
        </BrowserRouter>
      </Providers>
    </StrictMode>,
  );

// The first page's code (its chunks came with index.html) before React first renders, so that
// the page shows at once rather than after a spinner (see `page` in app/router.tsx). If it cannot
// be loaded, the page's own error boundary says so.
preloadPages(window.location.pathname).then(start, start);

// Once the first page is shown and the browser is idle: the next page's code is fetched as soon
// as a link to it is pointed at or focused.
const whenIdle = window.requestIdleCallback ?? ((run: () => void) => setTimeout(run, 200));
whenIdle(prefetchOnIntent);
