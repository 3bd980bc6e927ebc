import { addressMessages } from '@axle/contract/buying-texts';
import { companyMessages } from '@axle/contract/company-texts';
import { messages } from '@axle/contract/texts';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  fill,
  ordersList,
  peopleTable,
  renderPage,
  resetServer,
  rowOf,
  sent,
  server,
} from '../test-company-server.tsx';
import { BUYER, buyerUser, fleet, INVITATION } from '../test-fixtures.ts';

vi.mock('../../accounts/index.ts', () => ({ useAuth: () => server.auth }));
vi.mock('../../../lib/toast.ts', () => ({
  toast: {
    success: (message: string) => server.toasts.push(message),
    error: (message: string) => server.toasts.push(message),
    info: (message: string) => server.toasts.push(message),
  },
}));

// The forms and their rules load as the page shows them: loaded once first, so that no test's
// first wait is spent on loading them (under load that passed the default second).
beforeAll(async () => {
  await Promise.all([
    import('../form-rules.ts'),
    import('../components/CreateCompanyForm.tsx'),
    import('../components/InviteForm.tsx'),
  ]);
});
beforeEach(resetServer);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('My Company without a company', () => {
  it('says what a company is for, checks the form, and creates one with the caller as owner', async () => {
    server.company = null;
    const user = userEvent.setup();
    renderPage();
    expect(await screen.findByText(/Buy for your business with your colleagues/)).toBeTruthy();
    // The form comes in a chunk of its own, as the page is shown.
    const form = within(await screen.findByRole('region', { name: 'Create your company' }));

    await user.click(form.getByRole('button', { name: 'Create the company' }));
    expect(await form.findByText(companyMessages.legalName)).toBeTruthy();
    expect(form.getByText(companyMessages.taxId)).toBeTruthy();
    expect(form.getByText(addressMessages.line1)).toBeTruthy();
    expect(document.activeElement).toBe(form.getByLabelText('Legal name'));
    expect(sent('POST')).toEqual([]);

    await fill(user, form.getByLabelText('Legal name'), 'Fleet Parts Ltd');
    await fill(user, form.getByLabelText('Tax/VAT id'), 'GB 123 4567 89');
    const billing = within(form.getByRole('group', { name: 'Billing address' }));
    await fill(user, billing.getByLabelText(/Address line 1/), '1 Depot Road');
    await fill(user, billing.getByLabelText('City'), 'Leeds');
    await fill(user, billing.getByLabelText('Postal code'), 'LS1 4AB');
    await fill(user, billing.getByLabelText('Country'), 'United Kingdom');
    await user.click(form.getByRole('button', { name: 'Create the company' }));

    expect(
      await screen.findByRole('heading', { name: 'Company details: Fleet Parts Ltd' }),
    ).toBeTruthy();
    expect(sent('POST')).toEqual([
      {
        method: 'POST',
        path: '/api/company',
        body: {
          legalName: 'Fleet Parts Ltd',
          taxId: 'GB 123 4567 89',
          billingAddress: {
            line1: '1 Depot Road',
            line2: null,
            city: 'Leeds',
            postalCode: 'LS1 4AB',
            country: 'United Kingdom',
          },
        },
      },
    ]);
    expect(server.toasts).toEqual(['Fleet Parts Ltd is created: you are its owner.']);
    const table = await peopleTable();
    expect(rowOf(table, 'Olga Owner').textContent).toContain('Owner');
    expect(rowOf(table, 'Olga Owner').textContent).toContain('No limit');
  });
});

