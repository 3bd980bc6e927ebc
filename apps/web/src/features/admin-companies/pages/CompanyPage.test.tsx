// One company on the admin's side (issue 18 #4, #6): its tax id and billing address, its people
// with their roles and spending limits, its payment on account; the admin allows it with a credit
// limit and terms, checked with the server's rules before anything is sent, and the page then
// shows the new figures.
import { companyMessages } from '@axle/contract/company-texts';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { TOKEN_KEY } from '../../../lib/api-client.ts';
import { renderAt } from '../../../lib/test-render.tsx';
import {
  FLEET,
  fleet,
  fleetInvoices,
  loadOnDemandParts,
  WORKSHOP,
  workshop,
} from '../test-fixtures.ts';
import { type Call, fakeCompanyServer } from '../test-server.ts';
import CompanyPage from './CompanyPage.tsx';

const toasts: string[] = [];
vi.mock('../../../lib/toast.ts', () => ({
  toast: {
    success: (message: string) => toasts.push(message),
    error: (message: string) => toasts.push(message),
    info: (message: string) => toasts.push(message),
  },
}));

let calls: Call[];

beforeAll(loadOnDemandParts);

beforeEach(() => {
  toasts.length = 0;
  localStorage.setItem(TOKEN_KEY, 'admin-token');
  calls = fakeCompanyServer({
    companies: { [FLEET]: fleet, [WORKSHOP]: workshop },
    invoices: fleetInvoices(),
    prices: {},
  });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

function renderCompany(id: string) {
  renderAt(`/dashboard/companies/${id}`, { '/dashboard/companies/:id': <CompanyPage /> });
}

const puts = () => calls.filter((call) => call.method === 'PUT');
/** The figures of the company's payment on account, as term → value. */
const figures = () => {
  const section = screen.getByRole('region', { name: 'Payment on account' });
  const terms = within(section)
    .getAllByRole('term')
    .map((term) => term.textContent);
  const values = within(section)
    .getAllByRole('definition')
    .map((value) => value.textContent);
  return Object.fromEntries(terms.map((term, index) => [term, values[index]]));
};
const limitField = () =>
  screen.getByRole<HTMLInputElement>('textbox', { name: 'Credit limit ($)' });
const termsField = () => screen.getByRole<HTMLInputElement>('textbox', { name: 'Terms (days)' });
const onAccountBox = () =>
  screen.getByRole<HTMLInputElement>('checkbox', { name: 'Allow this company to pay on account' });
const saveButton = () => screen.getByRole('button', { name: 'Save payment on account' });

describe('a company on the admin’s side', () => {
  it('shows its tax id, billing address, people with roles and spending limits, and its account', async () => {
    renderCompany(FLEET);
    expect(await screen.findByRole('heading', { level: 2, name: 'Fleet Parts Ltd' })).toBeTruthy();
    const details = screen.getByRole('region', { name: 'Company details' });
    expect(details.textContent).toContain('GB 123 4567 89');
    expect(details.querySelector('address')?.textContent).toBe(
      '1 Depot RoadUnit 4Leeds LS1 4ABUnited Kingdom',
    );

    const people = screen.getByRole('table', {
      name: 'The people of the company, their roles and spending limits',
    });
    const rows = within(people)
      .getAllByRole('row')
      .filter((row) => row.parentElement?.tagName === 'TBODY');
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole('cell')
          .slice(0, 3)
          .map((c) => c.textContent),
      ),
    ).toEqual([
      ['olga@fleet.test', 'Owner', 'No limit'],
      ['bea@fleet.test', 'Buyer', '$250.00'],
    ]);
    expect(rows.map((row) => within(row).getByRole('rowheader').textContent)).toEqual([
      'Olga Owner',
      'Bea Buyer',
    ]);
    // The phone's cards carry the same.
    const cards = within(screen.getByRole('list', { name: 'People' })).getAllByRole('article');
    expect(cards.map((card) => within(card).getByRole('heading').textContent)).toEqual([
      'Olga Owner',
      'Bea Buyer',
    ]);
    expect(cards[1]?.textContent).toContain('Spending limit per order$250.00');

    expect(figures()).toEqual({
      'On account': 'Yes',
      'Credit limit': '$5,000.00',
      'Credit used': '$1,250.50',
      Available: '$3,749.50',
      Terms: '30 days',
    });
    // The form (loaded as the company is shown) starts from the account as it stands.
    expect(
      (
        await screen.findByRole<HTMLInputElement>('checkbox', {
          name: 'Allow this company to pay on account',
        })
      ).checked,
    ).toBe(true);
    expect(onAccountBox().checked).toBe(true);
    expect(limitField().value).toBe('5000');
    expect(termsField().value).toBe('30');
  });

  it('refuses a negative credit limit and terms past a year with the rules’ messages, sending nothing', async () => {
    const user = userEvent.setup();
    renderCompany(WORKSHOP);
    await screen.findByRole('heading', { level: 2, name: 'Corner Workshop LLC' });
    await user.clear(limitField());
    await user.type(limitField(), '-250');
    await user.clear(termsField());
    await user.type(termsField(), '400');
    await user.click(saveButton());

    expect(await screen.findByText(companyMessages.creditLimit)).toBeTruthy();
    expect(screen.getByText(companyMessages.termsDays)).toBeTruthy();
    expect(limitField().getAttribute('aria-invalid')).toBe('true');
    expect(limitField().getAttribute('aria-describedby')).toContain('account-creditLimit-error');
    // The first refused field takes the focus.
    expect(document.activeElement).toBe(limitField());
    expect(puts()).toEqual([]);

    // Words are no number either; the message goes as soon as the value is right.
    await user.clear(termsField());
    await user.type(termsField(), 'thirty');
    expect(await screen.findByText(companyMessages.termsDays)).toBeTruthy();
    await user.clear(limitField());
    await user.type(limitField(), '100');
    await waitFor(() => expect(screen.queryByText(companyMessages.creditLimit)).toBeNull());
    expect(puts()).toEqual([]);
  });

  it('allows payment on account with a limit and terms: the PUT body, a toast and the new figures', async () => {
    const user = userEvent.setup();
    renderCompany(WORKSHOP);
    await screen.findByRole('heading', { level: 2, name: 'Corner Workshop LLC' });
    expect(figures()['On account']).toBe('No');
    expect(onAccountBox().checked).toBe(false);

    await user.click(onAccountBox());
    await user.clear(limitField());
    await user.type(limitField(), '$1,000');
    await user.clear(termsField());
    await user.type(termsField(), '45{Enter}');

    await waitFor(() =>
      expect(puts()).toEqual([
        {
          method: 'PUT',
          path: `/api/admin/companies/${WORKSHOP}/account`,
          body: { onAccount: true, creditLimit: 1000, termsDays: 45 },
          authorization: 'Bearer admin-token',
        },
      ]),
    );
    await waitFor(() =>
      expect(figures()).toEqual({
        'On account': 'Yes',
        'Credit limit': '$1,000.00',
        'Credit used': '$0.00',
        Available: '$1,000.00',
        Terms: '45 days',
      }),
    );
    expect(toasts).toEqual(['Payment on account of Corner Workshop LLC saved.']);
    // The form now holds what was saved.
    expect(limitField().value).toBe('1000');
    expect(termsField().value).toBe('45');

    // And stops it again: the box unticked, the figures kept.
    await user.click(onAccountBox());
    await user.click(saveButton());
    await waitFor(() => expect(puts()).toHaveLength(2));
    expect(puts()[1]?.body).toEqual({ onAccount: false, creditLimit: 1000, termsDays: 45 });
    await waitFor(() => expect(figures()['On account']).toBe('No'));
  });

  it('says so when there is no such company', async () => {
    renderCompany('99999999-9999-4999-8999-999999999999');
    expect((await screen.findByRole('alert')).textContent).toBe(companyMessages.noCompany);
    expect(screen.getByRole('link', { name: /All companies/ }).getAttribute('href')).toBe(
      '/dashboard/companies',
    );
  });
});
