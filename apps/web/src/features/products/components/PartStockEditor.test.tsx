// A part's stock in each warehouse, beside its edit (issue 32 #2): every warehouse on a row of
// its own, each saved on its own with the body the contract takes, the server's refusal shown on
// its row; a save moves the part's available quantity and version, and the part form then edits
// from them (no stale-version refusal, no old total sent back).
import type { PartDetail, Warehouse } from '@axle/contract';
import { partMessages } from '@axle/contract/texts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { demoPads, jsonReply, stubApi } from '../../../lib/test-api.ts';
import { CHATTOGRAM, DHAKA } from '../../warehouses/test-fixtures.ts';
import EditPartForm from './EditPartForm.tsx';

const toasts: string[] = [];
vi.mock('../../../lib/toast.ts', () => ({
  toast: {
    success: (message: string) => toasts.push(message),
    error: (message: string) => toasts.push(message),
    info: (message: string) => toasts.push(message),
  },
}));

/** A third warehouse that holds none of the pads. */
const SYLHET: Warehouse = { ...DHAKA, code: 'SYL', name: 'Sylhet', city: 'Sylhet', position: 2 };

type Sent = { method: string; path: string; body: unknown; ifMatch: string | null };
let sent: Sent[];
let part: PartDetail;
let refuse: string | null;

