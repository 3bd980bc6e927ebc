// My Company in the dashboard (issue 18, PRODUCT §8): a customer on their own creates a company;
// an owner sees its people, changes a buyer's role and limit, removes someone, invites people and
// withdraws an invitation; a buyer sees the same people without those controls and may leave.
// Every member sees the company's orders; owners approve or reject (saying why) a buyer's order
// above their spending limit, never their own. Every member sees how the company pays (by card, or
// on account up to a credit limit), and which orders are invoiced on account, due or settled.
import type { Company, CompanyBody, InvitationBody, MemberBody, Order } from '@axle/contract';
import { addressMessages } from '@axle/contract/buying-texts';
import { companyMessages } from '@axle/contract/company-texts';
import { messages } from '@axle/contract/texts';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonReply, stubApi } from '../../../lib/test-api.ts';
import { renderAt } from '../../../lib/test-render.tsx';
import {
  BUYER,
  BUYER_ORDER,
  buyerUser,
  companyOrder,
  fleet,
  INVITATION,
  OWNER_ORDER,
  ownerUser,
} from '../test-fixtures.ts';
import MyCompanyPage from './MyCompanyPage.tsx';

let auth: { user: typeof ownerUser };
vi.mock('../../accounts/index.ts', () => ({ useAuth: () => auth }));

const toasts: string[] = [];
vi.mock('../../../lib/toast.ts', () => ({
  toast: {
    success: (message: string) => toasts.push(message),
    error: (message: string) => toasts.push(message),
    info: (message: string) => toasts.push(message),
  },
}));

type Call = { method: string; path: string; query: string; body: unknown };
let calls: Call[];
/** The caller's company as the fake server keeps it (null: they belong to none). */
let company: Company | null;
/** The company's orders, newest first. */
let orders: Order[];
/** Orders per page the fake server answers (the page asks for 20). */
let pageSize: number;

const refuse = (status: number, message: string) =>
  jsonReply(status, { error: { code: 'refused', message } });

function ordersPage(query: URLSearchParams): Response {
  const state = query.get('state');
  const shown = orders.filter((order) =>
    state === 'cancelled'
      ? order.cancelled
      : state === 'awaiting'
        ? !order.cancelled && order.approval === 'awaiting'
        : !order.cancelled,
  );
  const start = Number(query.get('cursor') ?? 0);
  const end = start + pageSize;
  const headers: Record<string, string> = { 'X-Total-Count': String(shown.length) };
  if (end < shown.length)
    headers.Link = `</api/company/orders?state=${state}&limit=20&cursor=${end}>; rel="next"`;
  return jsonReply(200, shown.slice(start, end), headers);
}

function decide(id: string, verdict: 'approved' | 'rejected', note: string | null): Response {
  const order = orders.find((entry) => entry._id === id);
  if (!order) return refuse(404, companyMessages.noOrder);
  if (order.email === auth.user.email) return refuse(403, companyMessages.ownOrder);
  const invoiced = verdict === 'approved' && order.onAccount;
  const decided = {
    ...order,
    approval: verdict,
    approvalNote: note,
    cancelled: verdict === 'rejected',
    // The server invoices an order on account as it is approved.
    ...(invoiced
      ? {
          paid: true,
          transaction: 'on-account',
          invoiceNumber: 'INV-000043',
          dueAt: '2025-04-05T10:00:00.000Z',
        }
      : {}),
  };
  orders = orders.map((entry) => (entry._id === id ? decided : entry));
  return jsonReply(200, decided);
}

