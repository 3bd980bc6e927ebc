// /parts (issue 16 #5): the search's facets narrow the results through the address, the
// visitor's vehicle filters them ("Fits your …" on every card) until "Show all parts", and a
// close spelling is said.
import type { Part, SearchReply } from '@axle/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { COROLLA, demoPads, jsonReply, PADS_CATEGORY, stubApi } from '../../../lib/test-api.ts';
import PartsPage from './PartsPage.tsx';

// A visitor: the current vehicle is the one kept in this browser.
vi.mock('../../accounts/index.ts', () => ({ useAuth: () => ({ user: null, loading: false }) }));

const PADS_CATEGORY_ID = PADS_CATEGORY;
const { weightKg, oeNumbers, crossReferences, attributes, fitment, ...listed } = demoPads;
/** The pads as a list answers them (without the detail's fields). */
const pads: Part = { ...listed, category: null };

/** What the server answers for a search: the pads, with facets, and `didYouMean` for a typo. */
function reply(url: URL): SearchReply {
  const q = url.searchParams.get('q');
  return {
    items: [pads],
    total: 1,
    facets: {
      brands: [{ name: 'Brembo', count: 1 }],
      categories: [{ id: PADS_CATEGORY_ID, name: 'Brake pads', count: 1 }],
    },
    ...(q === 'brkae' ? { didYouMean: 'brake' } : {}),
  };
}

const asked: URL[] = [];

beforeEach(() => {
  asked.length = 0;
  stubApi((url) => {
    asked.push(url);
    return url.pathname === '/api/search'
      ? jsonReply(200, reply(url))
      : jsonReply(404, { error: { message: 'No' } });
  });
});
afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.unstubAllGlobals();
});

function Where() {
  const location = useLocation();
  return <p data-testid="where">{location.search}</p>;
}

function renderAt(address: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[address]}>
        <Routes>
          <Route
            path="/parts"
            element={
              <>
                <PartsPage />
                <Where />
              </>
            }
          />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const lastSearch = () => Object.fromEntries(asked.at(-1)?.searchParams ?? []);

describe('/parts', () => {
  it('narrows by a brand, a category and stock through the address, and clears them', async () => {
    const user = userEvent.setup();
    renderAt('/parts?search=pads');
    const filters = await screen.findByRole('complementary', { name: 'Filters' });
    expect(lastSearch()).toEqual({ q: 'pads', limit: '9' });

    await user.click(within(filters).getByRole('button', { name: /Brembo/ }));
    expect(screen.getByTestId('where').textContent).toBe('?search=pads&brand=Brembo');
    expect(lastSearch()).toEqual({ q: 'pads', brand: 'Brembo', limit: '9' });
    expect(
      within(filters)
        .getByRole('button', { name: /Brembo/ })
        .getAttribute('aria-pressed'),
    ).toBe('true');

    await user.click(within(filters).getByRole('button', { name: /Brake pads/ }));
    await user.click(within(filters).getByRole('checkbox', { name: 'In stock only' }));
    expect(lastSearch()).toEqual({
      q: 'pads',
      brand: 'Brembo',
      category: PADS_CATEGORY_ID,
      inStock: 'true',
      limit: '9',
    });

    await user.click(within(filters).getByRole('button', { name: 'Clear filters' }));
    expect(screen.getByTestId('where').textContent).toBe('?search=pads');
  });

  it("filters by the visitor's vehicle, says so on every card, and shows all parts once cleared", async () => {
    localStorage.setItem(
      'axle-vehicle',
      JSON.stringify({ vehicleId: COROLLA, year: 2015, name: '2015 Toyota Corolla' }),
    );
    const user = userEvent.setup();
    renderAt('/parts');
    const card = await screen.findByRole('article', { name: pads.name });
    expect(lastSearch()).toEqual({ vehicle: COROLLA, limit: '9' });
    expect(card.textContent).toContain('Fits your 2015 Toyota Corolla');
    expect(screen.getByText('Showing parts that fit your 2015 Toyota Corolla')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Show all parts' }));
    expect(localStorage.getItem('axle-vehicle')).toBeNull();
    await screen.findByText('Choose your vehicle to see only the parts that fit it.');
    expect(lastSearch()).toEqual({ limit: '9' });
    expect(
      screen.getByRole('article', { name: pads.name }).textContent?.includes('Fits your'),
    ).toBe(false);
  });

  it('says which spelling it searched when nothing matched as typed', async () => {
    renderAt('/parts?search=brkae');
    expect(
      await screen.findByText('No parts match “brkae”. Showing results for “brake”.'),
    ).toBeTruthy();
  });
});