describe('My Company for an owner', () => {
  it("shows the company and its people, and changes a buyer's spending limit", async () => {
    const user = userEvent.setup();
    renderPage();
    const details = await screen.findByRole('region', { name: 'Company details: Fleet Parts Ltd' });
    expect(details.textContent).toContain('GB 123 4567 89');
    expect(details.textContent).toContain('1 Depot Road');
    expect(details.textContent).toContain('PaymentPays by card');

    const table = await peopleTable();
    const bea = rowOf(table, 'Bea Buyer');
    expect(
      within(bea)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['bea@fleet.test', 'Buyer', '$100.00', 'Edit Bea BuyerRemove Bea Buyer']);
    const olga = rowOf(table, 'Olga Owner');
    expect(olga.textContent).toContain('You');
    expect(olga.textContent).toContain('No limit');
    // No one removes themselves: they leave.
    expect(within(olga).queryByRole('button', { name: /^Remove/ })).toBeNull();
    // The phone's cards say the same.
    const cards = screen.getByRole('list', { name: 'People' });
    expect(within(cards).getAllByRole('listitem')[1]?.textContent).toContain('$100.00');

    await user.click(within(bea).getByRole('button', { name: 'Edit Bea Buyer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Role and limit of Bea Buyer' });
    const limit = within(dialog).getByLabelText(/Spending limit per order/) as HTMLInputElement;
    expect(limit.value).toBe('100');
    await user.clear(limit);
    await fill(user, limit, '12.345');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(companyMessages.spendingLimit)).toBeTruthy();
    expect(sent('PUT')).toEqual([]);

    await user.clear(limit);
    await fill(user, limit, '$1,250');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(rowOf(table, 'Bea Buyer').textContent).toContain('$1,250.00'));
    expect(sent('PUT')).toEqual([
      {
        method: 'PUT',
        path: `/api/company/members/${BUYER}`,
        body: { role: 'buyer', spendingLimit: 1250 },
      },
    ]);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(server.toasts).toContain("Bea Buyer's role and limit were saved.");

    // Made an owner, she has no limit (the field is not asked).
    await user.click(within(rowOf(table, 'Bea Buyer')).getByRole('button', { name: /^Edit/ }));
    const again = await screen.findByRole('dialog', { name: 'Role and limit of Bea Buyer' });
    await user.selectOptions(within(again).getByLabelText('Role'), 'owner');
    expect(within(again).queryByLabelText(/Spending limit/)).toBeNull();
    await user.click(within(again).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent('PUT')).toHaveLength(2));
    expect(sent('PUT')[1]?.body).toEqual({ role: 'owner', spendingLimit: null });
  });

  it('removes a member only after the owner confirms', async () => {
    const user = userEvent.setup();
    renderPage();
    const table = await peopleTable();
    const remove = within(rowOf(table, 'Bea Buyer')).getByRole('button', {
      name: 'Remove Bea Buyer',
    });
    await user.click(remove);
    let dialog = await screen.findByRole('dialog', { name: 'Remove this person?' });
    expect(dialog.textContent).toContain('Bea Buyer (bea@fleet.test) will no longer order for');
    await user.click(within(dialog).getByRole('button', { name: 'Keep them' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent('DELETE')).toEqual([]);

    await user.click(remove);
    dialog = await screen.findByRole('dialog', { name: 'Remove this person?' });
    await user.click(within(dialog).getByRole('button', { name: 'Yes, remove them' }));
    await waitFor(() => expect(rowOf(table, 'Bea Buyer')).toBeUndefined());
    expect(sent('DELETE')).toEqual([
      { method: 'DELETE', path: `/api/company/members/${BUYER}`, body: undefined },
    ]);
    expect(server.toasts).toContain('Bea Buyer was removed from the company.');
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'My Company' }));
  });

  it('invites someone with a spending limit, checked first, and withdraws an invitation', async () => {
    const user = userEvent.setup();
    renderPage();
    const invite = within(await screen.findByRole('region', { name: 'Invite someone' }));
    const waiting = within(screen.getByRole('region', { name: 'Invitations waiting' }));
    expect(waiting.getAllByRole('listitem')[0]?.textContent).toContain(
      'carl@fleet.testas Buyer, spending limit: $50.00',
    );

    await fill(user, invite.getByLabelText('E-mail'), 'dan@fleet');
    await fill(user, invite.getByLabelText(/Spending limit per order/), 'lots');
    await user.click(invite.getByRole('button', { name: 'Send the invitation' }));
    expect(await invite.findByText(messages.invalidEmail)).toBeTruthy();
    expect(invite.getByText(companyMessages.spendingLimit)).toBeTruthy();
    expect(sent('POST')).toEqual([]);

    await user.clear(invite.getByLabelText('E-mail'));
    await fill(user, invite.getByLabelText('E-mail'), 'dan@fleet.test');
    await user.clear(invite.getByLabelText(/Spending limit per order/));
    await fill(user, invite.getByLabelText(/Spending limit per order/), '100');
    await user.click(invite.getByRole('button', { name: 'Send the invitation' }));
    await waitFor(() =>
      expect(sent('POST')).toEqual([
        {
          method: 'POST',
          path: '/api/company/invitations',
          body: { email: 'dan@fleet.test', role: 'buyer', spendingLimit: 100 },
        },
      ]),
    );
    await waitFor(() => expect(waiting.getAllByRole('listitem')).toHaveLength(2));
    expect(waiting.getAllByRole('listitem')[1]?.textContent).toContain('dan@fleet.test');
    expect(server.toasts).toContain('The invitation was sent to dan@fleet.test.');
    // The form starts afresh.
    expect((invite.getByLabelText('E-mail') as HTMLInputElement).value).toBe('');

    // An owner invited with no limit: nothing typed, nothing sent but null.
    await fill(user, invite.getByLabelText('E-mail'), 'eve@fleet.test');
    await user.selectOptions(invite.getByLabelText('Role'), 'owner');
    await user.click(invite.getByRole('button', { name: 'Send the invitation' }));
    await waitFor(() => expect(sent('POST')).toHaveLength(2));
    expect(sent('POST')[1]?.body).toEqual({
      email: 'eve@fleet.test',
      role: 'owner',
      spendingLimit: null,
    });

    const carl = waiting.getAllByRole('listitem')[0] as HTMLElement;
    const withdraw = within(carl).getByRole('button', {
      name: 'Withdraw the invitation to carl@fleet.test',
    });
    // It asks first, naming whom; "Keep it" has the focus and changes nothing.
    await user.click(withdraw);
    let dialog = await screen.findByRole('dialog', { name: 'Withdraw this invitation?' });
    expect(dialog.textContent).toContain('The invitation to carl@fleet.test is withdrawn');
    const keep = within(dialog).getByRole('button', { name: 'Keep it' });
    expect(document.activeElement).toBe(keep);
    await user.click(keep);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent('DELETE')).toEqual([]);
    expect(waiting.getByText('carl@fleet.test')).toBeTruthy();

    await user.click(withdraw);
    dialog = await screen.findByRole('dialog', { name: 'Withdraw this invitation?' });
    await user.click(within(dialog).getByRole('button', { name: 'Withdraw the invitation' }));
    await waitFor(() => expect(screen.queryByText('carl@fleet.test')).toBeNull());
    expect(server.toasts).toContain('The invitation to carl@fleet.test was withdrawn.');
    expect(sent('DELETE')).toEqual([
      { method: 'DELETE', path: `/api/company/invitations/${INVITATION}`, body: undefined },
    ]);
  });
});

