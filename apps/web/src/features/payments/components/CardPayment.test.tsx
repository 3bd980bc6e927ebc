// The payment page's card form (SPEC §4) and company orders (issue 18): an order that awaits the
// approval of the buyer's company owner says so instead of offering the card form, and asks for
// no payment intent (the server would refuse it).
import type { Order } from '@axle/contract';
import { companyMessages } from '@axle/contract/company-texts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonReply, stubApi } from '../../../lib/test-api.ts';
import { CardPayment } from './CardPayment.tsx';

const order: Pick<Order, '_id' | 'partsId' | 'totalPrice' | 'approval'> = {
  _id: '11111111-1111-4111-8111-111111111111',
  partsId: '77777777-7777-4777-8777-777777777777',
  totalPrice: 185,
  approval: 'awaiting',
};

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('paying an order', () => {
  it('says an order awaiting approval cannot be paid yet, and offers no card form', async () => {
    const calls: string[] = [];
    stubApi((url) => {
      calls.push(url.pathname);
      return jsonReply(200, { payments: { provider: 'sandbox' }, taxRateBasisPoints: 0 });
    });
    render(
      <QueryClientProvider client={new QueryClient()}>
        <CardPayment order={order} onPaid={() => undefined} />
      </QueryClientProvider>,
    );
    expect(screen.getByText(companyMessages.awaitingApproval)).toBeTruthy();
    expect(screen.queryByLabelText('Card number')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Pay' })).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(calls).toEqual([]);
  });

  it('offers the card form once the order is approved', async () => {
    stubApi((url) =>
      url.pathname === '/api/config'
        ? jsonReply(200, { payments: { provider: 'sandbox' }, taxRateBasisPoints: 0 })
        : jsonReply(200, { clientSecret: 'pi_1_secret_2', amount: 185 }),
    );
    render(
      <QueryClientProvider client={new QueryClient()}>
        <CardPayment order={{ ...order, approval: 'approved' }} onPaid={() => undefined} />
      </QueryClientProvider>,
    );
    expect(await screen.findByLabelText('Card number')).toBeTruthy();
    expect(screen.queryByText(companyMessages.awaitingApproval)).toBeNull();
  });
});
