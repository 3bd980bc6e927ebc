// My Addresses in the dashboard (issue 17 #3): the customer's ship-to addresses with the default
// marked, adding one (checked on the page first), changing one, making one the default and
// deleting one after saying so.
import type { Address, AddressBody } from '@axle/contract';
import { addressMessages } from '@axle/contract/buying-texts';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonReply, stubApi } from '../../../lib/test-api.ts';
import { renderAt } from '../../../lib/test-render.tsx';
import MyAddressesPage from './MyAddressesPage.tsx';

const HOME = '11111111-1111-4111-8111-111111111111';
const DEPOT = '22222222-2222-4222-8222-222222222222';
const NEW = '33333333-3333-4333-8333-333333333333';

const home: Address = {
  _id: HOME,
  line1: '12 Harbour Road',
  line2: 'Unit 4',
  city: 'Leeds',
  postalCode: 'LS1 4AB',
  country: 'United Kingdom',
  isDefault: true,
};
const depot: Address = {
  _id: DEPOT,
  line1: '900 Industrial Way',
  line2: null,
  city: 'Dayton',
  postalCode: '45402',
  country: 'United States',
  isDefault: false,
};

type Call = { method: string; path: string; body: unknown };
let calls: Call[];
/** The addresses as the fake server keeps them, the default first. */
let saved: Address[];
/** What the server says to the next POST instead of saving it. */
let refusal: { status: number; message: string } | null;

const byDefault = (list: Address[]) =>
  [...list].sort((a, b) => Number(b.isDefault) - Number(a.isDefault));

function answer(call: Call): Response {
  const { method, path } = call;
  const one = /^\/api\/addresses\/([^/]+)$/.exec(path)?.[1];
  if (path === '/api/addresses' && method === 'GET') return jsonReply(200, saved);
  if (path === '/api/addresses' && method === 'POST') {
    if (refusal)
      return jsonReply(refusal.status, { error: { code: 'conflict', message: refusal.message } });
    const body = call.body as AddressBody;
    const made: Address = {
      _id: NEW,
      line1: body.line1,
      line2: body.line2 ?? null,
      city: body.city,
      postalCode: body.postalCode,
      country: body.country,
      isDefault: saved.length === 0 || body.isDefault === true,
    };
    saved = byDefault([
      made,
      ...saved.map((a) => ({ ...a, isDefault: a.isDefault && !made.isDefault })),
    ]);
    return jsonReply(201, made);
  }
  if (one && method === 'PUT') {
    const body = call.body as AddressBody;
    saved = byDefault(
      saved.map((a) =>
        a._id === one
          ? { ...a, ...body, line2: body.line2 ?? null, isDefault: a.isDefault || !!body.isDefault }
          : { ...a, isDefault: a.isDefault && !body.isDefault },
      ),
    );
    return jsonReply(
      200,
      saved.find((a) => a._id === one),
    );
  }
  if (one && method === 'DELETE') {
    const gone = saved.find((a) => a._id === one);
    saved = saved.filter((a) => a._id !== one);
    if (gone?.isDefault && saved[0]) saved[0] = { ...saved[0], isDefault: true };
    return jsonReply(200, { deletedCount: 1 });
  }
  return jsonReply(404, { error: { code: 'not_found', message: `no ${method} ${path}` } });
}

