import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ComponentType, ReactElement, ReactNode } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';

// For page tests: the page at `path` among the routes it links to, with a query client of its
// own that does not retry (a failed call fails at once). Only tests import it.

/**
 * Renders `routes` (path → element) in a router open at `path`, inside `Around` when given (a
 * provider the routes share, such as the AuthProvider); returns the query client.
 */
export function renderAt(
  path: string,
  routes: Record<string, ReactElement>,
  Around: ComponentType<{ children: ReactNode }> = ({ children }) => children,
): QueryClient {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <Around>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            {Object.entries(routes).map(([route, element]) => (
              <Route key={route} path={route} element={element} />
            ))}
          </Routes>
        </MemoryRouter>
      </Around>
    </QueryClientProvider>,
  );
  return client;
}
