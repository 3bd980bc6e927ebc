// The sales overview (issue 33 #1): the range's figures against the days before, the orders to
// ship and the invoices past due; revenue as a chart with its text alternative, or as a table;
// the top parts and customers; the range and the interval chosen in the address and sent to the
// server.
import type { SalesReport } from '@axle/contract';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { TOKEN_KEY } from '../../../lib/api-client.ts';
import { jsonReply, stubApi } from '../../../lib/test-api.ts';
import { renderAt } from '../../../lib/test-render.tsx';
import SalesOverviewPage from './SalesOverviewPage.tsx';

beforeAll(() => import('../components/SalesChart.tsx'));

const report = (from: string, to: string, interval: SalesReport['interval']): SalesReport => ({
  from,
  to,
  interval,
  timeZone: 'Asia/Dhaka',
  series: [
    { start: from, orders: 2, revenue: 150 },
    { start: to, orders: 1, revenue: 50.5 },
  ],
  totals: { orders: 3, revenue: 200.5, averageOrder: 66.83 },
  previous: { from: '2026-01-01', to: '2026-01-30', orders: 2, revenue: 100 },
  topParts: [
    {
      partId: '11111111-1111-4111-8111-111111111111',
      partNumber: 'AX-000001',
      name: 'Brake pads',
      quantity: 12,
      revenue: 120,
    },
  ],
  topCustomers: [
    {
      kind: 'company',
      id: '22222222-2222-4222-8222-222222222222',
      name: 'Fleet Ltd',
      orders: 2,
      revenue: 150,
    },
    {
      kind: 'customer',
      id: '33333333-3333-4333-8333-333333333333',
      name: 'Ann Buyer',
      orders: 1,
      revenue: 50.5,
    },
  ],
  toShip: 4,
  overdue: { invoices: 1, amount: 80 },
});

let queries: string[];

beforeEach(() => {
  queries = [];
  localStorage.setItem(TOKEN_KEY, 'admin-token');
  stubApi((url) => {
    if (url.pathname !== '/api/admin/reports/sales')
      return jsonReply(404, { error: { code: 'not_found', message: 'no' } });
    queries.push(url.search);
    const to = url.searchParams.get('to') ?? '2026-03-01';
    const from = url.searchParams.get('from') ?? '2026-01-31';
    const interval = (url.searchParams.get('interval') ?? 'day') as SalesReport['interval'];
    return jsonReply(200, report(from, to, interval));
  });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

const renderPage = (path = '/dashboard/sales') =>
  renderAt(path, { '/dashboard/sales': <SalesOverviewPage /> });

describe('Sales overview', () => {
  it('shows the figures against the days before, what waits, and the top parts and customers', async () => {
    renderPage();
    const figures = await screen.findByRole('region', { name: 'The range at a glance' });
    const text = figures.textContent ?? '';
    expect(text).toContain('Revenue$200.50+100 % on the 30 days before');
    expect(text).toContain('Paid orders3+50 % on the 30 days before');
    expect(text).toContain('Waiting to ship4See the orders');
    expect(text).toContain('Overdue invoices1 ($80.00)See the invoices');
    expect(within(figures).getByRole('link', { name: 'See the orders' }).getAttribute('href')).toBe(
      '/dashboard/manageallorders?state=paid',
    );

    const parts = screen.getByRole('table', { name: 'The parts that sold the most in the range' });
    expect(within(parts).getAllByRole('row')[1]?.textContent).toBe('AX-000001 Brake pads12$120.00');
    const customers = screen.getByRole('table', {
      name: 'The customers who bought the most in the range',
    });
    expect(
      within(customers)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual(['CustomerPaid ordersRevenue', 'Fleet Ltd Company2$150.00', 'Ann Buyer1$50.50']);
    expect(screen.getByText('Days are counted in the shop’s time zone, Asia/Dhaka.')).toBeTruthy();
    expect(queries).toEqual(['']);
  });

  it('describes the chart in words, and shows its figures as a table on demand', async () => {
    const user = userEvent.setup();
    renderPage();
    const chart = await screen.findByRole('region', { name: 'Revenue per day' });
    expect(within(chart).getByText(/^Bar chart of the revenue per day/).textContent).toBe(
      'Bar chart of the revenue per day from Jan 31, 2026 to Mar 1, 2026: $200.50 in all; the most, $150.00, on Jan 31, 2026.',
    );
    const toggle = within(chart).getByRole('button', { name: 'Show as table' });
    expect(toggle.getAttribute('aria-pressed')).toBe('false');
    await user.click(toggle);
    expect(toggle.getAttribute('aria-pressed')).toBe('true');
    const table = within(chart).getByRole('table', { name: 'Paid orders and revenue per day' });
    expect(
      within(table)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual(['DayPaid ordersRevenue', 'Jan 31, 20262$150.00', 'Mar 1, 20261$50.50']);
  });

  it('asks for the range and interval chosen, kept in the address', async () => {
    const user = userEvent.setup();
    renderPage();
    await screen.findByRole('region', { name: 'The range at a glance' });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Range' }), 'Last 7 days');
    await waitFor(() => expect(queries.at(-1)).toBe('?from=2026-02-23&to=2026-03-01'));
    expect((screen.getByRole('combobox', { name: 'Range' }) as HTMLSelectElement).value).toBe('7');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Per' }), 'Week');
    await waitFor(() =>
      expect(queries.at(-1)).toBe('?from=2026-02-23&to=2026-03-01&interval=week'),
    );
    expect(await screen.findByRole('region', { name: 'Revenue per week' })).toBeTruthy();
  });
});