beforeEach(() => {
  calls = [];
  saved = [home, depot];
  refusal = null;
  stubApi((url, init = {}) => {
    const call = {
      method: init.method ?? 'GET',
      path: url.pathname,
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    calls.push(call);
    return answer(call);
  });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderPage() {
  renderAt('/dashboard/addresses', { '/dashboard/addresses': <MyAddressesPage /> });
}

const addresses = async () =>
  within(await screen.findByRole('list', { name: 'Your addresses' })).getAllByRole('listitem');

const addForm = () =>
  within(screen.getByRole('region', { name: 'Add an address' })) as ReturnType<typeof within>;

const sent = (method: string) => calls.filter((call) => call.method === method);

describe('My Addresses', () => {
  it('lists the addresses, the default first and marked', async () => {
    renderPage();
    const [first, second] = await addresses();
    expect(first?.textContent).toContain('12 Harbour Road');
    expect(first?.textContent).toContain('Unit 4');
    expect(within(first as HTMLElement).getByText('Default')).toBeTruthy();
    expect(second?.textContent).toContain('900 Industrial Way');
    expect(within(second as HTMLElement).queryByText('Default')).toBeNull();
    // The default has nothing to be made.
    expect(within(first as HTMLElement).queryByRole('button', { name: 'Make default' })).toBeNull();
    expect(screen.getByText('2 of 20 addresses')).toBeTruthy();
  });

  it('says so when there is none, and the first one added is saved', async () => {
    saved = [];
    renderPage();
    expect(await screen.findByText(/No saved addresses yet/)).toBeTruthy();
    const form = addForm();
    // The first address is the default anyway: nothing to choose.
    expect(form.queryByLabelText('Make this my default address')).toBeNull();
    await userEvent.type(form.getByLabelText(/Address line 1/), '  1 Elm Street ');
    await userEvent.type(form.getByLabelText('City'), 'Springfield');
    await userEvent.type(form.getByLabelText('Postal code'), '62701');
    await userEvent.type(form.getByLabelText('Country'), 'United States');
    await userEvent.click(form.getByRole('button', { name: 'Save address' }));

    const [made] = await addresses();
    expect(made?.textContent).toContain('1 Elm Street');
    expect(within(made as HTMLElement).getByText('Default')).toBeTruthy();
    // The rules trim the text and turn an empty line 2 into none.
    expect(sent('POST')).toEqual([
      {
        method: 'POST',
        path: '/api/addresses',
        body: {
          line1: '1 Elm Street',
          line2: null,
          city: 'Springfield',
          postalCode: '62701',
          country: 'United States',
          isDefault: false,
        },
      },
    ]);
    // The form starts afresh.
    expect((form.getByLabelText(/Address line 1/) as HTMLInputElement).value).toBe('');
  });

  it('adds an address as the new default when asked', async () => {
    renderPage();
    await addresses();
    const form = addForm();
    await userEvent.type(form.getByLabelText(/Address line 1/), '5 Quay Street');
    await userEvent.type(form.getByLabelText(/Address line 2/), 'Dock 7');
    await userEvent.type(form.getByLabelText('City'), 'Dublin');
    await userEvent.type(form.getByLabelText('Postal code'), 'D02 X285');
    await userEvent.type(form.getByLabelText('Country'), 'Ireland');
    await userEvent.click(form.getByLabelText('Make this my default address'));
    await userEvent.click(form.getByRole('button', { name: 'Save address' }));

    await waitFor(async () => expect(await addresses()).toHaveLength(3));
    const [first, second] = await addresses();
    expect(first?.textContent).toContain('5 Quay Street');
    expect(within(first as HTMLElement).getByText('Default')).toBeTruthy();
    expect(within(second as HTMLElement).queryByText('Default')).toBeNull();
    expect(sent('POST')[0]?.body).toEqual({
      line1: '5 Quay Street',
      line2: 'Dock 7',
      city: 'Dublin',
      postalCode: 'D02 X285',
      country: 'Ireland',
      isDefault: true,
    });
  });

  it('shows what is wrong with the address and sends nothing', async () => {
    renderPage();
    await addresses();
    const form = addForm();
    await userEvent.type(form.getByLabelText('Postal code'), '#12');
    await userEvent.click(form.getByRole('button', { name: 'Save address' }));

    expect(await form.findByText(addressMessages.line1)).toBeTruthy();
    expect(form.getByText(addressMessages.city)).toBeTruthy();
    expect(form.getByText(addressMessages.postalCode)).toBeTruthy();
    expect(form.getByText(addressMessages.country)).toBeTruthy();
    const line1 = form.getByLabelText(/Address line 1/);
    expect(line1.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(line1);
    expect(sent('POST')).toEqual([]);

    // A message goes as soon as its value is fixed.
    await userEvent.type(line1, '1 Elm Street');
    await waitFor(() => expect(form.queryByText(addressMessages.line1)).toBeNull());
    expect(sent('POST')).toEqual([]);
  });

  it("shows the server's refusal", async () => {
    refusal = { status: 409, message: addressMessages.full };
    renderPage();
    await addresses();
    const form = addForm();
    await userEvent.type(form.getByLabelText(/Address line 1/), '1 Elm Street');
    await userEvent.type(form.getByLabelText('City'), 'Springfield');
    await userEvent.type(form.getByLabelText('Postal code'), '62701');
    await userEvent.type(form.getByLabelText('Country'), 'United States');
    await userEvent.click(form.getByRole('button', { name: 'Save address' }));
    expect((await form.findByRole('alert')).textContent).toBe(addressMessages.full);
  });

  it('offers no form once the list is full', async () => {
    saved = Array.from({ length: 20 }, (_, n) => ({
      ...depot,
      _id: `${String(n).padStart(8, '0')}-2222-4222-8222-222222222222`,
      isDefault: n === 0,
    }));
    renderPage();
    expect(await screen.findByText(/You keep 20 addresses/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Save address' })).toBeNull();
  });

  it('changes an address in place', async () => {
    renderPage();
    const [, depotItem] = await addresses();
    const item = within(depotItem as HTMLElement);
    await userEvent.click(item.getByRole('button', { name: 'Edit' }));

    const line1 = item.getByLabelText(/Address line 1/) as HTMLInputElement;
    expect(line1.value).toBe('900 Industrial Way');
    expect(document.activeElement).toBe(line1);
    await userEvent.clear(line1);
    await userEvent.type(line1, '910 Industrial Way');
    await userEvent.type(item.getByLabelText(/Address line 2/), 'Gate B');
    await userEvent.click(item.getByRole('button', { name: 'Save changes' }));

    await waitFor(async () => expect((await addresses())[1]?.textContent).toContain('Gate B'));
    expect(sent('PUT')).toEqual([
      {
        method: 'PUT',
        path: `/api/addresses/${DEPOT}`,
        body: {
          line1: '910 Industrial Way',
          line2: 'Gate B',
          city: 'Dayton',
          postalCode: '45402',
          country: 'United States',
          isDefault: false,
        },
      },
    ]);
    // The form has closed, and the focus is back on the address's Edit button.
    const edit = within((await addresses())[1] as HTMLElement).getByRole('button', {
      name: 'Edit',
    });
    expect(document.activeElement).toBe(edit);
  });

  it('cancels a change without sending it', async () => {
    renderPage();
    const [homeItem] = await addresses();
    const item = within(homeItem as HTMLElement);
    await userEvent.click(item.getByRole('button', { name: 'Edit' }));
    // The default needs no offer to become it.
    expect(item.queryByLabelText('Make this my default address')).toBeNull();
    await userEvent.type(item.getByLabelText('City'), 'shire');
    await userEvent.click(item.getByRole('button', { name: 'Cancel' }));
    expect(item.queryByLabelText('City')).toBeNull();
    expect(homeItem?.textContent).toContain('Leeds');
    expect(sent('PUT')).toEqual([]);
  });

  it('makes an address the default', async () => {
    renderPage();
    const [, depotItem] = await addresses();
    await userEvent.click(
      within(depotItem as HTMLElement).getByRole('button', { name: 'Make default' }),
    );
    await waitFor(async () =>
      expect((await addresses())[0]?.textContent).toContain('900 Industrial Way'),
    );
    const [first, second] = await addresses();
    expect(within(first as HTMLElement).getByText('Default')).toBeTruthy();
    expect(within(second as HTMLElement).queryByText('Default')).toBeNull();
    expect(sent('PUT')).toEqual([
      {
        method: 'PUT',
        path: `/api/addresses/${DEPOT}`,
        body: {
          line1: '900 Industrial Way',
          line2: null,
          city: 'Dayton',
          postalCode: '45402',
          country: 'United States',
          isDefault: true,
        },
      },
    ]);
  });

  it('deletes an address only after the customer confirms', async () => {
    renderPage();
    const [homeItem] = await addresses();
    await userEvent.click(within(homeItem as HTMLElement).getByRole('button', { name: 'Delete' }));
    let dialog = await screen.findByRole('dialog', { name: 'Delete this address?' });
    expect(dialog.textContent).toContain('12 Harbour Road, Unit 4, Leeds LS1 4AB, United Kingdom');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Keep it' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent('DELETE')).toEqual([]);

    await userEvent.click(within(homeItem as HTMLElement).getByRole('button', { name: 'Delete' }));
    dialog = await screen.findByRole('dialog', { name: 'Delete this address?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));

    await waitFor(async () => expect(await addresses()).toHaveLength(1));
    expect(sent('DELETE')).toEqual([
      { method: 'DELETE', path: `/api/addresses/${HOME}`, body: undefined },
    ]);
    // The one left became the default.
    const [left] = await addresses();
    expect(left?.textContent).toContain('900 Industrial Way');
    await waitFor(() => expect(within(left as HTMLElement).getByText('Default')).toBeTruthy());
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'My Addresses' }));
  });
});
