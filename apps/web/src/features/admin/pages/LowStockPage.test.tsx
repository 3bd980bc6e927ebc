// Low stock (issue 33 #4): the parts below their reorder point, the emptiest first, each with its
// stock, reorder point (said to be the default when it is twice the minimum order), last 30 days'
// sales, days of cover (a dash for a part that sold nothing) and expected restock; how many are
// low in all. Changing a part's reorder point refuses what is not a whole number before anything
// is sent, sends the number or null (empty: the default), says it is saved and reads the list
// again; a part no longer low leaves it, and the heading takes the focus.
import type { LowStockRow } from '@axle/contract';
import { dayText } from '@axle/contract/order-texts';
import { reportMessages } from '@axle/contract/report-texts';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { TOKEN_KEY } from '../../../lib/api-client.ts';
import { jsonReply, stubApi } from '../../../lib/test-api.ts';
import { renderAt } from '../../../lib/test-render.tsx';
import LowStockPage from './LowStockPage.tsx';

const toasts: string[] = [];
vi.mock('../../../lib/toast.ts', () => ({
  toast: {
    success: (message: string) => toasts.push(message),
    error: (message: string) => toasts.push(message),
    info: (message: string) => toasts.push(message),
  },
}));

// The dialog and its form's rules (zod and the resolver) load on demand, after the page: on a busy
// machine their first import alone can outlast a wait for a message, so they load before the tests.
beforeAll(() =>
  Promise.all([
    import('../components/ReorderPointDialog.tsx'),
    import('../form-rules.ts'),
    import('@hookform/resolvers/zod'),
  ]),
);

const PADS = 'aaaaaaaa-1111-4111-8111-111111111111';
const FILTER = 'bbbbbbbb-2222-4222-8222-222222222222';
const WIPER = 'cccccccc-3333-4333-8333-333333333333';

/** A part as the fake server keeps it: its row, and its minimum order (the default point's half). */
type Stocked = { row: LowStockRow; minimumQuantity: number };

/** Out of stock, at its default reorder point, selling fast; more expected on April 2. */
const pads: Stocked = {
  row: {
    partId: PADS,
    partNumber: 'AX-1001',
    name: 'Ceramic brake pad set',
    available: 0,
    reorderPoint: 20,
    defaultReorderPoint: true,
    soldLast30Days: 45,
    daysOfCover: 0,
    restockDate: '2025-04-02',
  },
  minimumQuantity: 10,
};
/** Its own reorder point; nothing sold in 30 days, no restock said. */
const filter: Stocked = {
  row: {
    partId: FILTER,
    partNumber: 'AX-2002',
    name: 'Oil filter',
    available: 3,
    reorderPoint: 10,
    defaultReorderPoint: false,
    soldLast30Days: 0,
    daysOfCover: null,
    restockDate: null,
  },
  minimumQuantity: 5,
};
/** Its own reorder point, above its default (4): back to the default, it is no longer low. */
const wiper: Stocked = {
  row: {
    partId: WIPER,
    partNumber: 'AX-3003',
    name: 'Wiper blade',
    available: 5,
    reorderPoint: 12,
    defaultReorderPoint: false,
    soldLast30Days: 12,
    daysOfCover: 12.5,
    restockDate: null,
  },
  minimumQuantity: 2,
};

type Call = { method: string; path: string; query: string; body: unknown };
let calls: Call[];
/** The parts the fake server holds, the emptiest first. */
let stocked: Stocked[];
/** How many parts the server says are low, when more than it lists. */
let totalLow: number | null;
/** The server's reply to the list, when a test wants a failure. */
let listRefusal: (() => Response) | null;

