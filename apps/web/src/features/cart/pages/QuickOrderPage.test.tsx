// Quick order (issue 17 #4): lines typed, pasted or read from a CSV file are sent as they are; the
// reply says what went into the cart and why the other lines did not.
import type { QuickOrderReply } from '@axle/contract';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderAt } from '../../../lib/test-render.tsx';
import QuickOrderPage from './QuickOrderPage.tsx';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

let sent: unknown[];
const reply: QuickOrderReply = {
  added: [
    {
      line: 1,
      partId: '11111111-1111-4111-8111-111111111111',
      partNumber: 'P 83 140',
      name: 'Ceramic Front Brake Pad Set',
      quantity: 120,
      note: 'Same part as line 2: the quantities were added up',
    },
  ],
  refused: [{ line: 3, text: '=HYPERLINK("x"), 5', reason: 'No part with number =HYPERLINK("x")' }],
  cart: { lines: [], total: 0, deposits: 0, orderable: false },
};

beforeEach(() => {
  sent = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: URL | string, init: RequestInit = {}) => {
      const url = new URL(String(input));
      if (url.pathname === '/api/cart/quick' && init.method === 'POST') {
        sent.push(JSON.parse(String(init.body)));
        return json(200, reply);
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
  renderAt('/quick-order', { '/quick-order': <QuickOrderPage /> });
}

describe('quick order', () => {
  it('sends the lines and shows what was added and what was refused, as text', async () => {
    renderPage();
    await userEvent.type(
      screen.getByRole('textbox', { name: 'Part numbers and quantities' }),
      'P 83 140, 100{Enter}p-83-140, 20{Enter}=HYPERLINK("x"), 5',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Add to cart' }));
    const added = await screen.findByRole('heading', { name: 'Added to your cart (1)' });
    expect(sent).toEqual([{ text: 'P 83 140, 100\np-83-140, 20\n=HYPERLINK("x"), 5' }]);
    const tables = screen.getAllByRole('table');
    expect(within(tables[0] as HTMLElement).getByText('P 83 140')).toBeTruthy();
    expect(within(tables[0] as HTMLElement).getByText('120')).toBeTruthy();
    expect(added).toBeTruthy();
    expect(within(tables[1] as HTMLElement).getByText('=HYPERLINK("x"), 5')).toBeTruthy();
    expect(
      within(tables[1] as HTMLElement).getByText('No part with number =HYPERLINK("x")'),
    ).toBeTruthy();
  });

  it('reads a CSV file into the text, and sends nothing while the text is empty', async () => {
    renderPage();
    await userEvent.click(screen.getByRole('button', { name: 'Add to cart' }));
    expect(await screen.findByText('Type or paste at least one line.')).toBeTruthy();
    expect(sent).toEqual([]);
    const file = new File(['partNumber,quantity\nW 68/3,10\n'], 'order.csv', { type: 'text/csv' });
    await userEvent.upload(screen.getByLabelText('Or read a CSV file'), file);
    expect(
      (screen.getByRole('textbox', { name: 'Part numbers and quantities' }) as HTMLTextAreaElement)
        .value,
    ).toBe('partNumber,quantity\nW 68/3,10\n');
  });
});
