// Checkout (issue 17 #2): the cart's lines and total as the server prices them, a saved address
// picked (the default first) or a new one typed, the PO number; the order then goes to payment.
// A company that pays on account (issue 18 #4) chooses between a card and its account: on account
// the order is invoiced at once (or once an owner approves it), and the page says so. An exchange
// part's line says its core deposit, and the summary the deposits the total holds (issue 32 #4).
import type { Address, CartReply, Company, Order } from '@axle/contract';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { demoPads } from '../../../lib/test-api.ts';
import { renderAt } from '../../../lib/test-render.tsx';
import { buyerUser, companyOrder, fleet } from '../../companies/test-fixtures.ts';
import CheckoutPage from './CheckoutPage.tsx';

vi.mock('../../accounts/index.ts', () => ({
  useAuth: () => ({ user: { name: 'Rafiq', email: 'rafiq@garage.com' } }),
}));

const ORDER = '99999999-9999-4999-8999-999999999999';
const home: Address = {
  _id: '44444444-4444-4444-8444-444444444444',
  line1: '12 Dock Road',
  line2: null,
  city: 'Chattogram',
  postalCode: '4100',
  country: 'Bangladesh',
  isDefault: true,
};
const cart: CartReply = {
  lines: [{ part: demoPads, quantity: 500, unitPrice: 17.25, lineTotal: 8625, problems: [] }],
  total: 8625,
  deposits: 0,
  orderable: true,
};

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

