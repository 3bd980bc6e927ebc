// The navbar's search (issue 16 #5): an accessible combobox that suggests parts, brands and
// categories while typing, chosen with the arrow keys or the mouse, or searched with Enter.
import type { SuggestReply } from '@axle/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ComponentProps } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonReply, stubApi } from '../../../lib/test-api.ts';
import SearchCombobox from './SearchCombobox.tsx';

const suggestions: SuggestReply = {
  parts: [
    {
      _id: 'c620748f-aecc-4f6f-b984-597170517725',
      partNumber: 'P 83 140',
      name: 'Ceramic Front Brake Pad Set',
      brand: 'Brembo',
    },
  ],
  brands: [{ name: 'Brembo' }],
  categories: [
    { id: '9aa41048-0b2a-45bf-a108-41200d110caa', name: 'Brake pads', slug: 'brake-pads' },
  ],
};

const asked: string[] = [];

beforeEach(() => {
  asked.length = 0;
  stubApi((url) => {
    asked.push(`${url.pathname}${url.search}`);
    return url.pathname === '/api/search/suggest'
      ? jsonReply(200, suggestions)
      : jsonReply(404, { error: { code: 'not_found', message: 'Not found' } });
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function Where() {
  const location = useLocation();
  return <p data-testid="where">{`${location.pathname}${location.search}`}</p>;
}

function renderBox(props: ComponentProps<typeof SearchCombobox> = {}) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/']}>
        <SearchCombobox {...props} />
        <Routes>
          <Route path="*" element={<Where />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return screen.getByRole('combobox', { name: 'Search the catalogue' });
}

describe('the navbar search', () => {
  it('suggests parts, brands and categories in named groups once two characters are typed', async () => {
    const user = userEvent.setup();
    const box = renderBox();
    expect(box.getAttribute('aria-expanded')).toBe('false');
    await user.type(box, 'b');
    await new Promise((resolve) => setTimeout(resolve, 250));
    expect(asked).toEqual([]);

    await user.type(box, 'r');
    const list = await screen.findByRole('listbox', { name: 'Suggestions' });
    expect(box.getAttribute('aria-expanded')).toBe('true');
    expect(box.getAttribute('aria-controls')).toBe(list.id);
    expect(asked).toEqual(['/api/search/suggest?q=br']);
    expect(screen.getByRole('group', { name: 'Parts' }).textContent).toContain(
      'P 83 140 · Brembo Ceramic Front Brake Pad Set',
    );
    expect(screen.getByRole('group', { name: 'Brands' }).textContent).toContain('Brembo');
    expect(screen.getByRole('group', { name: 'Categories' }).textContent).toContain('Brake pads');
    expect(screen.getAllByRole('option')).toHaveLength(3);
  });

  it('moves through the suggestions with the arrow keys and opens the one chosen with Enter', async () => {
    const user = userEvent.setup();
    const box = renderBox();
    await user.type(box, 'brem');
    await screen.findByRole('listbox');

    await user.keyboard('{ArrowDown}');
    const [part, brand] = screen.getAllByRole('option');
    expect(box.getAttribute('aria-activedescendant')).toBe(part?.id);
    expect(part?.getAttribute('aria-selected')).toBe('true');
    await user.keyboard('{ArrowDown}');
    expect(box.getAttribute('aria-activedescendant')).toBe(brand?.id);
    await user.keyboard('{ArrowUp}{ArrowUp}');
    // Up from the first wraps round to the last: the category.
    expect(screen.getAllByRole('option').at(-1)?.getAttribute('aria-selected')).toBe('true');
    await user.keyboard('{ArrowDown}{Enter}');
    expect(screen.getByTestId('where').textContent).toContain('/parts/P%2083%20140');
    expect(box.getAttribute('aria-expanded')).toBe('false');
  });

  it('opens a brand or a category page with a click', async () => {
    const user = userEvent.setup();
    const box = renderBox();
    await user.type(box, 'brake');
    await user.click(await screen.findByRole('option', { name: 'Brake pads' }));
    expect(screen.getByTestId('where').textContent).toContain('/categories/brake-pads');
    await user.clear(box);
    await user.type(box, 'brem');
    await user.click(await screen.findByRole('option', { name: 'Brembo' }));
    expect(screen.getByTestId('where').textContent).toContain('/brands/Brembo');
  });

  it('searches what is typed with Enter when no suggestion is chosen; Escape closes, then clears', async () => {
    const user = userEvent.setup();
    const box = renderBox();
    await user.type(box, '04465-02220');
    await screen.findByRole('listbox');
    await user.keyboard('{Escape}');
    expect(box.getAttribute('aria-expanded')).toBe('false');
    expect((box as HTMLInputElement).value).toBe('04465-02220');
    await user.keyboard('{Enter}');
    expect(screen.getByTestId('where').textContent).toContain('/parts?search=04465-02220');
    await user.keyboard('{Escape}');
    await waitFor(() => expect((box as HTMLInputElement).value).toBe(''));
  });
});

describe("the home page's search", () => {
  it('shows its label and what it takes, and hands a VIN on instead of searching parts for it', async () => {
    const user = userEvent.setup();
    const onVin = vi.fn();
    const box = renderBox({ large: true, hint: 'A VIN shows its parts.', onVin });
    expect(screen.getByText('Search the catalogue').className).not.toContain('sr-only');
    expect(box.getAttribute('aria-describedby')).toBe(
      screen.getByText('A VIN shows its parts.').id,
    );
    await user.type(box, ' 2t1burhe9fc123456 {Enter}');
    expect(onVin).toHaveBeenCalledWith('2T1BURHE9FC123456');
    expect(screen.getByTestId('where').textContent).toBe('/');
  });

  it('searches parts for anything else, a 17-character number with an O among them too', async () => {
    const user = userEvent.setup();
    const onVin = vi.fn();
    const box = renderBox({ large: true, onVin });
    await user.type(box, '2T1BURHE9FCO23456{Enter}');
    expect(onVin).not.toHaveBeenCalled();
    expect(screen.getByTestId('where').textContent).toBe('/parts?search=2T1BURHE9FCO23456');
  });

  it('in the navbar (no onVin) searches parts for a VIN as for any words', async () => {
    const user = userEvent.setup();
    const box = renderBox();
    await user.type(box, '2T1BURHE9FC123456{Enter}');
    expect(screen.getByTestId('where').textContent).toBe('/parts?search=2T1BURHE9FC123456');
  });
});
