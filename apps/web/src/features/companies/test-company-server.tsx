// The fake server and the helpers of My Company's page tests (MyCompanyPage.test.tsx and
// CompanyOrders.test.tsx): the company, its people, invitations and orders as the API keeps them.
import type { Company, CompanyBody, InvitationBody, MemberBody, Order } from '@axle/contract';
import { companyMessages } from '@axle/contract/company-texts';
import { screen, within } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import { jsonReply, stubApi } from '../../lib/test-api.ts';
import { renderAt } from '../../lib/test-render.tsx';
import MyCompanyPage from './pages/MyCompanyPage.tsx';
import {
  BUYER_ORDER,
  buyerUser,
  companyOrder,
  fleet,
  OWNER_ORDER,
  ownerUser,
} from './test-fixtures.ts';

type Call = {
  method: string;
  path: string;
  query: string;
  body: unknown;
  /** The `Idempotency-Key` header, when the call carried one. */
  key: string | undefined;
};

/** What the fake server keeps, and who is signed in; each test starts from `resetServer`. */
export const server = {
  /**
   * Decisions whose reply is lost on the way back (a dropped connection): the server records
   * the decision, the page gets a network failure.
   */
  loseReplies: 0,
  auth: { user: ownerUser } as { user: typeof ownerUser },
  calls: [] as Call[],
  toasts: [] as string[],
  /** The caller's company (null: they belong to none). */
  company: null as Company | null,
  /** The company's orders, newest first. */
  orders: [] as Order[],
  /** Orders per page the fake server answers (the page asks for 20). */
  pageSize: 20,
};

const refuse = (status: number, message: string) =>
  jsonReply(status, { error: { code: 'refused', message } });

function ordersPage(query: URLSearchParams): Response {
  const state = query.get('state');
  const shown = server.orders.filter((order) =>
    state === 'cancelled'
      ? order.cancelled
      : state === 'awaiting'
        ? !order.cancelled && order.approval === 'awaiting'
        : !order.cancelled,
  );
  const start = Number(query.get('cursor') ?? 0);
  const end = start + server.pageSize;
  const headers: Record<string, string> = { 'X-Total-Count': String(shown.length) };
  if (end < shown.length)
    headers.Link = `</api/company/orders?state=${state}&limit=20&cursor=${end}>; rel="next"`;
  return jsonReply(200, shown.slice(start, end), headers);
}

function decide(id: string, verdict: 'approved' | 'rejected', note: string | null): Response {
  const order = server.orders.find((entry) => entry._id === id);
  if (!order) return refuse(404, companyMessages.noOrder);
  if (order.email === server.auth.user.email) return refuse(403, companyMessages.ownOrder);
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
  server.orders = server.orders.map((entry) => (entry._id === id ? decided : entry));
  return jsonReply(200, decided);
}

function answer({ method, path, query, body }: Call): Response {
  const params = new URLSearchParams(query);
  const member = /^\/api\/company\/members\/([^/]+)$/.exec(path)?.[1];
  const invitation = /^\/api\/company\/invitations\/([0-9a-f-]{36})$/.exec(path)?.[1];
  const decision = /^\/api\/company\/orders\/([^/]+)\/(approve|reject)$/.exec(path);
  if (path === '/api/company' && method === 'GET') return jsonReply(200, server.company ?? null);
  if (path === '/api/company' && method === 'POST') {
    const { legalName, taxId, billingAddress } = body as CompanyBody;
    server.company = {
      ...fleet,
      legalName,
      taxId,
      billingAddress: { ...billingAddress, line2: billingAddress.line2 ?? null },
      members: fleet.members.slice(0, 1),
      invitations: [],
    };
    return jsonReply(201, server.company);
  }
  if (!server.company) return refuse(404, companyMessages.none);
  if (path === '/api/company/invitations' && method === 'POST') {
    const { email, role, spendingLimit } = body as InvitationBody;
    const made = {
      _id: '99999999-9999-4999-8999-999999999999',
      email,
      role,
      spendingLimit,
      expiresAt: '2025-03-12T10:00:00.000Z',
    };
    server.company = { ...server.company, invitations: [...server.company.invitations, made] };
    return jsonReply(201, made);
  }
  if (invitation && method === 'DELETE') {
    server.company = {
      ...server.company,
      invitations: server.company.invitations.filter((entry) => entry._id !== invitation),
    };
    return jsonReply(200, { deletedCount: 1 });
  }
  if (member && method === 'PUT') {
    const { role, spendingLimit } = body as MemberBody;
    server.company = {
      ...server.company,
      members: server.company.members.map((entry) =>
        entry.userId === member ? { ...entry, role, spendingLimit } : entry,
      ),
    };
    return jsonReply(200, server.company);
  }
  if (member && method === 'DELETE') {
    if (member === server.auth.user._id) server.company = null;
    else
      server.company = {
        ...server.company,
        members: server.company.members.filter((entry) => entry.userId !== member),
      };
    return jsonReply(200, { deletedCount: 1 });
  }
  if (path === '/api/company/orders' && method === 'GET') return ordersPage(params);
  if (decision?.[1] && method === 'POST') {
    const note = (body as { note?: string } | undefined)?.note ?? null;
    const reply = decide(decision[1], decision[2] === 'approve' ? 'approved' : 'rejected', note);
    if (server.loseReplies > 0) {
      server.loseReplies -= 1;
      throw new TypeError('Failed to fetch');
    }
    return reply;
  }
  return refuse(404, `no ${method} ${path}`);
}

export function resetServer() {
  server.auth = { user: ownerUser };
  server.calls = [];
  server.toasts = [];
  server.company = fleet;
  server.pageSize = 20;
  server.loseReplies = 0;
  server.orders = [
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
      key: (init.headers as Record<string, string> | undefined)?.['idempotency-key'],
    };
    server.calls.push(call);
    return answer(call);
  });
}

/** Types into a field at once (as pasted): the page's checks are the same, the test quicker. */
export async function fill(
  user: ReturnType<typeof userEvent.setup>,
  field: HTMLElement,
  text: string,
) {
  await user.click(field);
  await user.paste(text);
}

export function renderPage(path = '/dashboard/company') {
  renderAt(path, { '/dashboard/company': <MyCompanyPage /> });
}

export const sent = (method: string, path?: string) =>
  server.calls
    .filter((call) => call.method === method && (path === undefined || call.path === path))
    .map(({ method, path, body }) => ({ method, path, body }));

/** The desktop table of people (the phone's cards are in the page too: CSS tells them apart). */
export const peopleTable = async () =>
  screen.findByRole('table', {
    name: 'The people of your company, their roles and spending limits',
  });
export const rowOf = (table: HTMLElement, name: string) =>
  within(table)
    .getAllByRole('row')
    .find((row) => row.textContent?.includes(name)) as HTMLElement;

export const ordersList = async () =>
  within(await screen.findByRole('list', { name: 'The company’s orders' })).getAllByRole(
    'listitem',
  );