describe('My Company for a buyer', () => {
  beforeEach(() => {
    server.auth = { user: buyerUser };
    server.company = { ...fleet, role: 'buyer', invitations: [] };
  });

  it('shows the people and the orders without the owners’ controls', async () => {
    renderPage();
    const table = await peopleTable();
    expect(within(table).queryByRole('button')).toBeNull();
    expect(within(table).queryByRole('columnheader', { name: 'Actions' })).toBeNull();
    expect(rowOf(table, 'Bea Buyer').textContent).toContain('You');
    expect(screen.queryByRole('region', { name: 'Invite someone' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Invitations waiting' })).toBeNull();

    const [beas, olgas] = (await ordersList()) as [HTMLElement, HTMLElement];
    expect(within(beas).getByText('Awaiting approval')).toBeTruthy();
    expect(olgas.textContent).toContain('Olga Owner');
    expect(screen.queryByRole('button', { name: /^Approve|^Reject/ })).toBeNull();
  });

  it('leaves the company after saying so, and is then offered to create one', async () => {
    const user = userEvent.setup();
    renderPage();
    await peopleTable();
    await user.click(screen.getByRole('button', { name: 'Leave the company' }));
    const dialog = await screen.findByRole('dialog', { name: 'Leave the company?' });
    await user.click(within(dialog).getByRole('button', { name: 'Yes, leave' }));
    expect(await screen.findByRole('region', { name: 'Create your company' })).toBeTruthy();
    expect(sent('DELETE')).toEqual([
      { method: 'DELETE', path: `/api/company/members/${BUYER}`, body: undefined },
    ]);
    expect(server.toasts).toContain('You left Fleet Parts Ltd.');
  });
});
