// Add a Product's form with the catalogue's fields (issue 16 #7) and volume prices (issue 17 #6):
// a new part is sent with its volume prices, number, brand, category, weight, other brands'
// numbers, specifications and the vehicles it fits; an edit starts from all the part has (its
// volume prices too) and sends its vehicles back only when they were changed; the rules and the
// server's messages are shown. Whether the part takes backorders (issue 32 #3) is a checkbox,
// sent as allowBackorder and filled from the part on an edit. A core charge and its return days
// (issue 32 #4) are sent as numbers (no charge: null), checked with the contract's messages.
import type { PartDetail } from '@axle/contract';
import { coreMessages } from '@axle/contract/core-texts';
import { partMessages } from '@axle/contract/texts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  BRAKES_CATEGORY,
  COROLLA,
  demoPads,
  jsonReply,
  PADS_CATEGORY,
  stubApi,
} from '../../../lib/test-api.ts';
import { ITEMS_KEY } from '../../catalog/index.ts';
import { blankPart } from '../part-form-values.ts';
import EditPartForm from './EditPartForm.tsx';
import { PartForm } from './PartForm.tsx';

const BRAKES = BRAKES_CATEGORY;
const PADS = PADS_CATEGORY;
const FOCUS = '22222222-2222-4222-8222-222222222222';
// The pads as an admin edits them: no cross-references, and their vehicles read by page.
const pads: PartDetail = { ...demoPads, crossReferences: [], fitment: { total: 1, groups: [] } };
const json = jsonReply;

type Sent = { method: string; path: string; body: unknown };
let sent: Sent[];
let refuse: string | null;
/** The part as GET /api/item/{id} answers it. */
let answerPart: PartDetail;

function answer(url: URL, method: string): Response {
  if (method !== 'GET') {
    if (refuse) return json(400, { error: { code: 'invalid', message: refuse } });
    return method === 'POST' ? json(201, { insertedId: pads._id }) : json(200, pads);
  }
  const q = Object.fromEntries(url.searchParams);
  switch (url.pathname) {
    case '/api/categories':
      return json(200, [
        { id: BRAKES, name: 'Brakes', slug: 'brakes', parentId: null },
        { id: PADS, name: 'Brake pads', slug: 'brake-pads', parentId: BRAKES },
      ]);
    case `/api/item/${pads._id}`:
      return json(200, answerPart);
    case `/api/item/${pads._id}/fitment`:
      return json(
        200,
        [
          {
            make: 'Toyota',
            models: [
              {
                model: 'Corolla',
                vehicles: [
                  {
                    id: COROLLA,
                    yearFrom: 2014,
                    yearTo: 2019,
                    variant: '1.8L',
                    note: 'front axle',
                  },
                ],
              },
            ],
          },
        ],
        { 'X-Total-Count': '1' },
      );
    case '/api/vehicles/years':
      return json(200, [{ name: '2012' }]);
    case '/api/vehicles/makes':
      return json(200, q.year === '2012' ? [{ name: 'Ford' }] : []);
    case '/api/vehicles/models':
      return json(200, q.make === 'Ford' ? [{ name: 'Focus' }] : []);
    case '/api/vehicles/engines':
      return json(200, q.model === 'Focus' ? [{ id: FOCUS, name: '2.0L' }] : []);
    default:
      return json(404, { error: { code: 'not_found', message: `no ${url.pathname}` } });
  }
}