function answer({ method, path, query, body }: Call): Response {
  const params = new URLSearchParams(query);
  const member = /^\/api\/company\/members\/([^/]+)$/.exec(path)?.[1];
  const invitation = /^\/api\/company\/invitations\/([0-9a-f-]{36})$/.exec(path)?.[1];
  const decision = /^\/api\/company\/orders\/([^/]+)\/(approve|reject)$/.exec(path);
  if (path === '/api/company' && method === 'GET')
    return company ? jsonReply(200, company) : refuse(404, companyMessages.none);
  if (path === '/api/company' && method === 'POST') {
    const { legalName, taxId, billingAddress } = body as CompanyBody;
    company = {
      ...fleet,
      legalName,
      taxId,
      billingAddress: { ...billingAddress, line2: billingAddress.line2 ?? null },
      members: fleet.members.slice(0, 1),
      invitations: [],
    };
    return jsonReply(201, company);
  }
  if (!company) return refuse(404, companyMessages.none);
  if (path === '/api/company/invitations' && method === 'POST') {
    const { email, role, spendingLimit } = body as InvitationBody;
    const made = {
      _id: '99999999-9999-4999-8999-999999999999',
      email,
      role,
      spendingLimit,
      expiresAt: '2025-03-12T10:00:00.000Z',
    };
    company = { ...company, invitations: [...company.invitations, made] };
    return jsonReply(201, made);
  }
  if (invitation && method === 'DELETE') {
    company = {
      ...company,
      invitations: company.invitations.filter((entry) => entry._id !== invitation),
    };
    return jsonReply(200, { deletedCount: 1 });
  }
  if (member && method === 'PUT') {
    const { role, spendingLimit } = body as MemberBody;
    company = {
      ...company,
      members: company.members.map((entry) =>
        entry.userId === member ? { ...entry, role, spendingLimit } : entry,
      ),
    };
    return jsonReply(200, company);
  }
  if (member && method === 'DELETE') {
    if (member === auth.user._id) company = null;
    else
      company = {
        ...company,
        members: company.members.filter((entry) => entry.userId !== member),
      };
    return jsonReply(200, { deletedCount: 1 });
  }
  if (path === '/api/company/orders' && method === 'GET') return ordersPage(params);
  if (decision?.[1] && method === 'POST') {
    const note = (body as { note?: string } | undefined)?.note ?? null;
    return decide(decision[1], decision[2] === 'approve' ? 'approved' : 'rejected', note);
  }
  return refuse(404, `no ${method} ${path}`);
}

