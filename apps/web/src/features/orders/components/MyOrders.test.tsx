// My Orders with company orders (issue 18): an order above the buyer's spending limit says it awaits
// approval and offers no PAY NOW (CANCEL ORDER stays); once approved it says so, with the owner's
// note, and can be paid (a rejected one is cancelled, and My Orders lists no cancelled order). An
// order that needed no approval looks as it always did (SPEC §4). An order on the company's account
// (issue 18 #4) says so, with its invoice and due date (or when it was settled), and never offers
// PAY NOW: the server takes no card for it. Each line says where it ships from (issue 32 #2), and
// how many of its units wait for a restock (issue 32 #3), and an exchange part's core deposit, the
// old parts still owed and returned, and the order's credit notes to download (issue 32 #4).
import type { CreditNote, Order } from '@axle/contract';
import { companyMessages } from '@axle/contract/company-texts';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonReply, stubApi } from '../../../lib/test-api.ts';
import { renderAt } from '../../../lib/test-render.tsx';
import { MyOrders } from './MyOrders.tsx';

const saved = vi.hoisted(() => [] as { name: string; type: string }[]);
vi.mock('../../../lib/save-file.ts', () => ({
  saveFile: (file: Blob, name: string) => saved.push({ name, type: file.type }),
}));

const AWAITING = '11111111-1111-4111-8111-111111111111';
const APPROVED = '22222222-2222-4222-8222-222222222222';
const PLAIN = '33333333-3333-4333-8333-333333333333';

const order = (id: string, parts: string, changes: Partial<Order> = {}): Order => ({
  _id: id,
  number: 10003,
  partsId: '77777777-7777-4777-8777-777777777777',
  parts,
  partsImg: null,
  partsPrice: 18.5,
  name: 'Bea Buyer',
  email: 'bea@fleet.test',
  tel: '+44 113 496 0000',
  country: 'United Kingdom',
  city: 'Leeds',
  address: '1 Depot Road',
  postalCode: 'LS1 4AB',
  quantity: 10,
  totalPrice: 185,
  total: 185,
  lines: [
    {
      partId: '77777777-7777-4777-8777-777777777777',
      partNumber: 'P 83 140',
      name: parts,
      img: null,
      quantity: 10,
      unitPrice: 18.5,
      listPrice: 18.5,
      total: 185,
    },
  ],
  lineCount: 1,
  deposits: 0,
  credited: 0,
  creditNotes: [],
  poNumber: null,
  note: null,
  invoiceNumber: null,
  trackingNumber: null,
  companyId: '44444444-4444-4444-8444-444444444444',
  approval: null,
  approvalNote: null,
  onAccount: false,
  dueAt: null,
  settledAt: null,
  paid: false,
  shipped: false,
  transaction: null,
  cancelled: false,
  createdAt: '2025-03-05T10:00:00.000Z',
  ...changes,
});

