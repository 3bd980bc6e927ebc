// The purchase form's money (issue 30 #2): what the order will cost as the quantity changes, at
// the volume price it reaches, what the next one would save, and quantity messages that say what
// is wrong; placing the order sends one request with an Idempotency-Key, however often it is pressed.
// An exchange part's core deposit is on top of the total, and says so (issue 32 #4).
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { demoPads } from '../../../lib/test-api.ts';
import { renderAt } from '../../../lib/test-render.tsx';
import { OrderForm } from './OrderForm.tsx';

const pads = {
  ...demoPads,
  priceTiers: [
    { minQuantity: 500, price: 17.25 },
    { minQuantity: 1000, price: 16.5 },
  ],
};

let sent: { body: unknown; key: string | null }[];
/** How the next order call is answered (then the shop answers as usual). */
let next: (() => Promise<Response>) | null;
beforeEach(() => {
  sent = [];
  next = null;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: URL | string, init: RequestInit = {}) => {
      const url = new URL(String(input));
      if (url.pathname === '/api/order' && init.method === 'POST') {
        sent.push({
          body: JSON.parse(String(init.body)),
          key: new Headers(init.headers).get('idempotency-key'),
        });
        const answer = next;
        next = null;
        if (answer) return answer();
        await new Promise((resolve) => setTimeout(resolve, 50));
        return new Response(
          JSON.stringify({
            insertedId: '99999999-9999-4999-8999-999999999999',
            order: { number: 10042 },
          }),
          { status: 201, headers: { 'content-type': 'application/json' } },
        );
      }
      return new Response('{}', { status: 404, headers: { 'content-type': 'application/json' } });
    }),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderForm() {
  renderAt('/purchase', {
    '/purchase': <OrderForm part={pads} customer={{ name: 'Rafiq', email: 'rafiq@garage.com' }} />,
  });
}

const total = () => document.querySelector('output');

async function setQuantity(value: string) {
  const input = screen.getByLabelText('Quantity');
  await userEvent.clear(input);
  if (value) await userEvent.type(input, value);
}

describe('the purchase form', () => {
  it('shows what the order will cost as the quantity changes, and what the next volume price saves', async () => {
    renderForm();
    expect(total()?.textContent).toBe(
      'Order total$1,850.00100 × $18.50Order 500 or more to pay $17.25 a unit: $1.25 less on each.',
    );
    await setQuantity('600');
    expect(total()?.textContent).toBe(
      'Order total$10,350.00600 × $17.25 · volume price from 500 unitsOrder 1000 or more to pay $16.50 a unit: $0.75 less on each.',
    );
    await setQuantity('1200');
    expect(total()?.textContent).toBe(
      'Order total$19,800.001200 × $16.50 · volume price from 1000 units',
    );
  });

  it('adds an exchange part’s core deposit to the total, and says what it is', async () => {
    renderAt('/purchase', {
      '/purchase': (
        <OrderForm
          part={{ ...pads, coreCharge: 35 }}
          customer={{ name: 'Rafiq', email: 'rafiq@garage.com' }}
        />
      ),
    });
    // 100 × $18.50, and 100 × $35.00 on top until the old parts come back.
    expect(total()?.textContent).toBe(
      'Order total$5,350.00100 × $18.50Core deposit: 100 × $35.00 = $3,500.00Order 500 or more to pay $17.25 a unit: $1.25 less on each.',
    );
    await setQuantity('600');
    expect(total()?.textContent).toContain('Order total$31,350.00');
    expect(total()?.textContent).toContain('Core deposit: 600 × $35.00 = $21,000.00');
  });

  it('says what is wrong with a quantity instead of a total, and will not place it', async () => {
    renderForm();
    await setQuantity('100.5');
    expect(screen.getByText('Quantity must be a whole number of units')).toBeTruthy();
    expect(total()).toBeNull();
    expect(screen.getByRole('button', { name: 'Place Order' })).toHaveProperty('disabled', true);
    await setQuantity('99');
    expect(screen.getByText('Minimum order 100')).toBeTruthy();
    await setQuantity('5000');
    expect(screen.getByText(`maximum order ${pads.availableQuantity}`)).toBeTruthy();
    expect(sent).toEqual([]);
  });

  it('places one order for a double click, with an Idempotency-Key, and names its number', async () => {
    renderForm();
    await userEvent.type(screen.getByLabelText('Phone'), '01712345678');
    await userEvent.selectOptions(screen.getByLabelText('City'), 'Dhaka');
    await userEvent.type(screen.getByLabelText('Street address'), 'House 12, Road 5');
    await userEvent.dblClick(screen.getByRole('button', { name: 'Place Order' }));
    expect(
      await screen.findByText('Your order number is 10042.', undefined, { timeout: 5000 }),
    ).toBeTruthy();
    expect(sent).toHaveLength(1);
    expect(sent[0]?.key).toMatch(/^[0-9a-f-]{36}$/);
    expect(sent[0]?.body).toMatchObject({ partsId: pads._id, quantity: 100, city: 'Dhaka' });
  });

  it('puts a value the server refuses beside its field, in its words', async () => {
    renderForm();
    next = async () =>
      new Response(
        JSON.stringify({
          error: {
            code: 'invalid',
            message: 'Enter a phone number we can call',
            fields: [{ path: 'tel', message: 'Enter a phone number we can call' }],
          },
        }),
        { status: 400, headers: { 'content-type': 'application/json' } },
      );
    await fillAndPlace();
    const phone = screen.getByLabelText('Phone');
    await vi.waitFor(() => expect(phone.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getAllByText('Enter a phone number we can call')).toHaveLength(1);
    expect(document.getElementById(phone.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'Enter a phone number we can call',
    );
  });

  it('says the shop could not be reached, and a retry goes as the same attempt', async () => {
    renderForm();
    next = () => Promise.reject(new TypeError('Failed to fetch'));
    await fillAndPlace();
    expect(
      await screen.findByText(/We could not reach the shop/, undefined, { timeout: 5000 }),
    ).toBeTruthy();
    expect(screen.queryByText(/Failed to fetch/)).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Place Order' }));
    expect(
      await screen.findByText('Your order number is 10042.', undefined, { timeout: 5000 }),
    ).toBeTruthy();
    expect(sent).toHaveLength(2);
    expect(sent[1]?.key).toBe(sent[0]?.key);
  });
});

async function fillAndPlace() {
  await userEvent.type(screen.getByLabelText('Phone'), '01712345678');
  await userEvent.selectOptions(screen.getByLabelText('City'), 'Dhaka');
  await userEvent.type(screen.getByLabelText('Street address'), 'House 12, Road 5');
  await userEvent.click(screen.getByRole('button', { name: 'Place Order' }));
}
