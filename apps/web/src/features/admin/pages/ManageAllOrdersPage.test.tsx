// Manage All Orders with orders of many lines (issue 17): each order shows its lines (the first
// five from the list, all of them on demand), its total, PO number, note and tracking number;
// shipping a paid order asks for a tracking number, checked before it is sent; a paid order's
// invoice is downloaded with the admin's token and saved under its number. Each order is named by
// its short number and the day it was placed, with its state in words (issue 30 #9); deleting an
// unpaid one asks first, naming it, and a double click deletes it once. A line's units waiting for
// a restock say so, and the server's refusal to ship such an order reaches the admin (issue 32 #3).
// A line's core deposit says how many old parts are owed and by when; recording the cores received
// sends the line's part and how many, checked first, shows the server's refusal in the dialog, and
// toasts the credit note it issued; an order's credit notes are listed and downloaded (issue 32 #4).
import type { CreditNote, Order, OrderLine } from '@axle/contract';
import { backorderMessages } from '@axle/contract/buying-texts';
import { coreMessages } from '@axle/contract/core-texts';
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

// The ship dialog and its form's rules (zod and the resolver) load on demand, after the page, as
// do the core charges' dialog, a line's core facts and an order's credit notes: on a busy machine
// their first import alone can outlast a wait for a message, so they are loaded before the tests.
beforeAll(() =>
  Promise.all([
    import('../components/ShipDialog.tsx'),
    import('../components/CoreReturnDialog.tsx'),
    import('../components/CoreFacts.tsx'),
    import('../components/CreditNotes.tsx'),
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
  deposits: 0,
  credited: 0,
  creditNotes: [],
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
  deposits: 0,
  credited: 0,
  creditNotes: [],
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
  deposits: 0,
  credited: 0,
  creditNotes: [],
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

// Core charges (issue 32 #4): a paid order of starters and calipers, some cores back already.
const CORES = 'ffffffff-6666-4666-8666-666666666666';
const STARTER = '11111111-0000-4000-8000-000000000001';
const CALIPER = '11111111-0000-4000-8000-000000000002';

const coreLine = (
  partId: string,
  partNumber: string,
  name: string,
  quantity: number,
  charge: number,
  returned: number,
): OrderLine => ({
  partId,
  partNumber,
  name,
  img: null,
  quantity,
  unitPrice: 150,
  listPrice: 150,
  total: quantity * 150,
  core: {
    charge,
    deposit: quantity * charge,
    returned,
    owed: quantity - returned,
    returnDays: 30,
    dueBy: '2025-03-31',
  },
});

const creditNote = (n: number, line: OrderLine, quantity: number): CreditNote => ({
  number: `CN-00000${n}`,
  partId: line.partId,
  partNumber: line.partNumber,
  name: line.name,
  quantity,
  amount: quantity * (line.core?.charge ?? 0),
  refundedTo: 'card',
  refundedAt: n === 1 ? '2025-03-05T10:01:00.000Z' : null,
  createdAt: '2025-03-05T10:00:00.000Z',
});

const starters = coreLine(STARTER, 'AX-STARTER', 'Starter motor', 2, 85, 1);
const calipers = coreLine(CALIPER, 'AX-CALIPER', 'Brake caliper', 3, 40, 0);
const coresOrder = unpaidOrder({
  _id: CORES,
  number: 10026,
  name: 'Garage Buyer',
  email: 'garage@cores.test',
  parts: 'Starter motor',
  partsId: STARTER,
  partsPrice: 150,
  quantity: 5,
  total: 1000,
  totalPrice: 1000,
  lines: [starters, calipers],
  lineCount: 2,
  deposits: 290,
  credited: 85,
  creditNotes: [creditNote(1, starters, 1)],
  paid: true,
  invoiceNumber: 'INV-000013',
  transaction: 'pi_sandbox_2',
});

/** The order once `quantity` more cores of `partId` came back: as the server answers it. */
function returnCores(order: Order, partId: string, quantity: number): Order {
  const lines = order.lines.map((entry) =>
    entry.partId === partId && entry.core
      ? {
          ...entry,
          core: {
            ...entry.core,
            returned: entry.core.returned + quantity,
            owed: entry.core.owed - quantity,
          },
        }
      : entry,
  );
  const returned = lines.find((entry) => entry.partId === partId) as OrderLine;
  const note = creditNote(order.creditNotes.length + 1, returned, quantity);
  return {
    ...order,
    lines,
    credited: order.credited + note.amount,
    creditNotes: [...order.creditNotes, note],
  };
}

type Call = { method: string; path: string; body: unknown; authorization: string | null };
/** The Idempotency-Key of each POST, in order. */
const postKeys: (string | null)[] = [];
/** The query of each orders export the page asked for. */
const exportQueries: string[] = [];
/** The query of each picking list the page asked for (issue 33 #2). */
const pickingQueries: string[] = [];
let calls: Call[];
/** The fleet order as the fake server keeps it. */
let fleetNow: Order;
/** The orders the fake server still holds. */
let listed: () => Order[];
let unpaidGone: boolean;
/** The server's refusal to ship the fleet order (a line waits for a restock, issue 32 #3). */
let shipRefused: string | null;
/** The cores order as the fake server keeps it, with every line. */
let coresNow: Order;
/** The server's refusal to record returned cores (another admin recorded some meanwhile). */
let coresRefused: string | null;

beforeEach(() => {
  calls = [];
  toasts.length = 0;
  shipRefused = null;
  coresNow = coresOrder;
  coresRefused = null;
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
    if (method === 'POST') postKeys.push(headers.get('idempotency-key'));
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
      case `GET /api/orderid/${CORES}`:
        return jsonReply(200, coresNow);
      case `POST /api/admin/orders/${CORES}/core-returns`: {
        if (coresRefused)
          return jsonReply(409, { error: { code: 'conflict', message: coresRefused } });
        const { partId, quantity } = (calls.at(-1)?.body ?? {}) as {
          partId: string;
          quantity: number;
        };
        coresNow = returnCores(coresNow, partId, quantity);
        return jsonReply(201, coresNow);
      }
      case `GET /api/orders/${CORES}/credit-notes/CN-000001.pdf`:
        return new Response(new Blob(['%PDF-1.7 credit note'], { type: 'application/pdf' }), {
          status: 200,
          headers: { 'content-type': 'application/pdf' },
        });
      case 'GET /api/admin/orders/export.csv':
        exportQueries.push(url.search);
        return new Response(new Blob(['orderNumber,orderId\r\n'], { type: 'text/csv' }), {
          status: 200,
          headers: { 'content-type': 'text/csv; charset=utf-8' },
        });
      case 'POST /api/admin/orders/ship': {
        const { orders } = (calls.at(-1)?.body ?? { orders: [] }) as {
          orders: { id: string; trackingNumber?: string }[];
        };
        const shipped: Order[] = [];
        const refused: { id: string; number: number | null; reason: string }[] = [];
        for (const entry of orders) {
          if (entry.id !== FLEET) {
            refused.push({ id: entry.id, number: 10026, reason: backorderMessages.waiting });
            continue;
          }
          fleetNow = { ...fleet, shipped: true, trackingNumber: entry.trackingNumber ?? null };
          shipped.push(fleetNow);
        }
        return jsonReply(200, { shipped, refused });
      }
      case 'GET /api/admin/orders/picking-list.pdf':
        pickingQueries.push(url.search);
        return new Response(new Blob(['%PDF-1.7 picking'], { type: 'application/pdf' }), {
          status: 200,
          headers: { 'content-type': 'application/pdf' },
        });
      case `GET /api/admin/orders/${FLEET}/packing-slip.pdf`:
        return new Response(new Blob(['%PDF-1.7 slip'], { type: 'application/pdf' }), {
          status: 200,
          headers: { 'content-type': 'application/pdf' },
        });
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

  it('exports the orders under the search, dates and state tab as a CSV file (issue 33 #3)', async () => {
    const user = userEvent.setup();
    const saved: string[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation(() => 'blob:orders');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved.push(this.download);
    });
    renderAt('/dashboard/manageallorders?q=fleet&from=2026-01-01&state=paid', {
      '/dashboard/manageallorders': <ManageAllOrdersPage />,
    });
    await user.click(await screen.findByRole('button', { name: 'Export as CSV' }));
    await waitFor(() =>
      expect(saved).toEqual([expect.stringMatching(/^axle-orders-\d{4}-\d{2}-\d{2}\.csv$/)]),
    );
    expect(exportQueries.at(-1)).toBe('?q=fleet&from=2026-01-01&state=paid');
    expect(calls.find((call) => call.path.endsWith('/export.csv'))?.authorization).toBe(
      'Bearer admin-token',
    );
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

describe('core charges on Manage All Orders (issue 32 #4)', () => {
  /** The cores order's row of the table, once the list is shown. */
  const coresRow = async () => {
    const [row] = bodyRows(await ordersTable()) as [HTMLElement];
    return row;
  };
  const recordButton = (scope: HTMLElement) =>
    within(scope).getByRole('button', {
      name: 'Record returned cores order 10026 of garage@cores.test',
    });
  const coresDialog = () =>
    screen.findByRole('dialog', { name: 'Record returned cores of order 10026' });

  it("shows each line's deposit, the cores owed and by when, those returned, and the order's credit notes", async () => {
    const user = userEvent.setup();
    const saved: { name: string; href: string }[] = [];
    let file: Blob | undefined;
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      file = blob as Blob;
      return 'blob:credit-note';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved.push({ name: this.download, href: this.href });
    });
    listed = () => [coresNow];
    renderPage();
    const row = await coresRow();
    const [starterLine, caliperLine] = linesOf(row, 10026) as [HTMLElement, HTMLElement];
    expect(await within(starterLine).findByText('Core deposit: 2 × $85.00 = $170.00')).toBeTruthy();
    // The day the old parts are due, as written (not a day early west of Greenwich).
    expect(within(starterLine).getByText('1 core to return by Mar 31, 2025')).toBeTruthy();
    expect(within(starterLine).getByText('1 core returned')).toBeTruthy();
    expect(within(caliperLine).getByText('3 cores to return by Mar 31, 2025')).toBeTruthy();
    expect(within(caliperLine).queryByText(/returned/)).toBeNull();
    expect(within(row).getByText('Core deposits $290.00')).toBeTruthy();
    expect(within(row).getByText('Credited back $85.00')).toBeTruthy();

    const notes = within(row).getByRole('list', { name: 'Credit notes of order 10026' });
    expect(
      within(notes)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'CN-000001 1 core of AX-STARTER Starter motor$85.00 refunded to the cardDownload credit note CN-000001',
    ]);
    await user.click(within(notes).getByRole('button', { name: 'Download credit note CN-000001' }));
    await waitFor(() =>
      expect(saved).toEqual([{ name: 'CN-000001.pdf', href: 'blob:credit-note' }]),
    );
    expect(await file?.text()).toBe('%PDF-1.7 credit note');
    expect(calls.find((call) => call.path.endsWith('CN-000001.pdf'))?.authorization).toBe(
      'Bearer admin-token',
    );
  });

  it('records the cores received of a chosen line: checked first, the server’s refusal shown in the dialog, then a credit note issued once', async () => {
    const user = userEvent.setup();
    listed = () => [coresNow];
    renderPage();
    const row = await coresRow();
    await user.click(recordButton(row));
    const dialog = await coresDialog();
    const line = within(dialog).getByRole('combobox', { name: 'Line' }) as HTMLSelectElement;
    expect(
      within(line)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['AX-STARTER Starter motor (1 owed)', 'AX-CALIPER Brake caliper (3 owed)']);
    const quantity = within(dialog).getByRole('textbox', {
      name: 'Cores received',
    }) as HTMLInputElement;
    expect(quantity.value).toBe('1');
    // Another line: all it owes.
    await user.selectOptions(line, 'AX-CALIPER Brake caliper (3 owed)');
    expect(quantity.value).toBe('3');

    // More than the line owes, or none, is refused before anything is sent.
    await user.clear(quantity);
    await user.type(quantity, '4');
    await user.click(within(dialog).getByRole('button', { name: 'Issue the credit note' }));
    expect(await within(dialog).findByText(coreMessages.tooMany(3))).toBeTruthy();
    await user.clear(quantity);
    await user.type(quantity, '0');
    expect(await within(dialog).findByText(coreMessages.quantity)).toBeTruthy();
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);

    // Another admin recorded two of them meanwhile: the server's words stay in the dialog.
    coresRefused = coreMessages.tooMany(1);
    await user.clear(quantity);
    await user.type(quantity, '2');
    await user.click(within(dialog).getByRole('button', { name: 'Issue the credit note' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'At most 1 core is still owed for this part',
    );
    expect(toasts).toEqual([]);

    coresRefused = null;
    // Two clicks before the page can re-render the button as busy: one credit note.
    const issue = within(dialog).getByRole('button', { name: 'Issue the credit note' });
    act(() => {
      issue.click();
      issue.click();
    });
    await waitFor(() => expect(toasts).toEqual(['Credit note CN-000002 issued']));
    expect(calls.filter((call) => call.method === 'POST')).toEqual([
      {
        method: 'POST',
        path: `/api/admin/orders/${CORES}/core-returns`,
        body: { partId: CALIPER, quantity: 2 },
        authorization: 'Bearer admin-token',
      },
      {
        method: 'POST',
        path: `/api/admin/orders/${CORES}/core-returns`,
        body: { partId: CALIPER, quantity: 2 },
        authorization: 'Bearer admin-token',
      },
    ]);
    await waitFor(() =>
      expect(
        screen.queryByRole('dialog', { name: 'Record returned cores of order 10026' }),
      ).toBeNull(),
    );
    // Both attempts were one attempt of the form (the same values after a refusal): one key, so a
    // reply lost on the way could not issue a second credit note.
    const [refusedKey, issuedKey] = postKeys.slice(-2);
    expect(refusedKey).toMatch(/^[0-9a-f-]{36}$/);
    expect(issuedKey).toBe(refusedKey);
    // The order as it is now: the caliper's cores returned, and its credit note listed.
    const caliperLine = linesOf(row, 10026)[1] as HTMLElement;
    expect(within(caliperLine).getByText('2 cores returned')).toBeTruthy();
    expect(within(caliperLine).getByText('1 core to return by Mar 31, 2025')).toBeTruthy();
    const notes = within(row).getByRole('list', { name: 'Credit notes of order 10026' });
    expect(within(notes).getAllByRole('listitem')[1]?.textContent).toContain(
      'CN-000002 2 cores of AX-CALIPER Brake caliper$80.00 to be refunded to the card',
    );
  });

  it('reads every line of an order the list carries in part, and offers no recording on an unpaid or cancelled order', async () => {
    const user = userEvent.setup();
    // The list carries the order's first line; its calipers are on the second.
    const partial: Order = {
      ...coresOrder,
      lines: [line(1)],
      lineCount: 2,
      credited: 0,
      creditNotes: [],
    };
    coresNow = { ...partial, lines: [line(1), calipers] };
    // Not paid yet: no day the cores are due by.
    const unpaidCores = unpaidOrder({
      lines: [
        {
          ...calipers,
          core: { ...(calipers.core as NonNullable<OrderLine['core']>), dueBy: null },
        },
      ],
      deposits: 120,
    });
    const cancelledCores = { ...coresOrder, _id: CANCELLED, number: 10025, cancelled: true };
    listed = () => [partial, unpaidCores, cancelledCores];
    renderPage();
    const [row, unpaidRow, cancelledRow] = bodyRows(await ordersTable()) as [
      HTMLElement,
      HTMLElement,
      HTMLElement,
    ];
    // Owed but not paid: the deposit, no day and no recording yet.
    expect(await within(unpaidRow).findByText('Core deposit: 3 × $40.00 = $120.00')).toBeTruthy();
    expect(within(unpaidRow).queryByText(/to return by/)).toBeNull();
    expect(within(unpaidRow).queryByRole('button', { name: /^Record returned cores/ })).toBeNull();
    expect(
      within(cancelledRow).queryByRole('button', { name: /^Record returned cores/ }),
    ).toBeNull();

    await user.click(recordButton(row));
    const dialog = await coresDialog();
    // One line owes cores: named, not chosen.
    expect(await within(dialog).findByText('AX-CALIPER Brake caliper (3 owed)')).toBeTruthy();
    expect(within(dialog).queryByRole('combobox')).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Issue the credit note' }));
    await waitFor(() =>
      expect(calls.filter((call) => call.method === 'POST').map((call) => call.body)).toEqual([
        { partId: CALIPER, quantity: 3 },
      ]),
    );
    await waitFor(() => expect(toasts).toEqual(['Credit note CN-000001 issued']));
  });
});

describe('shipping many orders at once (issue 33 #2)', () => {
  /** A second paid order, whose line waits for a restock: the server refuses to ship it. */
  const held: Order = { ...fleet, _id: CORES, number: 10026, name: 'Held Buyer' };
  /** Files the page saved, by name. */
  let saved: string[];

  beforeEach(() => {
    listed = () => [fleetNow, held, workshop, unpaid];
    pickingQueries.length = 0;
    saved = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation(() => 'blob:file');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved.push(this.download);
    });
  });
  beforeAll(() => import('../components/BulkShip.tsx'));

  it('ticks paid orders only, ships the selection with tracking numbers checked first, and lists what the server refused', async () => {
    const user = userEvent.setup();
    renderPage();
    const table = await ordersTable();
    const bar = await screen.findByRole('region', { name: 'Shipping' });
    expect(within(bar).getByText('No order selected')).toBeTruthy();
    // Shipped, unpaid and cancelled orders have no tick.
    expect(
      within(table)
        .getAllByRole('checkbox')
        .map((box) => box.closest('label')?.textContent),
    ).toEqual(['Select order 10021 of buyer@fleet.test', 'Select order 10026 of buyer@fleet.test']);

    await user.click(
      within(bar).getByRole('checkbox', { name: 'Select the 2 paid orders on this page' }),
    );
    expect(within(bar).getByText('2 orders selected')).toBeTruthy();
    await user.click(
      within(table).getByRole('checkbox', { name: 'Select order 10026 of buyer@fleet.test' }),
    );
    expect(within(bar).getByText('1 order selected')).toBeTruthy();
    expect(
      (
        within(bar).getByRole('checkbox', {
          name: 'Select the 2 paid orders on this page',
        }) as HTMLInputElement
      ).indeterminate,
    ).toBe(true);
    await user.click(
      within(table).getByRole('checkbox', { name: 'Select order 10026 of buyer@fleet.test' }),
    );

    await user.click(within(bar).getByRole('button', { name: 'Ship 2 orders…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ship 2 orders?' });
    const tracking = within(dialog).getByRole('textbox', {
      name: 'Tracking number of order 10021 (optional)',
    });
    await user.type(tracking, '1Z#9');
    await user.click(within(dialog).getByRole('button', { name: 'Ship them' }));
    expect(
      await within(dialog).findByText('trackingNumber is letters, digits, spaces and dashes'),
    ).toBeTruthy();
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);

    await user.clear(tracking);
    await user.type(tracking, '1Z 9');
    await user.click(within(dialog).getByRole('button', { name: 'Ship them' }));
    await waitFor(() =>
      expect(calls.filter((call) => call.method === 'POST').map((call) => call.body)).toEqual([
        { orders: [{ id: FLEET, trackingNumber: '1Z 9' }, { id: CORES }] },
      ]),
    );
    expect(await within(bar).findByRole('alert')).toHaveProperty(
      'textContent',
      expect.stringContaining(
        `One order was not shipped:Order 10026: ${backorderMessages.waiting}`,
      ),
    );
    expect(toasts).toContain('One order shipped.');
    await waitFor(() => expect(within(table).getByText('Shipped — tracking 1Z 9')).toBeTruthy());
    expect(within(bar).getByText('No order selected')).toBeTruthy();
    await user.click(within(bar).getByRole('button', { name: 'Dismiss' }));
    expect(within(bar).queryByRole('alert')).toBeNull();
  });

  it('prints the picking list of the selection, or of the orders waiting to ship, and a packing slip', async () => {
    const user = userEvent.setup();
    renderPage();
    const table = await ordersTable();
    const bar = await screen.findByRole('region', { name: 'Shipping' });
    await user.click(within(bar).getByRole('button', { name: 'Picking list of orders to ship' }));
    await waitFor(() => expect(pickingQueries).toEqual(['']));
    await user.click(
      within(table).getByRole('checkbox', { name: 'Select order 10021 of buyer@fleet.test' }),
    );
    await user.click(within(bar).getByRole('button', { name: 'Picking list of the selection' }));
    await waitFor(() => expect(pickingQueries).toEqual(['', `?ids=${FLEET}`]));
    expect(saved).toEqual([
      expect.stringMatching(/^picking-list-\d{4}-\d{2}-\d{2}\.pdf$/),
      expect.stringMatching(/^picking-list-\d{4}-\d{2}-\d{2}\.pdf$/),
    ]);

    await user.click(
      await within(table).findByRole('button', {
        name: 'Packing slip order 10021 of buyer@fleet.test',
      }),
    );
    await waitFor(() => expect(saved.at(-1)).toBe('packing-slip-order-10021.pdf'));
    // Not for an unpaid order.
    expect(within(table).queryByRole('button', { name: /^Packing slip order 10023/ })).toBeNull();
  });
});
