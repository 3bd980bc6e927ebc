// A company's own prices on its page (issue 18 #5): percentages off by category and fixed prices
// by part number as they stand; the admin adds and removes them, checked with the server's rules
// before anything is sent, and saves the whole list at once; what the server refuses (a part
// number it does not know) shows in the form.
import type { CompanyPriceList } from '@axle/contract';
import { companyMessages } from '@axle/contract/company-texts';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { TOKEN_KEY } from '../../../lib/api-client.ts';
import { renderAt } from '../../../lib/test-render.tsx';
import { FLEET, fleet, loadOnDemandParts, WORKSHOP, workshop } from '../test-fixtures.ts';
import { BRAKES, type Call, FILTERS, fakeCompanyServer, PADS, PADS_PART } from '../test-server.ts';
import CompanyPage from './CompanyPage.tsx';

const toasts: string[] = [];
vi.mock('../../../lib/toast.ts', () => ({
  toast: {
    success: (message: string) => toasts.push(message),
    error: (message: string) => toasts.push(message),
    info: (message: string) => toasts.push(message),
  },
}));

/** Fleet's prices: 10% off brakes, and its brake pads at $15.00. */
const fleetPrices: CompanyPriceList = {
  categories: [{ categoryId: BRAKES, name: 'Brakes', percentOff: 10 }],
  parts: [
    { partId: PADS_PART, partNumber: 'P 83 140', name: 'Ceramic Front Brake Pad Set', price: 15 },
  ],
};

let calls: Call[];

beforeAll(loadOnDemandParts);

