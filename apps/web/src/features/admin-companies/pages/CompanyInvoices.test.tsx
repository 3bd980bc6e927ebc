// A company's open invoices on account, on its page (issue 18 #4): each with its number, who placed
// the order, its total, its due date and whether it is overdue, the oldest due first; the admin
// records a payment with its reference, the invoice leaves the list and the company's credit used
// goes down by its total.
import { dayText } from '@axle/contract/order-texts';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { TOKEN_KEY } from '../../../lib/api-client.ts';
import { renderAt } from '../../../lib/test-render.tsx';
import {
  FLEET,
  FLEET_INVOICE_NOT_DUE,
  fleet,
  fleetInvoices,
  loadOnDemandParts,
  WORKSHOP,
  workshop,
} from '../test-fixtures.ts';
import { type Call, fakeCompanyServer } from '../test-server.ts';
import CompanyPage from './CompanyPage.tsx';

const toasts: string[] = [];
vi.mock('../../../lib/toast.ts', () => ({
  toast: {
    success: (message: string) => toasts.push(message),
    error: (message: string) => toasts.push(message),
    info: (message: string) => toasts.push(message),
  },
}));

let calls: Call[];
const invoices = fleetInvoices();

beforeAll(loadOnDemandParts);

beforeEach(() => {
  toasts.length = 0;
  localStorage.setItem(TOKEN_KEY, 'admin-token');
  calls = fakeCompanyServer({
    companies: { [FLEET]: fleet, [WORKSHOP]: workshop },
    invoices: [...invoices],
    prices: {},
  });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

function renderCompany(id: string) {
  renderAt(`/dashboard/companies/${id}`, { '/dashboard/companies/:id': <CompanyPage /> });
}

const invoiceTable = () => screen.findByRole('table', { name: 'Open invoices, oldest due first' });
const bodyRows = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .filter((row) => row.parentElement?.tagName === 'TBODY');
const cells = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);
const creditUsed = () => {
  const section = screen.getByRole('region', { name: 'Payment on account' });
  const terms = within(section).getAllByRole('term');
  const at = terms.findIndex((term) => term.textContent === 'Credit used');
  return within(section).getAllByRole('definition')[at]?.textContent;
};
const posts = () => calls.filter((call) => call.method === 'POST');

describe('a company’s open invoices on the admin’s side', () => {
  it('lists them the oldest due first: number, who placed it, total, due date and whether it is overdue', async () => {
    renderCompany(FLEET);
    const table = await invoiceTable();
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Invoice', 'Placed by', 'Total', 'Due', 'Status', 'Action']);
    const [overdue, notDue] = bodyRows(table) as [HTMLElement, HTMLElement];
    expect(within(overdue).getByRole('rowheader').textContent).toBe('INV-000041');
    // On its own page the company is no link away.
    expect(cells(overdue)).toEqual([
      'Bea Buyerbea@fleet.test',
      '$1,170.50',
      dayText(invoices[0]?.dueAt ?? ''),
      'Overdue by 12 days',
      'Record payment of invoice INV-000041',
    ]);
    expect(within(notDue).getByRole('rowheader').textContent).toBe('INV-000063');
    expect(cells(notDue).slice(1, 4)).toEqual([
      '$80.00',
      dayText(invoices[1]?.dueAt ?? ''),
      'Not yet due',
    ]);
    expect(within(table).queryByRole('link')).toBeNull();
    expect(calls.find((call) => call.path.endsWith('/invoices'))?.path).toBe(
      `/api/admin/companies/${FLEET}/invoices`,
    );

    // The phone's cards carry the same, under the section's heading.
    const cards = within(screen.getByRole('list', { name: 'Open invoices' })).getAllByRole(
      'article',
    );
    expect(
      cards.map((card) => within(card).getByRole('heading', { level: 4 }).textContent),
    ).toEqual(['INV-000041', 'INV-000063']);
    expect(cards[1]?.textContent).toContain('StatusNot yet due');
  });

  it('records a payment: the POST body, the row gone, a toast and the credit used refreshed', async () => {
    const user = userEvent.setup();
    renderCompany(FLEET);
    const table = await invoiceTable();
    expect(creditUsed()).toBe('$1,250.50');

    await user.click(
      within(table).getByRole('button', { name: 'Record payment of invoice INV-000063' }),
    );
    const dialog = await screen.findByRole('dialog', {
      name: 'Record the payment of invoice INV-000063?',
    });
    expect(dialog.textContent).toContain(
      'Invoice INV-000063 ($80.00) of Olga Owner (olga@fleet.test) will be marked paid',
    );
    await user.type(
      await within(dialog).findByRole('textbox', { name: 'Payment reference' }),
      'CHQ 881{Enter}',
    );
    await waitFor(() =>
      expect(posts()).toEqual([
        {
          method: 'POST',
          path: `/api/admin/orders/${FLEET_INVOICE_NOT_DUE}/settle`,
          body: { reference: 'CHQ 881' },
          authorization: 'Bearer admin-token',
        },
      ]),
    );
    await waitFor(() => expect(bodyRows(table)).toHaveLength(1));
    expect(within(table).queryByText('INV-000063')).toBeNull();
    expect(toasts).toEqual(['The payment of invoice INV-000063 was recorded.']);
    expect(screen.queryByRole('dialog')).toBeNull();
    // What the company owes is asked for again: down by the invoice's total.
    await waitFor(() => expect(creditUsed()).toBe('$1,170.50'));
    // The pressed button is gone with its row: the section's heading has the focus.
    expect(document.activeElement).toBe(
      screen.getByRole('heading', { level: 3, name: 'Open invoices' }),
    );
  });

  it('says so when the company owes nothing on account', async () => {
    renderCompany(WORKSHOP);
    expect(
      await screen.findByText('No open invoices: the company owes nothing on account.'),
    ).toBeTruthy();
    expect(screen.queryByRole('table', { name: 'Open invoices, oldest due first' })).toBeNull();
  });
});
