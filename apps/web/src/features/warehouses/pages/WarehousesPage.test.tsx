// The admin's Warehouses page (issue 32 #2): the warehouses in the shop's order, one added with
// the contract's rules checked first, one changed in a dialog, and the server's refusals in its
// own words.
import type { Warehouse } from '@axle/contract';
import { warehouseMessages } from '@axle/contract/warehouse-texts';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonReply, stubApi } from '../../../lib/test-api.ts';
import { renderAt } from '../../../lib/test-render.tsx';
import { CHATTOGRAM, DHAKA } from '../test-fixtures.ts';
import WarehousesPage from './WarehousesPage.tsx';

const toasts: string[] = [];
vi.mock('../../../lib/toast.ts', () => ({
  toast: {
    success: (message: string) => toasts.push(message),
    error: (message: string) => toasts.push(message),
    info: (message: string) => toasts.push(message),
  },
}));

type Sent = { method: string; path: string; body: unknown };
let sent: Sent[];
let warehouses: Warehouse[];
/** What the server says to the next change instead of making it. */
let refusal: { status: number; message: string } | null;

beforeAll(async () => {
  await Promise.all([
    import('../form-rules.ts'),
    import('../components/AddWarehouseForm.tsx'),
    import('../components/WarehouseDialog.tsx'),
  ]);
});
beforeEach(() => {
  sent = [];
  toasts.length = 0;
  warehouses = [DHAKA, CHATTOGRAM];
  refusal = null;
  stubApi((url, init) => {
    const method = init?.method ?? 'GET';
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    if (method === 'GET' && url.pathname === '/api/warehouses') return jsonReply(200, warehouses);
    sent.push({ method, path: url.pathname, body });
    if (refusal)
      return jsonReply(refusal.status, { error: { code: 'x', message: refusal.message } });
    if (method === 'POST' && url.pathname === '/api/admin/warehouses') {
      const added = { ...body, position: body.position ?? warehouses.length } as Warehouse;
      warehouses = [...warehouses, added];
      return jsonReply(201, added);
    }
    const code = /^\/api\/admin\/warehouses\/([A-Z0-9]+)$/.exec(url.pathname)?.[1];
    const found = warehouses.find((each) => each.code === code);
    if (method === 'PUT' && found) {
      const saved = { ...found, ...body };
      warehouses = warehouses.map((each) => (each === found ? saved : each));
      return jsonReply(200, saved);
    }
    return jsonReply(404, { error: { code: 'not_found', message: url.pathname } });
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const renderPage = () =>
  renderAt('/dashboard/warehouses', { '/dashboard/warehouses': <WarehousesPage /> });
const table = async () => within(await screen.findByRole('table', { name: /^Warehouses/ }));
const rowTexts = async () =>
  (await table())
    .getAllByRole('row')
    .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));
const addForm = async () => within(await screen.findByRole('region', { name: 'Add a warehouse' }));
async function type(user: ReturnType<typeof userEvent.setup>, field: HTMLElement, text: string) {
  await user.clear(field);
  if (text) {
    await user.click(field);
    await user.paste(text);
  }
}

describe('the Warehouses page', () => {
  it('lists the warehouses in the shop’s order with their cutoff, time zone and working days', async () => {
    renderPage();
    expect(await rowTexts()).toEqual([
      ['Code', 'Name', 'City', 'Cutoff', 'Time zone', 'Working days', 'Position', 'Actions'],
      [
        'DHK',
        'Dhaka',
        'Dhaka',
        '16:00',
        'Asia/Dhaka',
        'Mon, Tue, Wed, Thu, Sun',
        '0',
        'Edit Dhaka',
      ],
      [
        'CTG',
        'Chattogram',
        'Chattogram',
        '15:00',
        'Asia/Dhaka',
        'Mon, Tue, Wed, Thu, Sun',
        '1',
        'Edit Chattogram',
      ],
    ]);
    // On a phone, one card per warehouse.
    const cards = screen.getByRole('list', { name: 'Warehouses' });
    expect(within(cards).getByRole('heading', { name: 'Dhaka (DHK)' })).toBeTruthy();
  });

  it('adds a warehouse, its fields checked with the contract’s rules before anything is sent', async () => {
    const user = userEvent.setup();
    renderPage();
    const form = await addForm();
    const days = form.getByRole('group', { name: 'Working days' });
    // Monday to Friday until 16:00 to begin with.
    expect(
      within(days)
        .getAllByRole('checkbox')
        .map((box) => (box as HTMLInputElement).checked),
    ).toEqual([true, true, true, true, true, false, false]);
    const zone = form.getByLabelText('Time zone');
    const zones = document.getElementById(zone.getAttribute('list') ?? '');
    expect(zones?.querySelector('option[value="Asia/Dhaka"]')).toBeTruthy();

    await type(user, form.getByLabelText('Code'), 'sylhet-1');
    await type(user, form.getByLabelText('Cutoff'), '4pm');
    await type(user, zone, 'Mars/Olympus');
    for (const day of ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'])
      await user.click(within(days).getByLabelText(day));
    await user.click(form.getByRole('button', { name: 'Add the warehouse' }));
    expect(await form.findByText(warehouseMessages.code)).toBeTruthy();
    expect(form.getByText(warehouseMessages.name)).toBeTruthy();
    expect(form.getByText(warehouseMessages.city)).toBeTruthy();
    expect(form.getByText(warehouseMessages.cutoff)).toBeTruthy();
    expect(form.getByText(warehouseMessages.timeZone)).toBeTruthy();
    expect(form.getByText(warehouseMessages.workingDays)).toBeTruthy();
    expect(days.getAttribute('aria-describedby')).toBe('warehouse-add-days-error');
    expect(document.activeElement).toBe(form.getByLabelText('Code'));
    expect(sent).toEqual([]);

    await type(user, form.getByLabelText('Code'), 'syl');
    await type(user, form.getByLabelText('Name'), 'Sylhet');
    await type(user, form.getByLabelText('City'), 'Sylhet');
    await type(user, form.getByLabelText('Cutoff'), '14:30');
    await type(user, zone, 'Asia/Dhaka');
    for (const day of ['Sunday', 'Monday', 'Wednesday'])
      await user.click(within(days).getByLabelText(day));
    await user.click(form.getByRole('button', { name: 'Add the warehouse' }));

    await waitFor(() =>
      expect(sent).toEqual([
        {
          method: 'POST',
          path: '/api/admin/warehouses',
          // In capitals, the days in order, and no position: it goes last.
          body: {
            code: 'SYL',
            name: 'Sylhet',
            city: 'Sylhet',
            cutoff: '14:30',
            timeZone: 'Asia/Dhaka',
            workingDays: [1, 3, 7],
          },
        },
      ]),
    );
    await waitFor(async () =>
      expect((await rowTexts())[3]).toEqual([
        'SYL',
        'Sylhet',
        'Sylhet',
        '14:30',
        'Asia/Dhaka',
        'Mon, Wed, Sun',
        '2',
        'Edit Sylhet',
      ]),
    );
    expect(toasts).toEqual(['Sylhet was added.']);
    // The form starts afresh.
    expect((form.getByLabelText('Code') as HTMLInputElement).value).toBe('');
  });

  it('shows the server’s words when it refuses a new warehouse', async () => {
    const user = userEvent.setup();
    renderPage();
    const form = await addForm();
    refusal = { status: 409, message: warehouseMessages.codeTaken('DHK') };
    await type(user, form.getByLabelText('Code'), 'DHK');
    await type(user, form.getByLabelText('Name'), 'Dhaka two');
    await type(user, form.getByLabelText('City'), 'Dhaka');
    await type(user, form.getByLabelText('Time zone'), 'Asia/Dhaka');
    await user.click(form.getByRole('button', { name: 'Add the warehouse' }));
    expect((await form.findByRole('alert')).textContent).toBe(
      'A warehouse with code DHK already exists',
    );
    expect(toasts).toEqual([]);
    expect((await rowTexts()).length).toBe(3);
  });

  it('changes a warehouse in a dialog, its code kept; a refusal shows inside it', async () => {
    const user = userEvent.setup();
    renderPage();
    await user.click((await table()).getByRole('button', { name: 'Edit Chattogram' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit Chattogram (CTG)' }));
    expect((dialog.getByLabelText('Cutoff') as HTMLInputElement).value).toBe('15:00');
    expect((dialog.getByLabelText('Position') as HTMLInputElement).value).toBe('1');
    expect(dialog.queryByLabelText('Code')).toBeNull();

    refusal = { status: 400, message: warehouseMessages.timeZone };
    await type(user, dialog.getByLabelText('Cutoff'), '17:00');
    await user.click(dialog.getByLabelText('Saturday'));
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    expect((await dialog.findByRole('alert')).textContent).toBe(warehouseMessages.timeZone);
    expect(screen.getByRole('dialog', { name: 'Edit Chattogram (CTG)' })).toBeTruthy();

    refusal = null;
    sent = [];
    await type(user, dialog.getByLabelText('Position'), '0');
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(sent).toEqual([
        {
          method: 'PUT',
          path: '/api/admin/warehouses/CTG',
          body: {
            name: 'Chattogram',
            city: 'Chattogram',
            cutoff: '17:00',
            timeZone: 'Asia/Dhaka',
            workingDays: [1, 2, 3, 4, 6, 7],
            position: 0,
          },
        },
      ]),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(toasts).toEqual(['Chattogram was saved.']);
    // Position 0, code CTG: now before Dhaka.
    expect((await rowTexts())[1]).toEqual([
      'CTG',
      'Chattogram',
      'Chattogram',
      '17:00',
      'Asia/Dhaka',
      'Mon, Tue, Wed, Thu, Sat, Sun',
      '0',
      'Edit Chattogram',
    ]);
  });
});