let sent: unknown[];
/** The cart as the server prices it now. */
let shownCart: CartReply;
/** The Idempotency-Key of each checkout sent. */
let keys: (string | null)[];
/** The caller's company (null: none), and the order the checkout answers. */
let company: Company | null;
let placed: Partial<Order>;
beforeEach(() => {
  sent = [];
  shownCart = cart;
  keys = [];
  company = null;
  placed = {};
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: URL | string, init: RequestInit = {}) => {
      const url = new URL(String(input));
      if (url.pathname === '/api/cart') return json(200, shownCart);
      if (url.pathname === '/api/addresses') return json(200, [home]);
      if (url.pathname === '/api/company') return json(200, company ?? null);
      if (url.pathname === '/api/config')
        return json(200, { payments: { provider: 'sandbox' }, taxRateBasisPoints: 1500 });
      if (url.pathname === '/api/checkout' && init.method === 'POST') {
        sent.push(JSON.parse(String(init.body)));
        keys.push(new Headers(init.headers).get('idempotency-key'));
        return json(201, { insertedId: ORDER, order: placed });
      }
      return json(404, { error: { code: 'not_found', message: 'no' } });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderPage() {
  renderAt('/checkout', {
    '/checkout': <CheckoutPage />,
    '/payment/:id': <p>Payment page</p>,
  });
}

describe('checkout', () => {
  it('sends the default address, the phone and the PO number, then opens the payment page', async () => {
    renderPage();
    // What the order will cost, before it is placed: the total, and the tax it includes.
    await screen.findByText('Tax (15 %, included)');
    const summary = screen.getByText('Subtotal before tax').closest('dl');
    expect(summary?.textContent).toBe(
      'Subtotal before tax$7,500.00Tax (15 %, included)$1,125.00Total$8,625.00',
    );
    await screen.findByRole('radio', { name: /12 Dock Road/ });
    await userEvent.type(screen.getByLabelText('Phone'), '01712345678');
    await userEvent.type(screen.getByLabelText('Your PO number'), 'PO-7781');
    // A double click places one order: the button is busy after the first.
    await userEvent.dblClick(screen.getByRole('button', { name: 'Place the order' }));
    expect(await screen.findByText('Payment page')).toBeTruthy();
    expect(sent).toEqual([{ addressId: home._id, tel: '01712345678', poNumber: 'PO-7781' }]);
    expect(keys).toEqual([expect.stringMatching(/^[0-9a-f-]{36}$/)]);
    // A customer on their own pays by card: there is nothing to choose.
    expect(screen.queryByRole('group', { name: 'Payment' })).toBeNull();
  });

  it('checks a new address before it sends it', async () => {
    renderPage();
    await userEvent.click(await screen.findByRole('radio', { name: /new address/i }));
    await userEvent.type(screen.getByLabelText('Phone'), '017');
    await userEvent.click(screen.getByRole('button', { name: 'Place the order' }));
    expect(await screen.findByText(/Address line 1 is required/)).toBeTruthy();
    expect(sent).toEqual([]);
    await userEvent.type(screen.getByLabelText(/Address line 1/), '3 Depot Lane');
    await userEvent.type(screen.getByLabelText(/^City/), 'Leeds');
    await userEvent.type(screen.getByLabelText(/Postal code/), 'LS1 4DY');
    await userEvent.type(screen.getByLabelText(/Country/), 'United Kingdom');
    await userEvent.click(screen.getByRole('button', { name: 'Place the order' }));
    expect(await screen.findByText('Payment page')).toBeTruthy();
    expect(sent).toEqual([
      {
        address: {
          line1: '3 Depot Lane',
          line2: null,
          city: 'Leeds',
          postalCode: 'LS1 4DY',
          country: 'United Kingdom',
        },
        tel: '017',
      },
    ]);
  });
});

describe('checkout of an exchange part (issue 32 #4)', () => {
  it('says the line’s core deposit and counts the deposits in the total', async () => {
    const starter = { ...demoPads, name: 'Starter Motor 12 V', price: 120, coreCharge: 45 };
    shownCart = {
      lines: [
        {
          part: starter,
          quantity: 2,
          unitPrice: 120,
          lineTotal: 240,
          problems: [],
          core: { charge: 45, deposit: 90 },
        },
      ],
      total: 330,
      deposits: 90,
      orderable: true,
    };
    renderPage();
    await screen.findByText('Tax (15 %, included)');
    const line = screen.getAllByRole('row')[1] as HTMLElement;
    expect(within(line).getByText('Core deposit: 2 × $45.00 = $90.00')).toBeTruthy();
    expect(screen.getByText('Subtotal before tax').closest('dl')?.textContent).toBe(
      'Parts$240.00Core deposits (refunded when the old parts come back)$90.00Subtotal before tax$286.96Tax (15 %, included)$43.04Total$330.00',
    );
  });
});

describe('checkout for a company that pays on account', () => {
  const account = { onAccount: true, creditLimit: 10_000, termsDays: 30, creditUsed: 1_375.5 };
  const onAccountOrder = (changes: Partial<Order>) =>
    companyOrder(ORDER, buyerUser, { onAccount: true, total: 8625, totalPrice: 8625, ...changes });

  beforeEach(() => {
    company = { ...fleet, role: 'buyer', invitations: [], account };
  });

  async function placeWith(user: ReturnType<typeof userEvent.setup>, choose: () => Promise<void>) {
    renderPage();
    await screen.findByRole('radio', { name: /12 Dock Road/ });
    await choose();
    await user.type(screen.getByLabelText('Phone'), '01712345678');
    await user.click(screen.getByRole('button', { name: 'Place the order' }));
  }

  it('offers card or account, with the credit left and the terms; a card goes to the payment page', async () => {
    const user = userEvent.setup();
    await placeWith(user, async () => {
      const choice = await screen.findByRole('group', { name: 'Payment' });
      const card = within(choice).getByRole('radio', { name: 'Pay by card' }) as HTMLInputElement;
      const onAccount = within(choice).getByRole('radio', { name: 'Pay on account' });
      expect(card.checked).toBe(true);
      expect(onAccount.getAttribute('aria-describedby')).toBeTruthy();
      const hint = document.getElementById(onAccount.getAttribute('aria-describedby') ?? '');
      expect(hint?.textContent).toBe(
        'Invoiced to your company, due 30 days after the invoice (net 30). Credit left: $8,624.50 of $10,000.00.',
      );
    });
    expect(await screen.findByText('Payment page')).toBeTruthy();
    expect(sent).toEqual([{ addressId: home._id, tel: '01712345678' }]);
  });

  it('sends payment: account, chosen with the keyboard, and says the order is invoiced and when it is due', async () => {
    placed = onAccountOrder({
      paid: true,
      transaction: 'on-account',
      invoiceNumber: 'INV-000042',
      dueAt: '2025-04-04T10:00:00.000Z',
    });
    const user = userEvent.setup();
    await placeWith(user, async () => {
      const card = await screen.findByRole('radio', { name: 'Pay by card' });
      card.focus();
      await user.keyboard('{ArrowDown}');
      expect(
        (screen.getByRole('radio', { name: 'Pay on account' }) as HTMLInputElement).checked,
      ).toBe(true);
    });
    const notice = await screen.findByRole('status');
    expect(notice.textContent).toContain(
      'Your order is placed and invoiced on your company’s account.',
    );
    expect(notice.textContent).toContain('Invoice INV-000042 is due on Apr 4, 2025.');
    expect(document.activeElement).toBe(notice);
    expect(within(notice).getByRole('link', { name: 'Go to My Orders' })).toBeTruthy();
    expect(screen.queryByText('Payment page')).toBeNull();
    expect(sent).toEqual([{ addressId: home._id, tel: '01712345678', payment: 'account' }]);
  });

  it('says an order above the buyer’s limit awaits approval, and is invoiced once approved', async () => {
    placed = onAccountOrder({ approval: 'awaiting' });
    const user = userEvent.setup();
    await placeWith(user, () => user.click(screen.getByRole('radio', { name: 'Pay on account' })));
    const notice = await screen.findByRole('status');
    expect(notice.textContent).toContain(
      "Your order is placed: it awaits your company owner's approval before it is paid.",
    );
    expect(notice.textContent).toContain(
      'Once approved, it is invoiced on your company’s account: no card payment is needed.',
    );
    expect(screen.queryByText('Payment page')).toBeNull();
  });

  it('offers no choice to a company that pays by card', async () => {
    company = { ...fleet, role: 'buyer', invitations: [] };
    const user = userEvent.setup();
    await placeWith(user, async () => undefined);
    expect(await screen.findByText('Payment page')).toBeTruthy();
    expect(screen.queryByRole('radio', { name: 'Pay on account' })).toBeNull();
    expect(sent).toEqual([{ addressId: home._id, tel: '01712345678' }]);
  });
});