beforeEach(() => {
  auth = { user: ownerUser };
  calls = [];
  toasts.length = 0;
  company = fleet;
  pageSize = 20;
  orders = [
    companyOrder(BUYER_ORDER, buyerUser, {
      approval: 'awaiting',
      total: 185,
      totalPrice: 185,
      poNumber: 'PO-77',
    }),
    companyOrder(OWNER_ORDER, ownerUser, {
      createdAt: '2025-03-04T10:00:00.000Z',
      paid: true,
      transaction: 'pi_sandbox_1',
    }),
  ];
  stubApi((url, init = {}) => {
    const call = {
      method: init.method ?? 'GET',
      path: url.pathname,
      query: url.search,
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

/** Types into a field at once (as pasted): the page's checks are the same, the test quicker. */
async function fill(user: ReturnType<typeof userEvent.setup>, field: HTMLElement, text: string) {
  await user.click(field);
  await user.paste(text);
}

function renderPage(path = '/dashboard/company') {
  renderAt(path, { '/dashboard/company': <MyCompanyPage /> });
}

const sent = (method: string, path?: string) =>
  calls
    .filter((call) => call.method === method && (path === undefined || call.path === path))
    .map(({ method, path, body }) => ({ method, path, body }));

/** The desktop table of people (the phone's cards are in the page too: CSS tells them apart). */
const peopleTable = async () =>
  screen.findByRole('table', {
    name: 'The people of your company, their roles and spending limits',
  });
const rowOf = (table: HTMLElement, name: string) =>
  within(table)
    .getAllByRole('row')
    .find((row) => row.textContent?.includes(name)) as HTMLElement;

const ordersList = async () =>
  within(await screen.findByRole('list', { name: 'The company’s orders' })).getAllByRole(
    'listitem',
  );

describe('My Company without a company', () => {
  it('says what a company is for, checks the form, and creates one with the caller as owner', async () => {
    company = null;
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
    expect(toasts).toEqual(['Fleet Parts Ltd is created: you are its owner.']);
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
    expect(toasts).toContain("Bea Buyer's role and limit were saved.");

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
    expect(toasts).toContain('Bea Buyer was removed from the company.');
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
    expect(toasts).toContain('The invitation was sent to dan@fleet.test.');
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
    await user.click(within(carl).getByRole('button', { name: 'Withdraw' }));
    await waitFor(() => expect(waiting.queryByText('carl@fleet.test')).toBeNull());
    expect(sent('DELETE')).toEqual([
      { method: 'DELETE', path: `/api/company/invitations/${INVITATION}`, body: undefined },
    ]);
  });

  it("shows the company's orders with who placed them, and approves a buyer's order with a note", async () => {
    const user = userEvent.setup();
    renderPage();
    const [beas, olgas] = (await ordersList()) as [HTMLElement, HTMLElement];
    expect(beas.textContent).toContain('Bea Buyer');
    expect(beas.textContent).toContain('bea@fleet.test');
    expect(beas.textContent).toContain('$185.00');
    expect(beas.textContent).toContain('PO-77');
    expect(within(beas).getByText('Awaiting approval')).toBeTruthy();
    expect(within(beas).getByText('Not paid yet')).toBeTruthy();
    expect(within(beas).getByRole('table').textContent).toContain('P 83 140');
    expect(olgas.textContent).toContain('Olga Owner');
    expect(within(olgas).getByText('Paid')).toBeTruthy();
    // Her own order is not hers to approve (nor does it need it).
    expect(within(olgas).queryByRole('button', { name: /^Approve/ })).toBeNull();
    expect(screen.getByText('Showing 2 of 2')).toBeTruthy();

    await user.click(
      within(beas).getByRole('button', {
        name: 'Approve the order of Bea Buyer for $185.00',
      }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Approve this order?' });
    expect(dialog.textContent).toContain('Bea Buyer can then pay the order of $185.00.');
    await fill(user, within(dialog).getByLabelText(/Note to the buyer/), 'Fine for the vans');
    await user.click(within(dialog).getByRole('button', { name: 'Approve the order' }));

    await waitFor(() => expect(within(beas).getByText('Approved')).toBeTruthy());
    expect(within(beas).getByText('Fine for the vans')).toBeTruthy();
    expect(within(beas).queryByRole('button', { name: /^Approve/ })).toBeNull();
    expect(sent('POST')).toEqual([
      {
        method: 'POST',
        path: `/api/company/orders/${BUYER_ORDER}/approve`,
        body: { note: 'Fine for the vans' },
      },
    ]);
    expect(toasts).toContain('The order is approved: Bea Buyer can pay it now.');
    expect(document.activeElement).toBe(
      screen.getByRole('heading', { name: 'The company’s orders' }),
    );
  });

  it('approves without a note when none is given', async () => {
    const user = userEvent.setup();
    renderPage();
    const [beas] = (await ordersList()) as [HTMLElement];
    await user.click(within(beas).getByRole('button', { name: /^Approve/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve this order?' });
    await user.click(within(dialog).getByRole('button', { name: 'Approve the order' }));
    await waitFor(() => expect(sent('POST')).toHaveLength(1));
    expect(sent('POST')[0]?.body).toEqual({});
  });

  it('rejects an order only with a note saying why; it is then among the cancelled ones', async () => {
    const user = userEvent.setup();
    renderPage();
    const [beas] = (await ordersList()) as [HTMLElement];
    await user.click(within(beas).getByRole('button', { name: /^Reject/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject this order?' });
    expect(dialog.textContent).toContain('its parts go back into stock');
    await user.click(within(dialog).getByRole('button', { name: 'Reject the order' }));
    expect(await within(dialog).findByText(companyMessages.rejectNote)).toBeTruthy();
    const note = within(dialog).getByLabelText('Why is it rejected?');
    expect(note.getAttribute('aria-invalid')).toBe('true');
    expect(sent('POST')).toEqual([]);

    await fill(user, note, 'Over budget this month');
    await user.click(within(dialog).getByRole('button', { name: 'Reject the order' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent('POST')).toEqual([
      {
        method: 'POST',
        path: `/api/company/orders/${BUYER_ORDER}/reject`,
        body: { note: 'Over budget this month' },
      },
    ]);
    expect(toasts).toContain('The order is rejected and cancelled.');
    await waitFor(async () => expect(await ordersList()).toHaveLength(1));

    await user.click(screen.getByRole('button', { name: 'Cancelled' }));
    await waitFor(() => expect(calls.at(-1)?.query).toBe('?state=cancelled&limit=20'));
    const [rejected] = (await ordersList()) as [HTMLElement];
    expect(within(rejected).getByText('Rejected')).toBeTruthy();
    expect(within(rejected).getByText('Over budget this month')).toBeTruthy();
    expect(within(rejected).getByText('Cancelled')).toBeTruthy();
    expect(within(rejected).queryByRole('button', { name: /^Approve|^Reject/ })).toBeNull();
  });

  it('filters the orders awaiting approval, and loads more of them on demand', async () => {
    pageSize = 1;
    const user = userEvent.setup();
    renderPage('/dashboard/company?orders=awaiting');
    expect(await ordersList()).toHaveLength(1);
    expect(
      screen.getByRole('button', { name: 'Awaiting approval' }).getAttribute('aria-pressed'),
    ).toBe('true');
    expect(calls.find((call) => call.path === '/api/company/orders')?.query).toBe(
      '?state=awaiting&limit=20',
    );
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'All' }));
    await waitFor(async () => expect((await ordersList())[0]?.textContent).toContain('Bea'));
    expect(screen.getByText('Showing 1 of 2')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(async () => expect(await ordersList()).toHaveLength(2));
    expect(calls.at(-1)?.query).toBe('?state=all&limit=20&cursor=1');
    expect(screen.getByText('Showing 2 of 2')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });
});

describe('My Company for a buyer', () => {
  beforeEach(() => {
    auth = { user: buyerUser };
    company = { ...fleet, role: 'buyer', invitations: [] };
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
    expect(toasts).toContain('You left Fleet Parts Ltd.');
  });
});

describe('My Company paying on account (issue 18 #4)', () => {
  const account = { onAccount: true, creditLimit: 5000, termsDays: 30, creditUsed: 1250.5 };

  it('tells a buyer the credit limit, what is used and left and the terms, and which orders are invoiced', async () => {
    auth = { user: buyerUser };
    company = { ...fleet, role: 'buyer', invitations: [], account };
    orders = [
      companyOrder(BUYER_ORDER, buyerUser, {
        onAccount: true,
        paid: true,
        transaction: 'on-account',
        invoiceNumber: 'INV-000042',
        dueAt: '2025-04-04T10:00:00.000Z',
      }),
      companyOrder(OWNER_ORDER, ownerUser, {
        onAccount: true,
        paid: true,
        transaction: 'on-account',
        invoiceNumber: 'INV-000041',
        dueAt: '2025-04-03T10:00:00.000Z',
        settledAt: '2025-03-20T10:00:00.000Z',
      }),
    ];
    renderPage();
    const details = await screen.findByRole('region', { name: 'Company details: Fleet Parts Ltd' });
    expect(details.textContent).toContain(
      'Pays on account: credit limit $5,000.00, $1,250.50 used, $3,749.50 left, net 30 days',
    );

    const [open, settled] = (await ordersList()) as [HTMLElement, HTMLElement];
    expect(
      within(open).getByText('On account · invoice INV-000042 · due Apr 4, 2025'),
    ).toBeTruthy();
    expect(within(open).getByText('Invoiced on account')).toBeTruthy();
    expect(
      within(settled).getByText('On account · invoice INV-000041 · settled Mar 20, 2025'),
    ).toBeTruthy();
    expect(within(settled).getByText('Paid')).toBeTruthy();
  });

  it('invoices an order on account as the owner approves it, and reads the credit left again', async () => {
    company = { ...fleet, account };
    orders = [companyOrder(BUYER_ORDER, buyerUser, { approval: 'awaiting', onAccount: true })];
    const user = userEvent.setup();
    renderPage();
    const [beas] = (await ordersList()) as [HTMLElement];
    expect(within(beas).getByText('On account · invoiced once approved')).toBeTruthy();
    await user.click(within(beas).getByRole('button', { name: /^Approve/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve this order?' });
    expect(dialog.textContent).toContain(
      'The order of Bea Buyer for $185.00 is then invoiced on the company’s account.',
    );
    const asked = sent('GET', '/api/company').length;
    await user.click(within(dialog).getByRole('button', { name: 'Approve the order' }));

    await waitFor(() => expect(within(beas).getByText('Invoiced on account')).toBeTruthy());
    expect(
      within(beas).getByText('On account · invoice INV-000043 · due Apr 5, 2025'),
    ).toBeTruthy();
    expect(toasts).toContain(
      'The order is approved and invoiced on the company’s account as INV-000043.',
    );
    await waitFor(() => expect(sent('GET', '/api/company').length).toBeGreaterThan(asked));
  });
});
