// Manage All Orders with orders of many lines (issue 17): each order shows its lines (the first
// five from the list, all of them on demand), its total, PO number, note and tracking number;
// shipping a paid order asks for a tracking number, checked before it is sent; a paid order's
// invoice is downloaded with the admin's token and saved under its number. Each order is named by
// its short number and the day it was placed, with its state in words (issue 30 #9); deleting an
// unpaid one asks first, naming it, and a double click deletes it once. A line's units waiting for
// a restock say so, and the server's refusal to ship such an order reaches the admin (issue 32 #3).
import type { Order, OrderLine } from '@axle/contract';
import { backorderMessages } from '@axle/contract/buying-texts';
import { dayText } from '@axle/contract/order-texts';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { TOKEN_KEY } from '../../../lib/api-client.ts';
import { jsonReply, stubApi } from '../../../lib/test-api.ts';
import { renderAt } from '../../../lib/test-render.tsx';
import ManageAllOrdersPage from './ManageAllOrdersPage.tsx';

const toasts: string[] = [];
vi.mock('../../../lib/toast.ts', () => ({
  toast: {
    success: (message: string) => toasts.push(message),
    error: (message: string) => toasts.push(message),
    info: (message: string) => toasts.push(message),
  },
}));

// The ship dialog and its form's rules (zod and the resolver) load on demand, after the page: on
// a busy machine their first import alone can outlast a wait for a message, so they are loaded
// before the tests.
beforeAll(() =>
  Promise.all([
    import('../components/ShipDialog.tsx'),
    import('../form-rules.ts'),
    import('@hookform/resolvers/zod'),
  ]),
);

const FLEET = 'aaaaaaaa-1111-4111-8111-111111111111';
const WORKSHOP = 'bbbbbbbb-2222-4222-8222-222222222222';
const UNPAID = 'cccccccc-3333-4333-8333-333333333333';
const AWAITING = 'dddddddd-4444-4444-8444-444444444444';
const CANCELLED = 'eeeeeeee-5555-4555-8555-555555555555';

const line = (n: number, quantity = 10, unitPrice = 4.5): OrderLine => ({
  partId: `00000000-0000-4000-8000-00000000000${n % 10}`,
  partNumber: `AX-00000${n}`,
  name: `Brake part ${n}`,
  img: null,
  quantity,
  unitPrice,
  listPrice: 5,
  total: quantity * unitPrice,
});

const base = {
  partsImg: null,
  tel: '+1 555 0100',
  country: 'United States',
  city: 'Springfield',
  address: '1 Depot Road',
  postalCode: '12345',
  cancelled: false,
  companyId: null,
  approval: null,
  approvalNote: null,
  onAccount: false,
  dueAt: null,
  settledAt: null,
  createdAt: '2025-03-01T10:00:00.000Z',
};

/** A paid fleet order of seven lines, not yet shipped: the list carries its first five. */
const fleetLines = [1, 2, 3, 4, 5, 6, 7].map((n) => line(n));
const fleet: Order = {
  ...base,
  _id: FLEET,
  number: 10021,
  partsId: fleetLines[0]?.partId ?? '',
  parts: 'Brake part 1',
  partsPrice: 4.5,
  name: 'Fleet Buyer',
  email: 'buyer@fleet.test',
  quantity: 10,
  totalPrice: 315,
  total: 315,
  lines: fleetLines.slice(0, 5),
  lineCount: 7,
  poNumber: 'PO-4471',
  note: 'Deliver to bay 3',
  invoiceNumber: 'INV-000012',
  trackingNumber: null,
  paid: true,
  shipped: false,
  transaction: 'pi_sandbox_1',
};

/** A workshop's one-line order, paid and shipped with a tracking number. */
const workshop: Order = {
  ...base,
  _id: WORKSHOP,
  number: 10022,
  partsId: line(8).partId,
  parts: 'Brake part 8',
  partsPrice: 5,
  name: 'Workshop Owner',
  email: 'owner@workshop.test',
  quantity: 2,
  totalPrice: 10,
  total: 10,
  // Split between two warehouses (issue 32 #2).
  lines: [
    {
      ...line(8, 2, 5),
      shipsFrom: [
        { warehouse: 'DHK', name: 'Dhaka', quantity: 1 },
        { warehouse: 'CTG', name: 'Chattogram', quantity: 1 },
      ],
    },
  ],
  lineCount: 1,
  poNumber: null,
  note: null,
  invoiceNumber: 'INV-000011',
  trackingNumber: '1Z 999 AA1 01',
  paid: true,
  shipped: true,
  transaction: 'pi_sandbox_0',
};

