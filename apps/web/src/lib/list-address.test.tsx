// A paged list's place in the page's address (lib/list-address.ts) through the one pager: Next
// keeps the server's cursor and the page's number in the address, Previous goes back along the
// cursors of the pages before, a new filter starts again at page 1, and a shared link to a later
// page offers the first page instead of a Previous it cannot know.
import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { Pager } from '../components/ui/Pager.tsx';
import { useListAddress } from './list-address.ts';

afterEach(cleanup);

/** The next page's cursor for each page: "c2" after the first, "c3" after the second, none after. */
const nextAfter: Record<string, string | null> = { '': 'c2', c2: 'c3', c3: null };

function List() {
  const address = useListAddress();
  const cursor = address.cursor ?? '';
  const rows = cursor === 'c3' ? ['e'] : ['a', 'b'];
  return (
    <>
      <button type="button" onClick={() => address.setFilters({ q: 'brake' })}>
        search
      </button>
      <Pager address={address} list={{ rows, total: 5, nextCursor: nextAfter[cursor] ?? null }} />
    </>
  );
}

function renderAt(url: string) {
  const router = createMemoryRouter([{ path: '/list', element: <List /> }], {
    initialEntries: [url],
  });
  render(<RouterProvider router={router} />);
  return router;
}

const search = (router: ReturnType<typeof renderAt>) =>
  Object.fromEntries(new URLSearchParams(router.state.location.search));
const status = () => screen.getByRole('status').textContent;
const button = (name: string) => screen.getByRole<HTMLButtonElement>('button', { name });

describe('a paged list', () => {
  it('goes forwards with the cursors the server gave, and back along them', async () => {
    const user = userEvent.setup();
    const router = renderAt('/list?limit=2');
    expect(status()).toBe('Showing 1–2 of 5');
    expect(button('Previous').disabled).toBe(true);

    await user.click(button('Next'));
    expect(search(router)).toEqual({ limit: '2', cursor: 'c2', page: '2' });
    expect(status()).toBe('Showing 3–4 of 5');
    await user.click(button('Next'));
    expect(search(router)).toEqual({ limit: '2', cursor: 'c3', page: '3' });
    expect(status()).toBe('Showing 5–5 of 5');
    expect(button('Next').disabled).toBe(true);
    // The pressed button is now disabled: the focus waits on what the page shows.
    expect(document.activeElement).toBe(screen.getByRole('status'));

    await user.click(button('Previous'));
    expect(search(router)).toEqual({ limit: '2', cursor: 'c2', page: '2' });
    await user.click(button('Previous'));
    expect(search(router)).toEqual({ limit: '2' });
    expect(status()).toBe('Showing 1–2 of 5');

    // Back goes to the view before, as the browser's Back button does.
    await act(() => router.navigate(-1));
    expect(search(router)).toEqual({ limit: '2', cursor: 'c2', page: '2' });
  });

  it('starts again at the first page when a filter changes, keeping the others', async () => {
    const user = userEvent.setup();
    const router = renderAt('/list?limit=2&role=admin');
    await user.click(button('Next'));
    await user.click(button('search'));
    expect(search(router)).toEqual({ limit: '2', role: 'admin', q: 'brake' });
    expect(status()).toBe('Showing 1–2 of 5');
  });

  it('opened from a link to a later page, offers the first page instead of Previous', async () => {
    const user = userEvent.setup();
    const router = renderAt('/list?limit=2&cursor=c3&page=3');
    expect(status()).toBe('Showing 5–5 of 5');
    await user.click(button('First page'));
    expect(search(router)).toEqual({ limit: '2' });
  });

  it('counts a page without a cursor as the first, whatever page the address says', () => {
    renderAt('/list?page=4');
    expect(status()).toBe('Showing 1–2 of 5');
  });
});

/** A list paged by number: the server's next page is "2" after the first, "3" after the second. */
function NumberedList() {
  const address = useListAddress({ pagedBy: 'page', pageSize: 2 });
  const rows = address.page === 3 ? ['e'] : ['a', 'b'];
  const nextCursor = address.page < 3 ? String(address.page + 1) : null;
  return (
    <>
      <button type="button" onClick={() => address.setFilters({ q: 'brake' })}>
        search
      </button>
      <Pager address={address} list={{ rows, total: 5, nextCursor }} />
    </>
  );
}

function renderNumberedAt(url: string) {
  const router = createMemoryRouter([{ path: '/list', element: <NumberedList /> }], {
    initialEntries: [url],
  });
  render(<RouterProvider router={router} />);
  return router;
}

describe('a list paged by number', () => {
  it('keeps only the page in the address, and knows the page before from a shared link', async () => {
    const user = userEvent.setup();
    const router = renderNumberedAt('/list?q=pad');
    expect(status()).toBe('Showing 1–2 of 5');
    await user.click(button('Next'));
    expect(search(router)).toEqual({ q: 'pad', page: '2' });
    expect(status()).toBe('Showing 3–4 of 5');
    await user.click(button('Next'));
    expect(search(router)).toEqual({ q: 'pad', page: '3' });
    expect(button('Next').disabled).toBe(true);
    await user.click(button('Previous'));
    expect(search(router)).toEqual({ q: 'pad', page: '2' });
    await user.click(button('Previous'));
    expect(search(router)).toEqual({ q: 'pad' });

    cleanup();
    const shared = renderNumberedAt('/list?page=3');
    expect(status()).toBe('Showing 5–5 of 5');
    await user.click(button('Previous'));
    expect(search(shared)).toEqual({ page: '2' });
    await user.click(button('search'));
    expect(search(shared)).toEqual({ q: 'brake' });
  });
});