beforeEach(() => {
  stubApi((url) =>
    url.pathname === '/api/userorder'
      ? jsonReply(
          200,
          [
            order(AWAITING, 'Brake pads', { approval: 'awaiting' }),
            order(APPROVED, 'Oil filters', {
              approval: 'approved',
              approvalNote: 'Go ahead',
              lines: [
                {
                  partId: '77777777-7777-4777-8777-777777777777',
                  partNumber: 'W 68/3',
                  name: 'Oil filters',
                  img: null,
                  quantity: 10,
                  unitPrice: 18.5,
                  listPrice: 18.5,
                  total: 185,
                  vehicle: { id: null, label: 'Van 7 (DHA-1234)' },
                },
              ],
            }),
            order(PLAIN, 'Spark plugs', { companyId: null }),
          ],
          { 'X-Total-Count': '3' },
        )
      : jsonReply(404, { error: { code: 'not_found', message: url.pathname } }),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const card = (parts: string) => screen.getByRole('article', { name: parts });

describe('My Orders of a company buyer', () => {
  it('shows each order’s approval, and no PAY NOW while it awaits one', async () => {
    renderAt('/dashboard/myorder2', {
      '/dashboard/myorder2': <MyOrders email="bea@fleet.test" />,
    });
    await screen.findByRole('list', { name: 'Your orders' });

    const awaiting = within(card('Brake pads'));
    // Its state in words beside its number and day, said once: the approval row waits for a decision.
    expect(awaiting.getAllByText('Awaiting approval')).toHaveLength(1);
    expect(awaiting.queryByText('Approval:')).toBeNull();
    expect(awaiting.getByText('Order 10003')).toBeTruthy();
    expect(awaiting.getByText('Placed Mar 5, 2025')).toBeTruthy();
    expect(awaiting.getByText(companyMessages.awaitingApproval)).toBeTruthy();
    expect(awaiting.queryByRole('link', { name: 'PAY NOW' })).toBeNull();
    expect(awaiting.getByRole('button', { name: 'CANCEL ORDER' })).toBeTruthy();

    const approved = within(card('Oil filters'));
    expect(approved.getByText('Approved')).toBeTruthy();
    expect(approved.getByText('Go ahead')).toBeTruthy();
    // A line ordered for a fleet vehicle says which (issue 32 #5).
    expect(approved.getByText('For Van 7 (DHA-1234)')).toBeTruthy();
    expect(awaiting.queryByText(/^For /)).toBeNull();
    expect(approved.getByRole('link', { name: 'PAY NOW' }).getAttribute('href')).toBe(
      `/payment/${APPROVED}`,
    );
    expect(approved.getByRole('button', { name: 'CANCEL ORDER' })).toBeTruthy();

    // An order that needed no approval says nothing of it.
    const plain = within(card('Spark plugs'));
    expect(plain.getByText('Awaiting payment')).toBeTruthy();
    expect(plain.queryByText(/^Approval:/)).toBeNull();
    expect(plain.queryByText('Payment:')).toBeNull();
    expect(plain.getByRole('link', { name: 'PAY NOW' })).toBeTruthy();
  });
});

describe('My Orders of a company paying on account', () => {
  const INVOICED = '44444444-4444-4444-8444-444444444444';
  const SETTLED = '55555555-5555-4555-8555-555555555555';
  const WAITING = '66666666-6666-4666-8666-666666666666';

  it('shows the invoice and when it is due or was settled, and no PAY NOW', async () => {
    const onAccount = { onAccount: true, paid: true, transaction: 'on-account' };
    stubApi((url) =>
      url.pathname === '/api/userorder'
        ? jsonReply(
            200,
            [
              order(INVOICED, 'Brake pads', {
                ...onAccount,
                invoiceNumber: 'INV-000007',
                dueAt: '2025-04-04T10:00:00.000Z',
              }),
              order(SETTLED, 'Oil filters', {
                ...onAccount,
                invoiceNumber: 'INV-000006',
                dueAt: '2025-04-01T10:00:00.000Z',
                settledAt: '2025-03-20T10:00:00.000Z',
              }),
              order(WAITING, 'Spark plugs', { onAccount: true, approval: 'awaiting' }),
            ],
            { 'X-Total-Count': '3' },
          )
        : jsonReply(404, { error: { code: 'not_found', message: url.pathname } }),
    );
    renderAt('/dashboard/myorder2', {
      '/dashboard/myorder2': <MyOrders email="bea@fleet.test" />,
    });
    await screen.findByRole('list', { name: 'Your orders' });

    const invoiced = within(card('Brake pads'));
    expect(invoiced.getByText('Payment:')).toBeTruthy();
    expect(invoiced.getByText('On account · invoice INV-000007 · due Apr 4, 2025')).toBeTruthy();
    expect(invoiced.queryByRole('link', { name: 'PAY NOW' })).toBeNull();
    expect(invoiced.getByRole('button', { name: 'PROCESS SHIPMENT' })).toBeTruthy();

    expect(invoiced.getByText('Invoiced — being prepared')).toBeTruthy();

    const settled = within(card('Oil filters'));
    expect(
      settled.getByText('On account · invoice INV-000006 · settled Mar 20, 2025'),
    ).toBeTruthy();

    // Awaiting an owner: invoiced once approved, and cancellable, never paid by card.
    const waiting = within(card('Spark plugs'));
    expect(waiting.getByText('On account · invoiced once approved')).toBeTruthy();
    expect(waiting.queryByRole('link', { name: 'PAY NOW' })).toBeNull();
    expect(waiting.getByRole('button', { name: 'CANCEL ORDER' })).toBeTruthy();
  });
});

describe('My Orders’ lines (issue 32 #2)', () => {
  it('say which warehouses they ship from, and how many from each when several share one', async () => {
    const pads = order(AWAITING, 'Brake pads').lines[0] as Order['lines'][number];
    stubApi((url) =>
      url.pathname === '/api/userorder'
        ? jsonReply(
            200,
            [
              order(AWAITING, 'Brake pads', {
                lineCount: 3,
                deposits: 0,
                credited: 0,
                creditNotes: [],
                lines: [
                  { ...pads, shipsFrom: [{ warehouse: 'DHK', name: 'Dhaka', quantity: 10 }] },
                  {
                    ...pads,
                    partNumber: 'W 68/3',
                    name: 'Oil filters',
                    quantity: 15,
                    shipsFrom: [
                      { warehouse: 'DHK', name: 'Dhaka', quantity: 1 },
                      { warehouse: 'CTG', name: 'Chattogram', quantity: 14 },
                    ],
                  },
                  // Placed before there were warehouses: it says nothing of them.
                  { ...pads, partNumber: 'BKR6E', name: 'Spark plugs' },
                ],
              }),
            ],
            { 'X-Total-Count': '1' },
          )
        : jsonReply(404, { error: { code: 'not_found', message: url.pathname } }),
    );
    renderAt('/dashboard/myorder2', {
      '/dashboard/myorder2': <MyOrders email="bea@fleet.test" />,
    });
    await screen.findByRole('list', { name: 'Your orders' });
    const lines = within(card('Brake pads')).getAllByRole('row').slice(1);
    expect(within(lines[0] as HTMLElement).getByText('Ships from Dhaka')).toBeTruthy();
    expect(
      within(lines[1] as HTMLElement).getByText('Ships from Dhaka (1), Chattogram (14)'),
    ).toBeTruthy();
    expect(within(lines[2] as HTMLElement).queryByText(/Ships from/)).toBeNull();
  });
});

describe('My Orders’ backordered lines (issue 32 #3)', () => {
  it('say how many units wait for the restock, and when it is expected while that is known', async () => {
    const pads = order(AWAITING, 'Alternators').lines[0] as Order['lines'][number];
    stubApi((url) =>
      url.pathname === '/api/userorder'
        ? jsonReply(
            200,
            [
              order(AWAITING, 'Alternators', {
                paid: true,
                lineCount: 3,
                deposits: 0,
                credited: 0,
                creditNotes: [],
                lines: [
                  {
                    ...pads,
                    partNumber: '439698',
                    name: 'Alternators',
                    quantity: 9,
                    shipsFrom: [{ warehouse: 'DHK', name: 'Dhaka', quantity: 4 }],
                    backorder: { quantity: 5, expected: '2027-03-01' },
                  },
                  // The restock date was forgotten since: the units still wait.
                  { ...pads, partNumber: 'W 68/3', backorder: { quantity: 2, expected: null } },
                  { ...pads, partNumber: 'BKR6E', name: 'Spark plugs' },
                ],
              }),
            ],
            { 'X-Total-Count': '1' },
          )
        : jsonReply(404, { error: { code: 'not_found', message: url.pathname } }),
    );
    renderAt('/dashboard/myorder2', {
      '/dashboard/myorder2': <MyOrders email="bea@fleet.test" />,
    });
    await screen.findByRole('list', { name: 'Your orders' });
    const [waiting, undated, whole] = within(card('Alternators')).getAllByRole('row').slice(1) as [
      HTMLElement,
      HTMLElement,
      HTMLElement,
    ];
    expect(within(waiting).getByText('Ships from Dhaka')).toBeTruthy();
    expect(within(waiting).getByText('5 backordered, expected 1 Mar 2027')).toBeTruthy();
    expect(within(undated).getByText('2 backordered')).toBeTruthy();
    expect(within(whole).queryByText(/backordered/)).toBeNull();
  });
});

describe('My Orders’ core charges (issue 32 #4)', () => {
  const PAID = '88888888-8888-4888-8888-888888888888';
  const UNPAID = '99999999-9999-4999-8999-999999999999';
  const base = order(PAID, 'Starter motors').lines[0] as Order['lines'][number];
  const starter = {
    ...base,
    partId: '55555555-5555-4555-8555-555555555555',
    partNumber: '0 986 011',
    name: 'Starter motors',
    quantity: 3,
    unitPrice: 120,
    listPrice: 120,
    total: 360,
  };
  const caliper = {
    ...base,
    partId: '66666666-6666-4666-8666-666666666666',
    partNumber: 'BHN 123',
    name: 'Brake calipers',
    quantity: 2,
    unitPrice: 80,
    listPrice: 80,
    total: 160,
  };
  const note = (changes: Partial<CreditNote>): CreditNote => ({
    number: 'CN-000001',
    partId: starter.partId,
    partNumber: starter.partNumber,
    name: starter.name,
    quantity: 1,
    amount: 45,
    refundedTo: 'card',
    refundedAt: '2025-03-12T09:00:00.000Z',
    createdAt: '2025-03-12T08:59:00.000Z',
    ...changes,
  });
  let asked: string[];

  beforeEach(() => {
    saved.length = 0;
    asked = [];
    const paid = order(PAID, 'Starter motors', {
      paid: true,
      transaction: 'pi_123',
      invoiceNumber: 'INV-000009',
      lineCount: 3,
      total: 890,
      totalPrice: 890,
      deposits: 195,
      credited: 105,
      lines: [
        {
          ...starter,
          core: {
            charge: 45,
            deposit: 135,
            returned: 1,
            owed: 2,
            returnDays: 30,
            dueBy: '2025-04-04',
          },
        },
        {
          ...caliper,
          core: {
            charge: 30,
            deposit: 60,
            returned: 2,
            owed: 0,
            returnDays: 30,
            dueBy: '2025-04-04',
          },
        },
        { ...base, partNumber: 'BKR6E', name: 'Spark plugs', quantity: 10, total: 175 },
      ],
      creditNotes: [
        note({}),
        note({
          number: 'CN-000002',
          partId: caliper.partId,
          partNumber: caliper.partNumber,
          name: caliper.name,
          quantity: 2,
          amount: 60,
          refundedAt: null,
        }),
      ],
    });
    const unpaid = order(UNPAID, 'Calipers to pay', {
      total: 220,
      totalPrice: 220,
      deposits: 60,
      lines: [
        {
          ...caliper,
          name: 'Calipers to pay',
          core: { charge: 30, deposit: 60, returned: 0, owed: 2, returnDays: 30, dueBy: null },
        },
      ],
    });
    stubApi((url) => {
      asked.push(url.pathname);
      if (url.pathname === '/api/userorder')
        return jsonReply(200, [paid, unpaid], { 'X-Total-Count': '2' });
      if (url.pathname === `/api/orders/${PAID}/credit-notes/CN-000002.pdf`)
        return new Response(new Blob(['%PDF-1.7'], { type: 'application/pdf' }), {
          status: 200,
          headers: { 'content-type': 'application/pdf' },
        });
      return jsonReply(404, { error: { code: 'not_found', message: url.pathname } });
    });
  });

  it('says each line’s deposit, the old parts still owed and by when, and those returned', async () => {
    renderAt('/dashboard/myorder2', {
      '/dashboard/myorder2': <MyOrders email="bea@fleet.test" />,
    });
    await screen.findByRole('list', { name: 'Your orders' });
    const paid = within(card('Starter motors'));
    const [starterRow, caliperRow, plugsRow] = paid.getAllByRole('row').slice(1) as HTMLElement[];
    const starterLine = within(starterRow as HTMLElement);
    expect(starterLine.getByText('Core deposit: 3 × $45.00 = $135.00')).toBeTruthy();
    // Owed cores are marked: their deposit is kept after the day.
    expect(starterLine.getByText('2 cores to return by Apr 4, 2025').className).toContain(
      'badge-warning',
    );
    expect(starterLine.getByText('1 core returned')).toBeTruthy();
    const caliperLine = within(caliperRow as HTMLElement);
    expect(caliperLine.getByText('Core deposit: 2 × $30.00 = $60.00')).toBeTruthy();
    expect(caliperLine.getByText('2 cores returned')).toBeTruthy();
    expect(caliperLine.queryByText(/to return by/)).toBeNull();
    expect(within(plugsRow as HTMLElement).queryByText(/Core/)).toBeNull();
    // The deposits are a row of the foot, above the total that holds them.
    const deposits = paid.getByRole('rowheader', {
      name: 'Core deposits (refunded when the old parts come back)',
    });
    expect(deposits.closest('tr')?.textContent).toContain('$195.00');

    // Before the order is paid, no day runs yet: only the deposit shows.
    const unpaid = within(card('Calipers to pay'));
    expect(unpaid.getByText('Core deposit: 2 × $30.00 = $60.00')).toBeTruthy();
    expect(unpaid.queryByText(/to return by|returned/)).toBeNull();
    expect(unpaid.queryByText('Credit notes')).toBeNull();
  });

  it('lists the credit notes, where each one’s money went, and downloads a note’s PDF', async () => {
    renderAt('/dashboard/myorder2', {
      '/dashboard/myorder2': <MyOrders email="bea@fleet.test" />,
    });
    await screen.findByRole('list', { name: 'Your orders' });
    const paid = within(card('Starter motors'));
    expect(await paid.findByText('Core deposits given back: $105.00 of $195.00')).toBeTruthy();
    const [first, second] = within(paid.getByRole('list', { name: 'Credit notes' }))
      .getAllByRole('listitem')
      .map((item) => within(item));
    expect(first?.getByText('CN-000001')).toBeTruthy();
    expect(first?.getByText('1 core of 0 986 011 Starter motors')).toBeTruthy();
    expect(first?.getByText('$45.00')).toBeTruthy();
    expect(first?.getByText('Refunded to your card')).toBeTruthy();
    expect(second?.getByText('2 cores of BHN 123 Brake calipers')).toBeTruthy();
    expect(second?.getByText('Refund to your card pending')).toBeTruthy();
    expect(second?.queryByText('Refunded to your card')).toBeNull();

    await userEvent.click(paid.getByRole('button', { name: 'Download credit note CN-000002' }));
    await vi.waitFor(() =>
      expect(saved).toEqual([{ name: 'CN-000002.pdf', type: 'application/pdf' }]),
    );
    expect(asked).toContain(`/api/orders/${PAID}/credit-notes/CN-000002.pdf`);
  });

  it('says a company account’s credit note was credited to it', async () => {
    const ACCOUNT = '12121212-1212-4121-8121-121212121212';
    stubApi((url) =>
      url.pathname === '/api/userorder'
        ? jsonReply(
            200,
            [
              order(ACCOUNT, 'Starter motors', {
                paid: true,
                onAccount: true,
                transaction: 'on-account',
                invoiceNumber: 'INV-000010',
                dueAt: '2025-04-04T10:00:00.000Z',
                deposits: 45,
                credited: 45,
                lines: [
                  {
                    ...starter,
                    quantity: 1,
                    total: 120,
                    core: {
                      charge: 45,
                      deposit: 45,
                      returned: 1,
                      owed: 0,
                      returnDays: 30,
                      dueBy: '2025-04-04',
                    },
                  },
                ],
                creditNotes: [note({ refundedTo: 'account', refundedAt: null })],
              }),
            ],
            { 'X-Total-Count': '1' },
          )
        : jsonReply(404, { error: { code: 'not_found', message: url.pathname } }),
    );
    renderAt('/dashboard/myorder2', {
      '/dashboard/myorder2': <MyOrders email="bea@fleet.test" />,
    });
    await screen.findByRole('list', { name: 'Your orders' });
    const notes = within(
      await within(card('Starter motors')).findByRole('list', { name: 'Credit notes' }),
    );
    expect(notes.getByText('Credited to your company’s account')).toBeTruthy();
    expect(notes.queryByText(/pending/)).toBeNull();
  });
});
