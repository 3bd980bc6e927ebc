import { companyMessages } from '@axle/contract/company-texts';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  fill,
  ordersList,
  renderPage,
  resetServer,
  sent,
  server,
} from '../test-company-server.tsx';
import {
  BUYER_ORDER,
  buyerUser,
  companyOrder,
  fleet,
  OWNER_ORDER,
  ownerUser,
} from '../test-fixtures.ts';

vi.mock('../../accounts/index.ts', () => ({ useAuth: () => server.auth }));
vi.mock('../../../lib/toast.ts', () => ({
  toast: {
    success: (message: string) => server.toasts.push(message),
    error: (message: string) => server.toasts.push(message),
    info: (message: string) => server.toasts.push(message),
  },
}));

// The orders list and the decision dialog load as the page shows them: loaded once first, so
// that no test's first wait is spent on loading them.
beforeAll(async () => {
  await Promise.all([
    import('../components/CompanyOrders.tsx'),
    import('../components/DecisionDialog.tsx'),
  ]);
});
beforeEach(resetServer);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('My Company’s orders for an owner', () => {
  it("shows the company's orders with who placed them, and approves a buyer's order with a note", async () => {
    const user = userEvent.setup();
    renderPage();
    const [beas, olgas] = (await ordersList()) as [HTMLElement, HTMLElement];
    expect(beas.textContent).toContain('Order 10002');
    expect(beas.textContent).toContain('Bea Buyer');
    expect(beas.textContent).toContain('bea@fleet.test');
    expect(beas.textContent).toContain('$185.00');
    expect(beas.textContent).toContain('PO-77');
    expect(within(beas).getByText('Awaiting approval')).toBeTruthy();
    expect(within(beas).getByText('Not paid yet')).toBeTruthy();
    expect(within(beas).getByRole('table').textContent).toContain('P 83 140');
    expect(olgas.textContent).toContain('Olga Owner');
    expect(within(olgas).getByText('Paid')).toBeTruthy();
    // Her own order is not hers to approve (nor does it need it).
    expect(within(olgas).queryByRole('button', { name: /^Approve/ })).toBeNull();
    expect(screen.getByText('Showing 2 of 2')).toBeTruthy();

    await user.click(
      within(beas).getByRole('button', {
        name: 'Approve order 10002 of Bea Buyer for $185.00',
      }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Approve this order?' });
    expect(dialog.textContent).toContain(
      'Order 10002 of Bea Buyer for $185.00: Bea Buyer can then pay it.',
    );
    // The safe choice has the focus.
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Not now' }));
    await fill(user, within(dialog).getByLabelText(/Note to the buyer/), 'Fine for the vans');
    await user.click(within(dialog).getByRole('button', { name: 'Approve the order' }));

    await waitFor(() => expect(within(beas).getByText('Approved')).toBeTruthy());
    expect(within(beas).getByText('Fine for the vans')).toBeTruthy();
    expect(within(beas).queryByRole('button', { name: /^Approve/ })).toBeNull();
    expect(sent('POST')).toEqual([
      {
        method: 'POST',
        path: `/api/company/orders/${BUYER_ORDER}/approve`,
        body: { note: 'Fine for the vans' },
      },
    ]);
    expect(server.toasts).toContain('Order 10002 is approved: Bea Buyer can pay it now.');
    expect(document.activeElement).toBe(
      screen.getByRole('heading', { name: 'The company’s orders' }),
    );
  });

  it('sends the approval with an Idempotency-Key, and the same key again when its reply was lost', async () => {
    const user = userEvent.setup();
    server.loseReplies = 1;
    renderPage();
    const [beas] = (await ordersList()) as [HTMLElement];
    await user.click(within(beas).getByRole('button', { name: /^Approve/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve this order?' });
    const approve = within(dialog).getByRole('button', { name: 'Approve the order' });
    await user.click(approve);
    // The reply was lost: the dialog stays, with a message, and the same press is a retry.
    expect(await within(dialog).findByRole('alert')).toBeTruthy();
    await user.click(approve);
    await waitFor(() => expect(within(beas).getByText('Approved')).toBeTruthy());
    const [first, retry] = server.calls.filter((call) => call.method === 'POST');
    expect(first?.key).toMatch(/^[0-9a-f-]{36}$/);
    expect(retry?.key).toBe(first?.key);
  });

  it('approves without a note when none is given', async () => {
    const user = userEvent.setup();
    renderPage();
    const [beas] = (await ordersList()) as [HTMLElement];
    await user.click(within(beas).getByRole('button', { name: /^Approve/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve this order?' });
    await user.click(within(dialog).getByRole('button', { name: 'Approve the order' }));
    await waitFor(() => expect(sent('POST')).toHaveLength(1));
    expect(sent('POST')[0]?.body).toEqual({});
  });

  it('rejects an order only with a note saying why; it is then among the cancelled ones', async () => {
    const user = userEvent.setup();
    renderPage();
    const [beas] = (await ordersList()) as [HTMLElement];
    await user.click(within(beas).getByRole('button', { name: /^Reject/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject this order?' });
    expect(dialog.textContent).toContain(
      'Order 10002 of Bea Buyer for $185.00 is cancelled and its parts go back into stock.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Reject the order' }));
    expect(await within(dialog).findByText(companyMessages.rejectNote)).toBeTruthy();
    const note = within(dialog).getByLabelText('Why is it rejected?');
    expect(note.getAttribute('aria-invalid')).toBe('true');
    expect(sent('POST')).toEqual([]);

    await fill(user, note, 'Over budget this month');
    await user.click(within(dialog).getByRole('button', { name: 'Reject the order' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent('POST')).toEqual([
      {
        method: 'POST',
        path: `/api/company/orders/${BUYER_ORDER}/reject`,
        body: { note: 'Over budget this month' },
      },
    ]);
    expect(server.toasts).toContain('Order 10002 is rejected and cancelled.');
    await waitFor(async () => expect(await ordersList()).toHaveLength(1));

    await user.click(screen.getByRole('button', { name: 'Cancelled' }));
    await waitFor(() => expect(server.calls.at(-1)?.query).toBe('?state=cancelled&limit=20'));
    const [rejected] = (await ordersList()) as [HTMLElement];
    expect(within(rejected).getByText('Rejected')).toBeTruthy();
    expect(within(rejected).getByText('Over budget this month')).toBeTruthy();
    expect(within(rejected).getByText('Cancelled')).toBeTruthy();
    expect(within(rejected).queryByRole('button', { name: /^Approve|^Reject/ })).toBeNull();
  });

  it('filters the orders awaiting approval, and loads more of them on demand', async () => {
    server.pageSize = 1;
    const user = userEvent.setup();
    renderPage('/dashboard/company?orders=awaiting');
    expect(await ordersList()).toHaveLength(1);
    expect(
      screen.getByRole('button', { name: 'Awaiting approval' }).getAttribute('aria-pressed'),
    ).toBe('true');
    expect(server.calls.find((call) => call.path === '/api/company/orders')?.query).toBe(
      '?state=awaiting&limit=20',
    );
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'All' }));
    await waitFor(async () => expect((await ordersList())[0]?.textContent).toContain('Bea'));
    expect(screen.getByText('Showing 1 of 2')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(async () => expect(await ordersList()).toHaveLength(2));
    expect(server.calls.at(-1)?.query).toBe('?state=all&limit=20&cursor=1');
    expect(screen.getByText('Showing 2 of 2')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });
});

describe('My Company paying on account (issue 18 #4)', () => {
  const account = { onAccount: true, creditLimit: 5000, termsDays: 30, creditUsed: 1250.5 };

  it('tells a buyer the credit limit, what is used and left and the terms, and which orders are invoiced', async () => {
    server.auth = { user: buyerUser };
    server.company = { ...fleet, role: 'buyer', invitations: [], account };
    server.orders = [
      companyOrder(BUYER_ORDER, buyerUser, {
        onAccount: true,
        paid: true,
        transaction: 'on-account',
        invoiceNumber: 'INV-000042',
        dueAt: '2025-04-04T10:00:00.000Z',
      }),
      companyOrder(OWNER_ORDER, ownerUser, {
        onAccount: true,
        paid: true,
        transaction: 'on-account',
        invoiceNumber: 'INV-000041',
        dueAt: '2025-04-03T10:00:00.000Z',
        settledAt: '2025-03-20T10:00:00.000Z',
      }),
    ];
    renderPage();
    const details = await screen.findByRole('region', { name: 'Company details: Fleet Parts Ltd' });
    expect(details.textContent).toContain(
      'Pays on account: credit limit $5,000.00, $1,250.50 used, $3,749.50 left, net 30 days',
    );

    const [open, settled] = (await ordersList()) as [HTMLElement, HTMLElement];
    expect(
      within(open).getByText('On account · invoice INV-000042 · due Apr 4, 2025'),
    ).toBeTruthy();
    expect(within(open).getByText('Invoiced on account')).toBeTruthy();
    expect(
      within(settled).getByText('On account · invoice INV-000041 · settled Mar 20, 2025'),
    ).toBeTruthy();
    expect(within(settled).getByText('Paid')).toBeTruthy();
  });

  it('invoices an order on account as the owner approves it, and reads the credit left again', async () => {
    server.company = { ...fleet, account };
    server.orders = [
      companyOrder(BUYER_ORDER, buyerUser, { approval: 'awaiting', onAccount: true }),
    ];
    const user = userEvent.setup();
    renderPage();
    const [beas] = (await ordersList()) as [HTMLElement];
    expect(within(beas).getByText('On account · invoiced once approved')).toBeTruthy();
    await user.click(within(beas).getByRole('button', { name: /^Approve/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve this order?' });
    expect(dialog.textContent).toContain(
      'Order 10002 of Bea Buyer for $185.00 is then invoiced on the company’s account.',
    );
    const asked = sent('GET', '/api/company').length;
    await user.click(within(dialog).getByRole('button', { name: 'Approve the order' }));

    await waitFor(() => expect(within(beas).getByText('Invoiced on account')).toBeTruthy());
    expect(
      within(beas).getByText('On account · invoice INV-000043 · due Apr 5, 2025'),
    ).toBeTruthy();
    expect(server.toasts).toContain(
      'Order 10002 is approved and invoiced on the company’s account as INV-000043.',
    );
    await waitFor(() => expect(sent('GET', '/api/company').length).toBeGreaterThan(asked));
  });
});
