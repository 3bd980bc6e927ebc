// The payment page's order of one exchange part (issue 32 #4): the core deposits the total holds,
// the line's deposit and, once paid, the old parts still owed and by when, and the order's credit
// notes with their PDFs; before payment the card form, the total already holding the deposits.
import type { Order } from '@axle/contract';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonReply, stubApi } from '../../../lib/test-api.ts';
import { renderAt } from '../../../lib/test-render.tsx';
import { buyerUser, companyOrder } from '../../companies/test-fixtures.ts';
import PaymentPage from './PaymentPage.tsx';

const saved = vi.hoisted(() => [] as string[]);
vi.mock('../../../lib/save-file.ts', () => ({
  saveFile: (_file: Blob, name: string) => saved.push(name),
}));

const ORDER = '88888888-8888-4888-8888-888888888888';
const starter = {
  partId: '55555555-5555-4555-8555-555555555555',
  partNumber: '0 986 011',
  name: 'Starter Motor 12 V',
  img: null,
  quantity: 3,
  unitPrice: 120,
  listPrice: 120,
  total: 360,
};
const unpaid: Order = companyOrder(ORDER, buyerUser, {
  parts: starter.name,
  partsId: starter.partId,
  partsPrice: 120,
  quantity: 3,
  total: 495,
  totalPrice: 495,
  deposits: 135,
  lines: [
    {
      ...starter,
      core: { charge: 45, deposit: 135, returned: 0, owed: 3, returnDays: 30, dueBy: null },
    },
  ],
});
const paid: Order = {
  ...unpaid,
  paid: true,
  transaction: 'pi_123',
  invoiceNumber: 'INV-000009',
  credited: 45,
  lines: [
    {
      ...starter,
      core: { charge: 45, deposit: 135, returned: 1, owed: 2, returnDays: 30, dueBy: '2025-04-04' },
    },
  ],
  creditNotes: [
    {
      number: 'CN-000003',
      partId: starter.partId,
      partNumber: starter.partNumber,
      name: starter.name,
      quantity: 1,
      amount: 45,
      refundedTo: 'card',
      refundedAt: null,
      createdAt: '2025-03-12T08:59:00.000Z',
    },
  ],
};

let shown: Order;
let asked: string[];
beforeEach(() => {
  saved.length = 0;
  asked = [];
  stubApi((url) => {
    asked.push(url.pathname);
    if (url.pathname === `/api/orderid/${ORDER}`) return jsonReply(200, shown);
    if (url.pathname === `/api/orders/${ORDER}/credit-notes/CN-000003.pdf`)
      return new Response(new Blob(['%PDF-1.7']), {
        status: 200,
        headers: { 'content-type': 'application/pdf' },
      });
    return jsonReply(404, { error: { code: 'not_found', message: url.pathname } });
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderPage() {
  renderAt(`/payment/${ORDER}`, {
    '/payment/:id': <PaymentPage renderPayment={() => <p>Card form</p>} />,
  });
}

/** The order summary's terms and what each says. */
async function summary(): Promise<string[]> {
  const region = await screen.findByRole('region', { name: /Order summary/ });
  return [...region.querySelectorAll('dt')].map(
    (dt) => `${dt.textContent}: ${dt.nextElementSibling?.textContent}`,
  );
}

describe('the payment page of an exchange part (issue 32 #4)', () => {
  it('shows the deposits the total holds and the line’s deposit before the card form', async () => {
    shown = unpaid;
    renderPage();
    expect(await summary()).toContain(
      'Core deposits: $135.00refunded when the old parts come back',
    );
    expect((await summary()).at(-1)).toBe('Total: $495.00');
    expect(screen.getByText('Core deposit: 3 × $45.00 = $135.00')).toBeTruthy();
    expect(screen.queryByText(/to return by/)).toBeNull();
    expect(screen.getByText('Card form')).toBeTruthy();
  });

  it('says once paid what is still owed and by when, and downloads the credit note', async () => {
    shown = paid;
    renderPage();
    await summary();
    expect(screen.getByText('2 cores to return by Apr 4, 2025')).toBeTruthy();
    expect(screen.getByText('1 core returned')).toBeTruthy();
    const notes = within(await screen.findByRole('list', { name: 'Credit notes' }));
    expect(notes.getByText('1 core of 0 986 011 Starter Motor 12 V')).toBeTruthy();
    expect(notes.getByText('Refund to your card pending')).toBeTruthy();
    await userEvent.click(notes.getByRole('button', { name: 'Download credit note CN-000003' }));
    await vi.waitFor(() => expect(saved).toEqual(['CN-000003.pdf']));
    expect(asked).toContain(`/api/orders/${ORDER}/credit-notes/CN-000003.pdf`);
  });
});
