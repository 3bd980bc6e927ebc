// Checkout (issue 17 #2): the cart's lines and total as the server prices them, a saved address
// picked (the default first) or a new one typed, the PO number; the order then goes to payment.
import type { Address, CartReply } from '@axle/contract';
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { demoPads } from '../../../lib/test-api.ts';
import { renderAt } from '../../../lib/test-render.tsx';
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
  orderable: true,
};

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

let sent: unknown[];
beforeEach(() => {
  sent = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: URL | string, init: RequestInit = {}) => {
      const url = new URL(String(input));
      if (url.pathname === '/api/cart') return json(200, cart);
      if (url.pathname === '/api/addresses') return json(200, [home]);
      if (url.pathname === '/api/checkout' && init.method === 'POST') {
        sent.push(JSON.parse(String(init.body)));
        return json(201, { insertedId: ORDER, order: {} });
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
    expect(await screen.findByText('$8,625.00', { selector: 'td.font-bold' })).toBeTruthy();
    await screen.findByRole('radio', { name: /12 Dock Road/ });
    await userEvent.type(screen.getByLabelText('Phone'), '01712345678');
    await userEvent.type(screen.getByLabelText('Your PO number'), 'PO-7781');
    await userEvent.click(screen.getByRole('button', { name: 'Place the order' }));
    expect(await screen.findByText('Payment page')).toBeTruthy();
    expect(sent).toEqual([{ addressId: home._id, tel: '01712345678', poNumber: 'PO-7781' }]);
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