beforeAll(async () => {
  await import('../form-rules.ts');
});
beforeEach(() => {
  sent = [];
  toasts.length = 0;
  refuse = null;
  part = {
    ...demoPads,
    crossReferences: [],
    fitment: { total: 0, groups: [] },
    availableQuantity: 2400,
    version: 'v1',
    stock: [
      { warehouse: 'DHK', quantity: 2000, restockDate: null },
      { warehouse: 'CTG', quantity: 400, restockDate: '2027-01-15' },
    ],
  };
  stubApi((url, init) => {
    const method = init?.method ?? 'GET';
    if (method === 'GET') {
      if (url.pathname === '/api/warehouses') return jsonReply(200, [DHAKA, CHATTOGRAM, SYLHET]);
      if (url.pathname === `/api/item/${part._id}`) return jsonReply(200, part);
      if (url.pathname === `/api/item/${part._id}/fitment`)
        return jsonReply(200, [], { 'X-Total-Count': '0' });
      if (url.pathname === '/api/categories') return jsonReply(200, []);
      return jsonReply(404, { error: { code: 'not_found', message: url.pathname } });
    }
    const body = JSON.parse(String(init?.body));
    const ifMatch = new Headers(init?.headers).get('if-match');
    sent.push({ method, path: url.pathname, body, ifMatch });
    if (refuse) return jsonReply(400, { error: { code: 'invalid', message: refuse } });
    if (url.pathname === `/api/admin/parts/${part._id}/stock`) {
      const before = part.stock.find((held) => held.warehouse === body.warehouse);
      const held = {
        warehouse: body.warehouse,
        quantity: body.quantity,
        restockDate:
          body.restockDate === undefined ? (before?.restockDate ?? null) : body.restockDate,
      };
      part = {
        ...part,
        availableQuantity: part.availableQuantity + body.quantity - (before?.quantity ?? 0),
        version: `v${Number(part.version.slice(1)) + 1}`,
        stock: before
          ? part.stock.map((each) => (each === before ? held : each))
          : [...part.stock, held],
      };
      return jsonReply(200, part);
    }
    return jsonReply(200, part);
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderEdit() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <EditPartForm part={part} onDone={vi.fn()} />
    </QueryClientProvider>,
  );
}

const stockRegion = async () =>
  within(await screen.findByRole('region', { name: 'Stock by warehouse' }));
const row = async (name: string) => within(await screen.findByRole('form', { name }));
const value = (field: HTMLElement) => (field as HTMLInputElement).value;

describe('the stock of a part in each warehouse', () => {
  it('shows every warehouse, one that holds none of it with 0', async () => {
    renderEdit();
    const region = await stockRegion();
    await region.findByRole('form', { name: 'Sylhet (SYL)' });
    const rows = region
      .getAllByRole('form')
      .map((form) => [
        form.getAttribute('aria-label') ?? within(form).getByRole('heading').textContent,
        value(within(form).getByLabelText(/^Quantity/)),
        value(within(form).getByLabelText(/^Restock date/)),
      ]);
    expect(rows).toEqual([
      ['Dhaka (DHK)', '2000', ''],
      ['Chattogram (CTG)', '400', '2027-01-15'],
      ['Sylhet (SYL)', '0', ''],
    ]);
    // Each control and button names its warehouse for a screen reader.
    const dhaka = await row('Dhaka (DHK)');
    expect(dhaka.getByLabelText('Quantity in Dhaka')).toBeTruthy();
    expect(dhaka.getByRole('button', { name: 'Save the stock in Dhaka' })).toBeTruthy();
  });

  it('saves one warehouse’s stock and restock date; the part form then edits the part as it is now', async () => {
    const user = userEvent.setup();
    renderEdit();
    const dhaka = await row('Dhaka (DHK)');
    const quantity = dhaka.getByLabelText('Quantity in Dhaka');
    await user.clear(quantity);
    await user.type(quantity, '1500');
    fireEvent.change(dhaka.getByLabelText('Restock date in Dhaka'), {
      target: { value: '2027-02-01' },
    });
    await user.click(dhaka.getByRole('button', { name: 'Save the stock in Dhaka' }));
    await waitFor(() =>
      expect(sent).toEqual([
        {
          method: 'PUT',
          path: `/api/admin/parts/${part._id}/stock`,
          body: { warehouse: 'DHK', quantity: 1500, restockDate: '2027-02-01' },
          ifMatch: null,
        },
      ]),
    );
    expect(toasts).toEqual(['Dhaka now holds 1,500 of this part']);
    // The part's total is the sum over its warehouses: the form shows it.
    await waitFor(() => expect(value(screen.getByLabelText('Available quantity'))).toBe('1900'));

    // A date cleared is forgotten.
    const chattogram = await row('Chattogram (CTG)');
    fireEvent.change(chattogram.getByLabelText('Restock date in Chattogram'), {
      target: { value: '' },
    });
    await user.click(chattogram.getByRole('button', { name: 'Save the stock in Chattogram' }));
    await waitFor(() =>
      expect(sent[1]?.body).toEqual({ warehouse: 'CTG', quantity: 400, restockDate: null }),
    );

    // The part form's save is of the part's new version, with its new total.
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(sent).toHaveLength(3));
    expect(sent[2]).toMatchObject({
      method: 'PUT',
      path: `/api/item/${part._id}`,
      ifMatch: '"v3"',
      body: { availableQuantity: 1900 },
    });
  });

  it('checks the quantity first, and shows the server’s refusal on its row', async () => {
    const user = userEvent.setup();
    renderEdit();
    const sylhet = await row('Sylhet (SYL)');
    const quantity = sylhet.getByLabelText('Quantity in Sylhet');
    await user.clear(quantity);
    await user.type(quantity, 'lots');
    await user.click(sylhet.getByRole('button', { name: 'Save the stock in Sylhet' }));
    expect(await sylhet.findByText(partMessages.availableQuantity)).toBeTruthy();
    expect(document.activeElement).toBe(quantity);
    expect(sent).toEqual([]);

    refuse = 'No warehouse with code SYL';
    await user.clear(quantity);
    await user.type(quantity, '30');
    await user.click(sylhet.getByRole('button', { name: 'Save the stock in Sylhet' }));
    expect((await sylhet.findByRole('alert')).textContent).toBe('No warehouse with code SYL');
    expect(sent).toHaveLength(1);
    expect(toasts).toEqual([]);
    // The other rows say nothing.
    expect((await row('Dhaka (DHK)')).queryByRole('alert')).toBeNull();
    expect(value(screen.getByLabelText('Available quantity'))).toBe('2400');
  });
});