beforeEach(() => {
  sent = [];
  refuse = null;
  answerPart = pads;
  stubApi((url, init) => {
    const method = init?.method ?? 'GET';
    if (method !== 'GET')
      sent.push({ method, path: url.pathname, body: JSON.parse(String(init?.body)) });
    return answer(url, method);
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderForm(editing: PartDetail | null) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const onDone = vi.fn();
  render(
    <QueryClientProvider client={client}>
      {editing ? (
        <EditPartForm part={editing} onDone={onDone} />
      ) : (
        <PartForm editing={null} values={blankPart} onDone={onDone} />
      )}
    </QueryClientProvider>,
  );
  return onDone;
}

const input = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const select = (label: string) => screen.getByLabelText(label) as HTMLSelectElement;
const choose = async (label: string, option: string) => {
  await waitFor(() => expect(select(label).disabled).toBe(false));
  await screen.findByRole('option', { name: option });
  await userEvent.selectOptions(select(label), option);
};

/** Picks the 2012 Ford Focus 2.0L with the form's vehicle picker. */
async function addFocus() {
  await choose('Year', '2012');
  await choose('Make', 'Ford');
  await choose('Model', 'Focus');
  await choose('Engine', '2.0L');
  await userEvent.click(screen.getByRole('button', { name: 'Add vehicle' }));
}

describe('the part form', () => {
  it('adds a part with every catalogue field', async () => {
    const user = userEvent.setup();
    const onDone = renderForm(null);
    // The catalogue's fields come in a chunk of their own.
    await screen.findByLabelText('Part number');
    await user.type(input('Part name'), 'Ceramic Rear Pads');
    await user.type(input('Description'), 'Quiet pads.');
    await user.type(input('Available quantity'), '50');
    await user.type(input('Minimum order quantity'), '5');
    await user.type(input('Price (USD)'), '12.40');
    await user.click(screen.getByRole('button', { name: 'Add a volume price' }));
    await user.type(input('Volume price 1: from quantity'), '100');
    await user.type(input('Volume price 1: unit price (USD)'), '11.90');
    await user.click(screen.getByRole('button', { name: 'Add a volume price' }));
    await user.type(input('Volume price 2: from quantity'), '500');
    await user.type(input('Volume price 2: unit price (USD)'), '10.5');
    await user.type(input('Part number'), 'P 83 141');
    await user.click(
      screen.getByRole('checkbox', { name: 'Take backorders when a restock date is known' }),
    );
    await user.type(input('Brand'), 'Brembo');
    await choose('Category', 'Brakes › Brake pads');
    await user.type(input('Weight (kg)'), '1.2');
    await user.click(screen.getByRole('button', { name: 'Add an OE number' }));
    await user.type(input('OE number 1: maker'), 'Toyota');
    await user.type(input('OE number 1: number'), '04466-02220');
    await user.click(screen.getByRole('button', { name: 'Add a specification' }));
    await user.type(input('Specification 1: name'), 'Width');
    await user.type(input('Specification 1: value'), '120');
    await user.type(input('Specification 1: unit'), 'mm');
    await screen.findByRole('button', { name: 'Add vehicle' });
    await addFocus();
    await user.type(await screen.findByLabelText('Note for 2012 Ford Focus 2.0L'), 'rear axle');

    await user.click(screen.getByRole('button', { name: 'Add Product' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(sent).toEqual([
      {
        method: 'POST',
        path: '/api/items',
        body: {
          name: 'Ceramic Rear Pads',
          description: 'Quiet pads.',
          img: null,
          availableQuantity: 50,
          minimumQuantity: 5,
          price: 12.4,
          partNumber: 'P 83 141',
          supersededBy: null,
          allowBackorder: true,
          coreCharge: null,
          coreReturnDays: 30,
          brand: 'Brembo',
          categoryId: PADS,
          weightKg: 1.2,
          oeNumbers: [{ brand: 'Toyota', number: '04466-02220' }],
          crossReferences: [],
          attributes: [{ name: 'Width', value: '120', unit: 'mm' }],
          fitment: [{ vehicleId: FOCUS, note: 'rear axle' }],
          priceTiers: [
            { minQuantity: 100, price: 11.9 },
            { minQuantity: 500, price: 10.5 },
          ],
        },
      },
    ]);
  });

  it('edits a part from all it has, and sends its vehicles only once they are changed', async () => {
    const user = userEvent.setup();
    const onDone = renderForm(pads);
    await waitFor(() => expect(input('Part number').value).toBe('P 83 140'));
    expect(input('OE number 1: number').value).toBe('04465-02220');
    expect(input('Volume price 1: from quantity').value).toBe('500');
    expect(input('Volume price 1: unit price (USD)').value).toBe('17.25');
    expect(
      ((await screen.findByLabelText('Note for Toyota Corolla 2014–2019 1.8L')) as HTMLInputElement)
        .value,
    ).toBe('front axle');
    await screen.findByRole('option', { name: 'Brakes › Brake pads' });
    await waitFor(() => expect(select('Category').value).toBe(PADS));

    await user.clear(input('Part name'));
    await user.type(input('Part name'), 'Ceramic Front Pads');
    expect(input('Replaced by (part number)').value).toBe('');
    await user.type(input('Replaced by (part number)'), 'P 83 150');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(onDone).toHaveBeenCalledTimes(1));
    expect(sent[0]?.method).toBe('PUT');
    expect(sent[0]?.body).toMatchObject({
      name: 'Ceramic Front Pads',
      partNumber: 'P 83 140',
      supersededBy: 'P 83 150',
      brand: 'Brembo',
      categoryId: PADS,
      weightKg: 1.48,
      oeNumbers: [{ brand: 'Toyota', number: '04465-02220' }],
      attributes: [{ name: 'Width', value: '132.6', unit: 'mm' }],
      priceTiers: [{ minQuantity: 500, price: 17.25 }],
    });
    expect(sent[0]?.body).not.toHaveProperty('fitment');

    await user.click(screen.getByRole('button', { name: 'Remove Toyota Corolla 2014–2019 1.8L' }));
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]?.body).toMatchObject({ fitment: [] });
  });

  it('checks volume prices with the rules the server has, and an edit that removes them all clears them', async () => {
    const user = userEvent.setup();
    const onDone = renderForm(pads);
    await waitFor(() => expect(input('Volume price 1: from quantity').value).toBe('500'));
    await user.click(screen.getByRole('button', { name: 'Add a volume price' }));
    // A larger quantity at a higher price, and a price above the part's own (18.50).
    await user.type(input('Volume price 2: from quantity'), '1000');
    await user.type(input('Volume price 2: unit price (USD)'), '18');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText(partMessages.tiersOrder)).toBeTruthy();
    await user.clear(input('Volume price 2: unit price (USD)'));
    await user.type(input('Volume price 2: unit price (USD)'), '16');
    await user.clear(input('Volume price 1: unit price (USD)'));
    await user.type(input('Volume price 1: unit price (USD)'), '18.50');
    const price = input('Volume price 1: unit price (USD)');
    await waitFor(() => expect(price.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(`${price.id}-error`)?.textContent).toBe(partMessages.tierPrice);
    await user.clear(input('Volume price 2: from quantity'));
    await user.type(input('Volume price 2: from quantity'), '1');
    expect(await screen.findByText(partMessages.tierQuantity)).toBeTruthy();
    expect(sent).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Remove volume price 2' }));
    await user.click(screen.getByRole('button', { name: 'Remove volume price 1' }));
    expect(
      screen.getByText('No volume prices: every quantity costs the part’s price.'),
    ).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(onDone).toHaveBeenCalledTimes(1));
    expect(sent[0]?.body).toMatchObject({ priceTiers: [] });
  });

  it("checks the weight before sending, and shows the server's message", async () => {
    const user = userEvent.setup();
    renderForm(null);
    await user.type(input('Part name'), 'Pads');
    await user.type(input('Description'), 'Pads.');
    await user.type(input('Available quantity'), '1');
    await user.type(input('Minimum order quantity'), '1');
    await user.type(input('Price (USD)'), '1');
    await user.type(input('Weight (kg)'), '1.2345');
    await user.click(screen.getByRole('button', { name: 'Add Product' }));
    expect(
      await screen.findByText('Weight is given to the gram (at most 3 decimals)'),
    ).toBeTruthy();
    expect(sent).toEqual([]);

    await user.clear(input('Weight (kg)'));
    refuse = 'Part number P 83 140 is already used by Ceramic Front Brake Pad Set';
    await user.click(screen.getByRole('button', { name: 'Add Product' }));
    expect(await screen.findByText(refuse)).toBeTruthy();
    expect(sent).toHaveLength(1);
  });
  it('takes backorders as the part does, sends the choice, and starts the next edit from it (issue 32 #3)', async () => {
    const user = userEvent.setup();
    answerPart = { ...pads, allowBackorder: true };
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const onDone = vi.fn();
    // The page closes the form after a save, and opens it again for the next edit.
    const edit = (open: boolean) => (
      <QueryClientProvider client={client}>
        {open ? <EditPartForm part={pads} onDone={onDone} /> : null}
      </QueryClientProvider>
    );
    const { rerender } = render(edit(true));
    const choice = () =>
      screen.getByRole('checkbox', {
        name: 'Take backorders when a restock date is known',
      }) as HTMLInputElement;
    await waitFor(() => expect(choice().checked).toBe(true));
    expect(choice().getAttribute('aria-describedby')).toBe('part-allowBackorder-hint');

    await user.click(choice());
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(onDone).toHaveBeenCalledTimes(1));
    expect(sent[0]?.body).toMatchObject({ allowBackorder: false });
    answerPart = { ...pads, allowBackorder: false };
    rerender(edit(false));
    // Closed, the form's copy of the part is forgotten: the next edit reads it again.
    await waitFor(() =>
      expect(client.getQueryCache().findAll({ queryKey: [...ITEMS_KEY, 'edit'] })).toEqual([]),
    );
    rerender(edit(true));
    await waitFor(() => expect(choice().checked).toBe(false));

    await user.click(choice());
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]?.body).toMatchObject({ allowBackorder: true });
  });

  it('sends a core charge and its return days, and checks them with the contract’s rules (issue 32 #4)', async () => {
    const user = userEvent.setup();
    renderForm(null);
    await screen.findByLabelText('Core charge ($)');
    expect(input('Core return days').value).toBe('30');
    expect(input('Core charge ($)').getAttribute('aria-describedby')).toBe('part-coreCharge-hint');
    await user.type(input('Part name'), 'Starter motor');
    await user.type(input('Description'), 'Remanufactured.');
    await user.type(input('Available quantity'), '4');
    await user.type(input('Minimum order quantity'), '1');
    await user.type(input('Price (USD)'), '189');
    await user.type(input('Core charge ($)'), '85.005');
    await user.clear(input('Core return days'));
    await user.type(input('Core return days'), '400');
    await user.click(screen.getByRole('button', { name: 'Add Product' }));
    const charge = input('Core charge ($)');
    await waitFor(() => expect(charge.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(`${charge.id}-error`)?.textContent).toBe(coreMessages.charge);
    const days = input('Core return days');
    expect(days.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(`${days.id}-error`)?.textContent).toBe(coreMessages.returnDays);
    expect(sent).toEqual([]);

    await user.clear(charge);
    await user.type(charge, '85.00');
    await user.clear(days);
    await user.type(days, '45');
    await user.click(screen.getByRole('button', { name: 'Add Product' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]?.body).toMatchObject({ coreCharge: 85, coreReturnDays: 45 });
  });

  it('edits a part from its core charge, and an emptied charge clears it (issue 32 #4)', async () => {
    const user = userEvent.setup();
    answerPart = { ...pads, coreCharge: 85, coreReturnDays: 60 };
    const onDone = renderForm(pads);
    await waitFor(() => expect(input('Core charge ($)').value).toBe('85.00'));
    expect(input('Core return days').value).toBe('60');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(onDone).toHaveBeenCalledTimes(1));
    expect(sent[0]?.body).toMatchObject({ coreCharge: 85, coreReturnDays: 60 });

    await user.clear(input('Core charge ($)'));
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]?.body).toMatchObject({ coreCharge: null, coreReturnDays: 60 });
  });
});