beforeEach(() => {
  calls = [];
  toasts.length = 0;
  stocked = [pads, filter, wiper];
  totalLow = null;
  listRefusal = null;
  localStorage.setItem(TOKEN_KEY, 'admin-token');
  stubApi((url, init) => {
    const method = init?.method ?? 'GET';
    const path = url.pathname;
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    calls.push({ method, path, query: url.search, body });
    const low = stocked.filter(({ row }) => row.available < row.reorderPoint);
    if (method === 'GET' && path === '/api/admin/stock/low') {
      if (listRefusal) return listRefusal();
      return jsonReply(200, { rows: low.map(({ row }) => row), total: totalLow ?? low.length });
    }
    const changed = /^\/api\/admin\/parts\/([^/]+)\/reorder-point$/.exec(path);
    const part = stocked.find(({ row }) => row.partId === changed?.[1]);
    if (method === 'PUT' && part) {
      const { reorderPoint } = body as { reorderPoint: number | null };
      const row = {
        ...part.row,
        reorderPoint: reorderPoint ?? 2 * part.minimumQuantity,
        defaultReorderPoint: reorderPoint === null,
      };
      stocked = stocked.map((entry) => (entry === part ? { ...part, row } : entry));
      return jsonReply(200, {
        partId: row.partId,
        available: row.available,
        reorderPoint: row.reorderPoint,
        defaultReorderPoint: row.defaultReorderPoint,
      });
    }
    return jsonReply(404, { error: { code: 'not_found', message: `no ${method} ${path}` } });
  });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

function renderPage() {
  renderAt('/dashboard/low-stock', {
    '/dashboard/low-stock': <LowStockPage />,
    '/parts/:partNumber': <h2>Part page</h2>,
  });
}

/** The desktop table (the phone's cards are in the page too: CSS alone tells them apart). */
const partsTable = () =>
  screen.findByRole('table', { name: 'Parts below their reorder point, the emptiest first' });
const cellsOf = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);
const rowOf = async (partNumber: string) => {
  const row = within(await partsTable())
    .getAllByRole('row')
    .find((entry) => entry.textContent?.includes(partNumber));
  if (!row) throw new Error(`no row of ${partNumber}`);
  return row;
};
const listCalls = () => calls.filter((call) => call.path === '/api/admin/stock/low');
const puts = () =>
  calls.filter((call) => call.method === 'PUT').map(({ path, body }) => ({ path, body }));

describe('Low stock', () => {
  it('lists the parts below their reorder point, the emptiest first, with their numbers', async () => {
    renderPage();
    expect(screen.getByRole('heading', { level: 2, name: 'Low stock' })).toBeTruthy();
    expect(screen.getByText(/the emptiest first, with what sold in the last 30 days/)).toBeTruthy();
    const table = await partsTable();
    expect(screen.getByText('3 parts are low.')).toBeTruthy();
    expect(listCalls()[0]?.query).toBe('?limit=100');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual([
      'Part',
      'In stock',
      'Reorder point',
      'Sold in 30 days',
      'Days of cover',
      'Restock expected',
      'Action',
    ]);
    const rows = within(table)
      .getAllByRole('row')
      .filter((row) => row.parentElement?.tagName === 'TBODY');
    expect(rows.map((row) => within(row).getByRole('rowheader').textContent)).toEqual([
      'AX-1001Ceramic brake pad set',
      'AX-2002Oil filter',
      'AX-3003Wiper blade',
    ]);

    const padsRow = await rowOf('AX-1001');
    expect(cellsOf(padsRow)).toEqual([
      '0Out of stock',
      '20(default)',
      '45',
      '0.0',
      dayText('2025-04-02T00:00:00'),
      'Change reorder point of AX-1001 Ceramic brake pad set',
    ]);
    expect(
      within(padsRow)
        .getByRole('link', { name: 'AX-1001 Ceramic brake pad set' })
        .getAttribute('href'),
    ).toBe('/parts/AX-1001');
    // Nothing sold: no pace to last at, said in words to a screen reader.
    const filterRow = await rowOf('AX-2002');
    expect(cellsOf(filterRow)).toEqual([
      '3',
      '10',
      '0',
      '—none sold',
      'Not known',
      'Change reorder point of AX-2002 Oil filter',
    ]);
    expect(within(filterRow).getByText('—').getAttribute('aria-hidden')).toBe('true');
    expect(cellsOf(await rowOf('AX-3003')).slice(0, 4)).toEqual(['5', '12', '12', '12.5']);

    // The phone's cards carry the same.
    const cards = within(screen.getByRole('list', { name: 'Parts below their reorder point' }));
    const card = cards.getByRole('article', { name: 'AX-1001 Ceramic brake pad set' });
    expect(card.textContent).toContain('Reorder point20(default)');
    expect(card.textContent).toContain('Days of cover0.0');
    expect(
      within(card).getByRole('button', {
        name: 'Change reorder point of AX-1001 Ceramic brake pad set',
      }),
    ).toBeTruthy();
    expect(cards.getAllByRole('article')).toHaveLength(3);
  });

  it('says how many are low in all when it lists only the first of them', async () => {
    totalLow = 150;
    renderPage();
    expect(await screen.findByText('150 parts are low. Showing the first 3.')).toBeTruthy();
  });

  it('says when no part is low, and offers to try again when the list could not be loaded', async () => {
    const user = userEvent.setup();
    stocked = [];
    listRefusal = () =>
      jsonReply(500, { error: { code: 'internal', message: 'Something went wrong' } });
    renderPage();
    expect(await screen.findByText('The parts running low could not be loaded.')).toBeTruthy();
    listRefusal = null;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(
      await screen.findByText('No part is low: each has at least its reorder point in stock.'),
    ).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('refuses a reorder point that is not a whole number before anything is sent, then saves it', async () => {
    const user = userEvent.setup();
    renderPage();
    const row = await rowOf('AX-2002');
    await user.click(
      within(row).getByRole('button', { name: 'Change reorder point of AX-2002 Oil filter' }),
    );
    expect(await screen.findByRole('heading', { name: 'Reorder point of AX-2002' })).toBeTruthy();
    const field = await screen.findByRole('textbox', { name: 'Reorder point' });
    // Its own point to start from; the hint says what empty means.
    expect((field as HTMLInputElement).value).toBe('10');
    expect(screen.getByText('Leave empty for the default: twice the minimum order.').id).toBe(
      field.getAttribute('aria-describedby')?.split(' ').at(-1),
    );

    for (const refused of ['abc', '-1', '2.5']) {
      await user.clear(field);
      await user.type(field, refused);
      await user.click(screen.getByRole('button', { name: 'Save' }));
      expect(await screen.findByText(reportMessages.reorderPoint)).toBeTruthy();
      expect(field.getAttribute('aria-invalid')).toBe('true');
    }
    expect(puts()).toEqual([]);

    const asked = listCalls().length;
    await user.clear(field);
    await user.type(field, ' 12 {Enter}');
    await waitFor(() =>
      expect(puts()).toEqual([
        { path: `/api/admin/parts/${FILTER}/reorder-point`, body: { reorderPoint: 12 } },
      ]),
    );
    await waitFor(() => expect(toasts).toEqual(['Reorder point saved']));
    await waitFor(() =>
      expect(screen.queryByRole('textbox', { name: 'Reorder point' })).toBeNull(),
    );
    // Still low (3 in stock): the row shows its new point, and the list is read again.
    await waitFor(() => expect(listCalls().length).toBeGreaterThan(asked));
    expect(cellsOf(await rowOf('AX-2002')).slice(0, 2)).toEqual(['3', '12']);
  });

  it('sends null for an empty field, the default; a part no longer low leaves the list and the heading takes the focus', async () => {
    const user = userEvent.setup();
    renderPage();
    const row = await rowOf('AX-3003');
    await user.click(
      within(row).getByRole('button', { name: 'Change reorder point of AX-3003 Wiper blade' }),
    );
    const field = await screen.findByRole('textbox', { name: 'Reorder point' });
    expect((field as HTMLInputElement).value).toBe('12');
    const asked = listCalls().length;
    await user.clear(field);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(puts()).toEqual([
        { path: `/api/admin/parts/${WIPER}/reorder-point`, body: { reorderPoint: null } },
      ]),
    );
    await waitFor(() => expect(toasts).toEqual(['Reorder point saved']));
    // At its default (4), 5 in stock is enough: it leaves the list.
    expect(await screen.findByText('2 parts are low.')).toBeTruthy();
    expect(within(await partsTable()).queryByText('AX-3003')).toBeNull();
    await waitFor(() =>
      expect(document.activeElement).toBe(
        screen.getByRole('heading', { level: 2, name: 'Low stock' }),
      ),
    );
    await waitFor(() => expect(listCalls().length).toBeGreaterThan(asked));

    // A part at its default shows the field empty.
    await user.click(
      screen.getAllByRole('button', {
        name: 'Change reorder point of AX-1001 Ceramic brake pad set',
      })[0] as HTMLElement,
    );
    expect(
      ((await screen.findByRole('textbox', { name: 'Reorder point' })) as HTMLInputElement).value,
    ).toBe('');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('textbox', { name: 'Reorder point' })).toBeNull();
    expect(puts()).toHaveLength(1);
  });
});
