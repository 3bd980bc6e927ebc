// The overdue invoices on account (issue 18 #4): each with its number, who ordered it, its total,
// its due date and how long it is overdue, the oldest due first; the admin records a payment with
// its reference (checked before it is sent), and the invoice leaves the list with a toast.

import type { Order } from '@axle/contract';
import { companyMessages } from '@axle/contract/company-texts';
import { dayText } from '@axle/contract/order-texts';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { TOKEN_KEY } from '../../../lib/api-client.ts';
import { jsonReply, stubApi } from '../../../lib/test-api.ts';
import { renderAt } from '../../../lib/test-render.tsx';
import {
  FLEET,
  FLEET_INVOICE,
  invoiceOnAccount,
  loadOnDemandParts,
  WORKSHOP_INVOICE,
} from '../test-fixtures.ts';
import OverdueInvoicesPage from './OverdueInvoicesPage.tsx';

const toasts: string[] = [];
vi.mock('../../../lib/toast.ts', () => ({
  toast: {
    success: (message: string) => toasts.push(message),
    error: (message: string) => toasts.push(message),
    info: (message: string) => toasts.push(message),
  },
}));

const bea = { name: 'Bea Buyer', email: 'bea@fleet.test' };
const olga = { name: 'Olga Owner', email: 'olga@fleet.test' };

type Call = { method: string; path: string; body: unknown; authorization: string | null };
let calls: Call[];
/** The open invoices past due, oldest due first, as the fake server keeps them. */
let overdue: Order[];
/** Invoices the fake server refuses to settle (already paid in another tab). */
let settledElsewhere: Set<string>;

beforeAll(loadOnDemandParts);

beforeEach(() => {
  calls = [];
  toasts.length = 0;
  settledElsewhere = new Set();
  overdue = [
    invoiceOnAccount(FLEET_INVOICE, 'INV-000041', bea, 1250.5, 12),
    invoiceOnAccount(WORKSHOP_INVOICE, 'INV-000057', olga, 80, 0.25),
  ];
  localStorage.setItem(TOKEN_KEY, 'admin-token');
  stubApi((url, init) => {
    const method = init?.method ?? 'GET';
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    calls.push({
      method,
      path: url.pathname,
      body,
      authorization: new Headers(init?.headers).get('authorization'),
    });
    if (method === 'GET' && url.pathname === '/api/admin/invoices/overdue')
      return jsonReply(200, overdue, { 'X-Total-Count': String(overdue.length) });
    const [, id] = /^\/api\/admin\/orders\/([^/]+)\/settle$/.exec(url.pathname) ?? [];
    const order = overdue.find((entry) => entry._id === id);
    if (method === 'POST' && order && !settledElsewhere.has(order._id)) {
      overdue = overdue.filter((entry) => entry !== order);
      return jsonReply(200, { ...order, settledAt: new Date().toISOString() });
    }
    return jsonReply(409, { error: { code: 'conflict', message: companyMessages.notOpen } });
  });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

function renderPage() {
  renderAt('/dashboard/overdue', { '/dashboard/overdue': <OverdueInvoicesPage /> });
}

const overdueTable = () =>
  screen.findByRole('table', { name: 'Overdue invoices, oldest due first' });
const bodyRows = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .filter((row) => row.parentElement?.tagName === 'TBODY');
const posts = () => calls.filter((call) => call.method === 'POST');

describe('Overdue invoices', () => {
  it('shows each invoice’s number, who ordered it, its total, due date and days overdue', async () => {
    renderPage();
    const table = await overdueTable();
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Invoice', 'Ordered by', 'Total', 'Due', 'Overdue', 'Action']);
    const [first, second] = bodyRows(table) as [HTMLElement, HTMLElement];
    const cells = (row: HTMLElement) =>
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent);
    expect(within(first).getByRole('rowheader').textContent).toBe('INV-000041');
    expect(cells(first)).toEqual([
      'Bea Buyerbea@fleet.testCompany page of invoice INV-000041',
      '$1,250.50',
      dayText(overdue[0]?.dueAt ?? ''),
      '12 days',
      'Record payment of invoice INV-000041',
    ]);
    expect(cells(second)[3]).toBe('Less than a day');
    // The company's page is a link away.
    expect(
      within(first)
        .getByRole('link', { name: 'Company page of invoice INV-000041' })
        .getAttribute('href'),
    ).toBe(`/dashboard/companies/${FLEET}`);

    // The phone's cards carry the same.
    const cards = within(screen.getByRole('list', { name: 'Overdue invoices' })).getAllByRole(
      'article',
    );
    expect(cards.map((card) => within(card).getByRole('heading').textContent)).toEqual([
      'INV-000041',
      'INV-000057',
    ]);
    expect(cards[0]?.textContent).toContain('Overdue12 days');
    expect(
      within(cards[0] as HTMLElement).getByRole('button', {
        name: 'Record payment of invoice INV-000041',
      }),
    ).toBeTruthy();
  });

  it('records a payment with its reference: the POST body, the row gone and a toast', async () => {
    const user = userEvent.setup();
    renderPage();
    const table = await overdueTable();
    await user.click(
      within(table).getByRole('button', { name: 'Record payment of invoice INV-000041' }),
    );
    const dialog = await screen.findByRole('dialog', {
      name: 'Record the payment of invoice INV-000041?',
    });
    expect(dialog.textContent).toContain(
      'Invoice INV-000041 ($1,250.50) of Bea Buyer (bea@fleet.test) will be marked paid',
    );
    const reference = await within(dialog).findByRole('textbox', { name: 'Payment reference' });

    // Without a reference nothing is sent.
    await user.click(within(dialog).getByRole('button', { name: 'Record the payment' }));
    expect(await within(dialog).findByText(companyMessages.reference)).toBeTruthy();
    expect(posts()).toEqual([]);

    await user.type(reference, '  BACS 2025-0412  {Enter}');
    await waitFor(() =>
      expect(posts()).toEqual([
        {
          method: 'POST',
          path: `/api/admin/orders/${FLEET_INVOICE}/settle`,
          body: { reference: 'BACS 2025-0412' },
          authorization: 'Bearer admin-token',
        },
      ]),
    );
    await waitFor(() => expect(bodyRows(table)).toHaveLength(1));
    expect(within(table).queryByText('INV-000041')).toBeNull();
    expect(within(table).getByText('INV-000057')).toBeTruthy();
    expect(toasts).toEqual(['The payment of invoice INV-000041 was recorded.']);
    expect(screen.queryByRole('dialog')).toBeNull();
    // The pressed button is gone with its row: the page's heading has the focus.
    expect(document.activeElement).toBe(
      screen.getByRole('heading', { level: 2, name: 'Overdue invoices' }),
    );
  });

  it('sends nothing when cancelled, and says why a refused payment was refused', async () => {
    const user = userEvent.setup();
    renderPage();
    const table = await overdueTable();
    const record = within(table).getByRole('button', {
      name: 'Record payment of invoice INV-000057',
    });
    await user.click(record);
    let dialog = await screen.findByRole('dialog', {
      name: 'Record the payment of invoice INV-000057?',
    });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(posts()).toEqual([]);

    settledElsewhere.add(WORKSHOP_INVOICE);
    await user.click(record);
    dialog = await screen.findByRole('dialog', {
      name: 'Record the payment of invoice INV-000057?',
    });
    await user.type(
      await within(dialog).findByRole('textbox', { name: 'Payment reference' }),
      'CHQ 881{Enter}',
    );
    await waitFor(() => expect(toasts).toEqual([companyMessages.notOpen]));
    expect(posts()).toHaveLength(1);
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