beforeEach(() => {
  toasts.length = 0;
  localStorage.setItem(TOKEN_KEY, 'admin-token');
  calls = fakeCompanyServer({
    companies: { [FLEET]: fleet, [WORKSHOP]: workshop },
    invoices: [],
    prices: { [FLEET]: fleetPrices },
  });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

async function renderCompany(id: string) {
  renderAt(`/dashboard/companies/${id}`, { '/dashboard/companies/:id': <CompanyPage /> });
  return screen.findByRole('heading', { level: 4, name: 'Change company prices' });
}

const prices = () => screen.getByRole('region', { name: 'Company prices' });
/** A table of the prices as they stand, one array of cells per row. */
const listed = (name: string) =>
  within(within(prices()).getByRole('table', { name }))
    .getAllByRole('row')
    .filter((row) => row.parentElement?.tagName === 'TBODY')
    .map((row) =>
      [...row.querySelectorAll('th, td')].map((cell) => cell.textContent?.trim() ?? ''),
    );
const box = (name: string) => screen.getByRole<HTMLInputElement>('textbox', { name });
const select = (name: string) => screen.getByRole<HTMLSelectElement>('combobox', { name });
const button = (name: string) => screen.getByRole('button', { name });
const puts = () => calls.filter((call) => call.method === 'PUT');
/** The message below a field, if it has one. */
const messageOf = (field: HTMLElement) => document.getElementById(`${field.id}-error`)?.textContent;
/** Once the category tree is there, a row's category can be chosen. */
const categoriesLoaded = (name: string) => waitFor(() => expect(select(name).disabled).toBe(false));

describe('a company’s own prices on the admin’s side', () => {
  it('shows them as they stand, and the form starts from them', async () => {
    await renderCompany(FLEET);
    expect(listed('Percentages off by category')).toEqual([['Brakes', '10%']]);
    expect(listed('Fixed part prices')).toEqual([
      ['P 83 140', 'Ceramic Front Brake Pad Set', '$15.00'],
    ]);
    await categoriesLoaded('Discount 1: category');
    expect(select('Discount 1: category').value).toBe(BRAKES);
    expect([...select('Discount 1: category').options].map((option) => option.textContent)).toEqual(
      ['Choose a category', 'Brakes', 'Brakes › Brake pads', 'Filters'],
    );
    expect(box('Discount 1: % off').value).toBe('10');
    expect(box('Fixed price 1: part number').value).toBe('P 83 140');
    expect(box('Fixed price 1: price ($)').value).toBe('15.00');
  });

  it('says so when the company has none', async () => {
    await renderCompany(WORKSHOP);
    expect(
      within(prices()).getByText('No prices of its own: its people pay the catalogue’s prices.'),
    ).toBeTruthy();
    expect(within(prices()).queryByRole('table')).toBeNull();
    expect(await screen.findByText('No percentages off.')).toBeTruthy();
    expect(screen.getByText('No fixed prices.')).toBeTruthy();
  });

  it('adds a category discount and a fixed price, removes one, and saves the whole list', async () => {
    const user = userEvent.setup();
    await renderCompany(FLEET);
    await categoriesLoaded('Discount 1: category');

    // A row added takes the focus in its first field.
    await user.click(button('Add a category discount'));
    expect(document.activeElement).toBe(select('Discount 2: category'));
    await user.selectOptions(select('Discount 2: category'), 'Brakes › Brake pads');
    await user.type(box('Discount 2: % off'), '12.5 %');
    await user.click(button('Add a fixed price'));
    expect(document.activeElement).toBe(box('Fixed price 2: part number'));
    await user.keyboard('of 2201');
    await user.type(box('Fixed price 2: price ($)'), '$7.90');

    // The brakes' 10% goes; the focus goes to the list's Add button.
    await user.click(button('Remove discount 1'));
    expect(document.activeElement).toBe(button('Add a category discount'));
    expect(select('Discount 1: category').value).toBe(PADS);
    expect(box('Discount 1: % off').value).toBe('12.5 %');
    expect(screen.queryByRole('combobox', { name: 'Discount 2: category' })).toBeNull();

    // Saving would remove a saved price: the admin is asked first, the price named, and Keep
    // editing sends nothing.
    await user.click(button('Save prices'));
    let dialog = await screen.findByRole('dialog', {
      name: 'Remove saved prices of Fleet Parts Ltd?',
    });
    expect(
      within(dialog)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Brakes: 10% off']);
    expect(
      within(dialog)
        .getAllByRole('button')
        .map((item) => item.textContent),
    ).toEqual(['Keep editing', 'Save and remove']);
    await user.click(within(dialog).getByRole('button', { name: 'Keep editing' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(puts()).toEqual([]);

    await user.click(button('Save prices'));
    dialog = await screen.findByRole('dialog', { name: 'Remove saved prices of Fleet Parts Ltd?' });
    await user.click(within(dialog).getByRole('button', { name: 'Save and remove' }));
    await waitFor(() =>
      expect(puts()).toEqual([
        {
          method: 'PUT',
          path: `/api/admin/companies/${FLEET}/prices`,
          body: {
            categories: [{ categoryId: PADS, percentOff: 12.5 }],
            parts: [
              { partNumber: 'P 83 140', price: 15 },
              { partNumber: 'of 2201', price: 7.9 },
            ],
          },
          authorization: 'Bearer admin-token',
        },
      ]),
    );
    await waitFor(() => expect(toasts).toEqual(['Prices of Fleet Parts Ltd saved.']));
    expect(listed('Percentages off by category')).toEqual([['Brake pads', '12.5%']]);
    expect(listed('Fixed part prices')).toEqual([
      ['OF-2201', 'Spin-on Oil Filter', '$7.90'],
      ['P 83 140', 'Ceramic Front Brake Pad Set', '$15.00'],
    ]);
    // The form now holds the list as saved, in the catalogue's spelling.
    expect(box('Fixed price 1: part number').value).toBe('OF-2201');
    expect(box('Fixed price 1: price ($)').value).toBe('7.90');
    expect(box('Discount 1: % off').value).toBe('12.5');
  });

  it('refuses percentages outside 0 to 99, prices under a cent and rows left empty, sending nothing', async () => {
    const user = userEvent.setup();
    await renderCompany(WORKSHOP);
    // The rows wait for the category tree, and so does Add.
    await screen.findByText('No percentages off.');
    await user.click(button('Add a category discount'));
    await user.click(button('Add a category discount'));
    await user.click(button('Add a fixed price'));
    await user.click(button('Add a fixed price'));
    await user.type(box('Discount 1: % off'), '0');
    await user.selectOptions(select('Discount 2: category'), 'Filters');
    await user.type(box('Discount 2: % off'), '120');
    await user.type(box('Fixed price 1: part number'), 'P 83 140');
    await user.type(box('Fixed price 1: price ($)'), '0.004');
    await user.type(box('Fixed price 2: price ($)'), 'free');
    await user.click(button('Save prices'));

    await waitFor(() =>
      expect(messageOf(select('Discount 1: category'))).toBe(
        'Choose the category of this discount',
      ),
    );
    expect(messageOf(box('Discount 1: % off'))).toBe(companyMessages.percentOff);
    expect(messageOf(box('Discount 2: % off'))).toBe(companyMessages.percentOff);
    expect(messageOf(box('Fixed price 1: price ($)'))).toBe(companyMessages.fixedPrice);
    expect(messageOf(box('Fixed price 2: part number'))).toBe(
      'Give the part number (at most 40 characters)',
    );
    expect(messageOf(box('Fixed price 2: price ($)'))).toBe(companyMessages.fixedPrice);
    expect(box('Discount 1: % off').getAttribute('aria-invalid')).toBe('true');
    // The first refused field takes the focus.
    expect(document.activeElement).toBe(select('Discount 1: category'));
    expect(puts()).toEqual([]);
  });

  it('refuses a category twice and a part twice in another spelling; without the repeat it saves', async () => {
    const user = userEvent.setup();
    await renderCompany(FLEET);
    await categoriesLoaded('Discount 1: category');
    await user.click(button('Add a category discount'));
    await user.selectOptions(select('Discount 2: category'), 'Brakes');
    await user.type(box('Discount 2: % off'), '99');
    await user.click(button('Add a fixed price'));
    await user.keyboard('p83-140');
    await user.type(box('Fixed price 2: price ($)'), '12');
    await user.clear(box('Fixed price 1: price ($)'));
    await user.type(box('Fixed price 1: price ($)'), '0.01');
    await user.click(button('Save prices'));

    await waitFor(() =>
      expect(messageOf(select('Discount 2: category'))).toBe(
        'This category already has a discount above',
      ),
    );
    expect(messageOf(box('Fixed price 2: part number'))).toBe(
      'This part already has a fixed price above',
    );
    expect(messageOf(box('Discount 2: % off'))).toBeUndefined();
    expect(messageOf(box('Fixed price 1: price ($)'))).toBeUndefined();
    expect(puts()).toEqual([]);

    // Another category, and the part's second price gone: the list goes.
    await user.selectOptions(select('Discount 2: category'), 'Filters');
    await waitFor(() => expect(messageOf(select('Discount 2: category'))).toBeUndefined());
    await user.click(button('Remove fixed price 2'));
    await user.click(button('Save prices'));
    await waitFor(() =>
      expect(puts().map((call) => call.body)).toEqual([
        {
          categories: [
            { categoryId: BRAKES, percentOff: 10 },
            { categoryId: FILTERS, percentOff: 99 },
          ],
          parts: [{ partNumber: 'P 83 140', price: 0.01 }],
        },
      ]),
    );
  });

  it('shows what the server refuses in the form, keeping what was typed', async () => {
    const user = userEvent.setup();
    await renderCompany(FLEET);
    await user.click(button('Add a fixed price'));
    await user.type(box('Fixed price 2: part number'), 'ZZ-999');
    await user.type(box('Fixed price 2: price ($)'), '4{Enter}');

    const form = screen.getByRole('form', { name: 'Change company prices' });
    expect((await within(form).findByRole('alert')).textContent).toBe(
      companyMessages.unknownParts(['ZZ-999']),
    );
    expect(puts()).toHaveLength(1);
    expect(toasts).toEqual([]);
    expect(box('Fixed price 2: part number').value).toBe('ZZ-999');
    // Nothing changed.
    expect(listed('Fixed part prices')).toEqual([
      ['P 83 140', 'Ceramic Front Brake Pad Set', '$15.00'],
    ]);
  });
});