/** A one-line order of three units of Brake part 9 at $5.00, unpaid: what else a test says. */
const unpaidOrder = (changes: Partial<Order>): Order => ({
  ...base,
  _id: UNPAID,
  number: 10023,
  partsId: line(9).partId,
  parts: 'Brake part 9',
  partsPrice: 5,
  name: 'Unpaid Buyer',
  email: 'unpaid@fleet.test',
  quantity: 3,
  totalPrice: 15,
  total: 15,
  lines: [line(9, 3, 5)],
  lineCount: 1,
  poNumber: null,
  note: null,
  invoiceNumber: null,
  trackingNumber: null,
  paid: false,
  shipped: false,
  transaction: null,
  createdAt: '2025-03-02T09:00:00.000Z',
  ...changes,
});
const unpaid = unpaidOrder({});
/** A buyer's order above their limit, waiting for the company owner. */
const awaiting = unpaidOrder({
  _id: AWAITING,
  number: 10024,
  name: 'Company Buyer',
  email: 'buyer@company.test',
  companyId: '99999999-9999-4999-8999-999999999999',
  approval: 'awaiting',
});
const cancelled = unpaidOrder({
  _id: CANCELLED,
  number: 10025,
  name: 'Gone Buyer',
  email: 'gone@fleet.test',
  cancelled: true,
});

type Call = { method: string; path: string; body: unknown; authorization: string | null };
let calls: Call[];
/** The fleet order as the fake server keeps it. */
let fleetNow: Order;
/** The orders the fake server still holds. */
let listed: () => Order[];
let unpaidGone: boolean;
/** The server's refusal to ship the fleet order (a line waits for a restock, issue 32 #3). */
let shipRefused: string | null;

beforeEach(() => {
  calls = [];
  toasts.length = 0;
  shipRefused = null;
  fleetNow = fleet;
  unpaidGone = false;
  listed = () => [fleetNow, workshop, ...(unpaidGone ? [] : [unpaid]), awaiting, cancelled];
  localStorage.setItem(TOKEN_KEY, 'admin-token');
  stubApi((url, init) => {
    const method = init?.method ?? 'GET';
    const headers = new Headers(init?.headers);
    calls.push({
      method,
      path: url.pathname,
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
      authorization: headers.get('authorization'),
    });
    switch (`${method} ${url.pathname}`) {
      case 'GET /api/manageorders':
        return jsonReply(200, listed(), { 'X-Total-Count': String(listed().length) });
      case 'GET /api/manageorders/counts':
        return jsonReply(200, { all: 4, unpaid: 2, paid: 1, shipped: 1, cancelled: 1 });
      case `DELETE /api/deleteorder/${UNPAID}`: {
        const deletedCount = unpaidGone ? 0 : 1;
        unpaidGone = true;
        return jsonReply(200, { deletedCount });
      }
      case `GET /api/orderid/${FLEET}`:
        return jsonReply(200, { ...fleet, lines: fleetLines });
      case `PUT /api/manageorders/${FLEET}`: {
        if (shipRefused)
          return jsonReply(409, { error: { code: 'conflict', message: shipRefused } });
        const { trackingNumber = null } = (calls.at(-1)?.body ?? {}) as {
          trackingNumber?: string;
        };
        fleetNow = { ...fleet, shipped: true, trackingNumber };
        return jsonReply(200, { modifiedCount: 1, order: fleetNow });
      }
      case `GET /api/orders/${FLEET}/invoice.pdf`:
        return new Response(new Blob(['%PDF-1.7 invoice'], { type: 'application/pdf' }), {
          status: 200,
          headers: { 'content-type': 'application/pdf' },
        });
      default:
        return jsonReply(404, {
          error: { code: 'not_found', message: `no ${method} ${url.pathname}` },
        });
    }
  });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
});

function renderPage() {
  renderAt('/dashboard/manageallorders', {
    '/dashboard/manageallorders': <ManageAllOrdersPage />,
  });
}

/** The desktop table (the phone's cards are in the page too: CSS alone tells them apart). */
const ordersTable = async () => screen.findByRole('table', { name: 'Every order, newest first' });
const bodyRows = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .filter((row) => row.parentElement?.tagName === 'TBODY');
const linesOf = (scope: HTMLElement, number: number) =>
  within(within(scope).getByRole('list', { name: `Lines of order ${number}` })).getAllByRole(
    'listitem',
  );

describe('Manage All Orders', () => {
  it("shows each order's lines, total, PO number, note and tracking number, and all its lines on demand", async () => {
    const user = userEvent.setup();
    renderPage();
    const table = await ordersTable();
    // One row per order, its lines under its item.
    const [fleetRow, workshopRow] = bodyRows(table) as [HTMLElement, HTMLElement];
    expect(linesOf(fleetRow, 10021)).toHaveLength(5);
    expect(linesOf(fleetRow, 10021)[0]?.textContent).toBe(
      'AX-000001 Brake part 110 × $4.50 (list price $5.00) = $45.00',
    );
    // Where a line ships from, when it says (issue 32 #2; the fleet's lines were placed before).
    expect(linesOf(workshopRow, 10022)[0]?.textContent).toBe(
      'AX-000008 Brake part 82 × $5.00 = $10.00Ships from Dhaka (1), Chattogram (1)',
    );
    expect(fleetRow.textContent).toContain('$315.00');
    expect(fleetRow.textContent).toContain('7 lines');
    expect(within(fleetRow).getByText('PO-4471')).toBeTruthy();
    expect(within(fleetRow).getByText('Deliver to bay 3')).toBeTruthy();
    expect(within(fleetRow).getByText('INV-000012')).toBeTruthy();
    // The tracking number of a shipped order only, in its state's words.
    expect(within(fleetRow).queryByText(/tracking/)).toBeNull();
    expect(within(workshopRow).getByText('Shipped — tracking 1Z 999 AA1 01')).toBeTruthy();
    // A one-line order says nothing about more lines.
    expect(within(workshopRow).queryByRole('button', { name: /^Show/ })).toBeNull();

    const more = within(fleetRow).getByRole('button', { name: 'Show all 7 lines' });
    expect(more.getAttribute('aria-expanded')).toBe('false');
    await user.click(more);
    await waitFor(() => expect(linesOf(fleetRow, 10021)).toHaveLength(7));
    expect(linesOf(fleetRow, 10021)[6]?.textContent).toContain('Brake part 7');
    expect(calls.filter((call) => call.path === `/api/orderid/${FLEET}`)).toHaveLength(1);
    expect(more.textContent).toBe('Show the first 5 lines');
    expect(more.getAttribute('aria-expanded')).toBe('true');
    expect(document.activeElement).toBe(more);
    await user.click(more);
    expect(linesOf(fleetRow, 10021)).toHaveLength(5);

    // The phone's cards carry the same.
    const cards = screen.getByRole('list', { name: 'Orders' });
    expect(linesOf(cards, 10021)).toHaveLength(5);
    expect(within(cards).getByText('PO-4471')).toBeTruthy();
    expect(within(cards).getByText('Shipped — tracking 1Z 999 AA1 01')).toBeTruthy();
    await user.click(within(cards).getByRole('button', { name: 'Show all 7 lines' }));
    await waitFor(() => expect(linesOf(cards, 10021)).toHaveLength(7));
  });

  it('ships a paid order with the tracking number the admin gives, checked before it is sent', async () => {
    const user = userEvent.setup();
    renderPage();
    const table = await ordersTable();
    await user.click(
      within(table).getByRole('button', { name: 'Ship order 10021 of buyer@fleet.test' }),
    );
    const field = await screen.findByRole('textbox', { name: 'Tracking number (optional)' });

    await user.type(field, '1Z#999');
    await user.click(screen.getByRole('button', { name: 'Ship the order' }));
    expect(
      await screen.findByText('trackingNumber is letters, digits, spaces and dashes'),
    ).toBeTruthy();
    expect(calls.filter((call) => call.method === 'PUT')).toEqual([]);

    await user.clear(field);
    await user.type(field, ' 1Z 999 AA1 0123 {Enter}');
    await waitFor(() =>
      expect(calls.filter((call) => call.method === 'PUT')).toEqual([
        {
          method: 'PUT',
          path: `/api/manageorders/${FLEET}`,
          body: { trackingNumber: '1Z 999 AA1 0123' },
          authorization: 'Bearer admin-token',
        },
      ]),
    );
    await waitFor(() =>
      expect(within(table).getByText('Shipped — tracking 1Z 999 AA1 0123')).toBeTruthy(),
    );
    expect(within(table).queryByRole('button', { name: /^Ship order 10021/ })).toBeNull();
    expect(screen.queryByRole('textbox', { name: 'Tracking number (optional)' })).toBeNull();
  });

  it('ships without a tracking number when none is given, and keeps the order pending on "Not yet"', async () => {
    const user = userEvent.setup();
    renderPage();
    const table = await ordersTable();
    const ship = within(table).getByRole('button', {
      name: 'Ship order 10021 of buyer@fleet.test',
    });
    await user.click(ship);
    await screen.findByRole('textbox', { name: 'Tracking number (optional)' });
    await user.click(screen.getByRole('button', { name: 'Not yet' }));
    expect(screen.queryByRole('textbox', { name: 'Tracking number (optional)' })).toBeNull();
    expect(calls.filter((call) => call.method === 'PUT')).toEqual([]);

    await user.click(ship);
    await screen.findByRole('textbox', { name: 'Tracking number (optional)' });
    await user.click(screen.getByRole('button', { name: 'Ship the order' }));
    await waitFor(() =>
      expect(calls.filter((call) => call.method === 'PUT').map((call) => call.body)).toEqual([{}]),
    );
  });

  it("downloads a paid order's invoice through the fetch wrapper and saves it under its number", async () => {
    const user = userEvent.setup();
    const saved: { name: string; href: string }[] = [];
    let file: Blob | undefined;
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      file = blob as Blob;
      return 'blob:invoice';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved.push({ name: this.download, href: this.href });
    });
    renderPage();
    const table = await ordersTable();
    await user.click(
      within(table).getByRole('button', {
        name: 'Download invoice order 10021 of buyer@fleet.test',
      }),
    );
    await waitFor(() => expect(saved).toEqual([{ name: 'INV-000012.pdf', href: 'blob:invoice' }]));
    expect(await file?.text()).toBe('%PDF-1.7 invoice');
    expect(calls.find((call) => call.path.endsWith('/invoice.pdf'))).toEqual({
      method: 'GET',
      path: `/api/orders/${FLEET}/invoice.pdf`,
      body: undefined,
      authorization: 'Bearer admin-token',
    });
  });

  it('names each order by its number and the day it was placed, with its state in words beside SPEC’s badges', async () => {
    renderPage();
    const rows = bodyRows(await ordersTable());
    const rowOf = (number: number) => {
      const row = rows.find((entry) => within(entry).queryByText(`Order ${number}`));
      if (!row) throw new Error(`no row of order ${number}`);
      return row;
    };
    const placed = (order: Order) => `Placed ${dayText(order.createdAt)}`;
    // The number and the day head each row; the state follows SPEC's badge where SPEC has one.
    const fleetRow = rowOf(10021);
    expect(within(fleetRow).getByRole('rowheader').textContent).toMatch(
      new RegExp(`^Order 10021${placed(fleet)}Brake part 1`),
    );
    expect(within(fleetRow).getByText('Pending')).toBeTruthy();
    expect(within(fleetRow).getByText('Paid — being prepared')).toBeTruthy();
    expect(within(fleetRow).getByText('$315.00')).toBeTruthy();
    const workshopRow = rowOf(10022);
    expect(within(workshopRow).getByText('Shipped')).toBeTruthy();
    expect(within(workshopRow).getByText('Shipped — tracking 1Z 999 AA1 01')).toBeTruthy();
    expect(within(rowOf(10023)).getByText('Awaiting payment')).toBeTruthy();
    expect(rowOf(10023).textContent).toContain(placed(unpaid));
    expect(within(rowOf(10024)).getByText('Awaiting approval')).toBeTruthy();
    expect(within(rowOf(10025)).getByText('Cancelled')).toBeTruthy();
    expect(within(rowOf(10025)).queryByRole('button')).toBeNull();

    // The phone's cards are titled by the number, and say the same.
    const cards = within(screen.getByRole('list', { name: 'Orders' })).getAllByRole('article');
    expect(cards.map((card) => within(card).getByRole('heading').textContent)).toEqual([
      'Order 10021',
      'Order 10022',
      'Order 10023',
      'Order 10024',
      'Order 10025',
    ]);
    expect(within(cards[0] as HTMLElement).getByText('Paid — being prepared')).toBeTruthy();
    expect(within(cards[3] as HTMLElement).getByText('Awaiting approval')).toBeTruthy();
  });

  it('deletes an unpaid order after a dialog that names it; Cancel sends nothing, a double click on Yes deletes once', async () => {
    const user = userEvent.setup();
    renderPage();
    const table = await ordersTable();
    const remove = within(table).getByRole('button', {
      name: 'Delete order 10023 of unpaid@fleet.test',
    });
    await user.click(remove);
    let dialog = await screen.findByRole('dialog', { name: 'Delete order 10023?' });
    expect(dialog.textContent).toContain(
      'Order 10023 of Unpaid Buyer (unpaid@fleet.test), 3 × Brake part 9 for $15.00, is unpaid',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Keep the order' }));
    expect(screen.queryByRole('dialog', { name: 'Delete order 10023?' })).toBeNull();
    expect(calls.filter((call) => call.method === 'DELETE')).toEqual([]);

    await user.click(remove);
    dialog = await screen.findByRole('dialog', { name: 'Delete order 10023?' });
    // Two clicks before the page can re-render the button as busy, as a quick double click lands.
    const yes = within(dialog).getByRole('button', { name: 'Yes, delete the order' });
    act(() => {
      yes.click();
      yes.click();
    });
    expect(await screen.findByRole('dialog', { name: 'Deleted!' })).toBeTruthy();
    expect(calls.filter((call) => call.method === 'DELETE').map((call) => call.path)).toEqual([
      `/api/deleteorder/${UNPAID}`,
    ]);
    expect(screen.queryByText('No documents matched the query. Deleted 0 Item.')).toBeNull();
  });
  it("shows a line's units waiting for a restock, and the server's refusal to ship the order until they come (issue 32 #3)", async () => {
    const user = userEvent.setup();
    const [first, ...rest] = fleet.lines as [OrderLine, ...OrderLine[]];
    fleetNow = {
      ...fleet,
      lines: [
        { ...first, quantity: 10, backorder: { quantity: 5, expected: '2027-03-01' } },
        ...rest,
      ],
    };
    shipRefused = backorderMessages.waiting;
    renderPage();
    const table = await ordersTable();
    const [fleetRow] = bodyRows(table) as [HTMLElement];
    expect(
      within(linesOf(fleetRow, 10021)[0] as HTMLElement).getByText(
        '5 backordered, expected 1 Mar 2027',
      ),
    ).toBeTruthy();
    expect(
      within(linesOf(fleetRow, 10021)[1] as HTMLElement).queryByText(/backordered/),
    ).toBeNull();

    await user.click(
      within(table).getByRole('button', { name: 'Ship order 10021 of buyer@fleet.test' }),
    );
    await screen.findByRole('textbox', { name: 'Tracking number (optional)' });
    await user.click(screen.getByRole('button', { name: 'Ship the order' }));
    // The server's words reach the admin; the order stays pending, to be shipped once it can.
    await waitFor(() =>
      expect(toasts).toEqual([
        'This order waits for backordered parts: it ships complete when they arrive',
      ]),
    );
    expect(within(fleetRow).getByText('Pending')).toBeTruthy();
    expect(
      within(table).getByRole('button', { name: 'Ship order 10021 of buyer@fleet.test' }),
    ).toBeTruthy();
  });
});
