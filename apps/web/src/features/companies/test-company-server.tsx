// The fake server and the helpers of My Company's page tests (MyCompanyPage.test.tsx,
// CompanyOrders.test.tsx and CompanyFleet.test.tsx): the company, its people, invitations,
// orders and fleet as the API keeps them.
import type {
  AddFleetVehicleBody,
  Company,
  CompanyBody,
  FleetHistory,
  FleetVehicle,
  InvitationBody,
  MemberBody,
  Order,
  UpdateFleetVehicleBody,
} from '@axle/contract';
import { companyMessages } from '@axle/contract/company-texts';
import { fleetMessages } from '@axle/contract/fleet-texts';
import { screen, within } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import { jsonReply, stubApi } from '../../lib/test-api.ts';
import { renderAt } from '../../lib/test-render.tsx';
import MyCompanyPage from './pages/MyCompanyPage.tsx';
import {
  BAD_CHECK_VIN,
  BUYER_ORDER,
  buyerUser,
  CIVIC_VIN,
  COROLLA_VIN,
  companyOrder,
  fleet,
  fleetVehicles,
  OWNER_ORDER,
  ownerUser,
  TRUCK_VIN,
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
  /** The company's fleet, newest first. */
  vehicles: [] as FleetVehicle[],
  /** The parts ordered for each vehicle, newest first, by the vehicle's id. */
  history: {} as Record<string, FleetHistory>,
};

/** What the shop's decoder reads from the VINs the tests type. */
const decoded: Record<string, Pick<FleetVehicle, 'year' | 'make' | 'model' | 'engine'>> = {
  [COROLLA_VIN]: { year: 2015, make: 'Toyota', model: 'Corolla', engine: '1.8L 4-cyl 2ZR-FE' },
  [CIVIC_VIN]: { year: 2016, make: 'Honda', model: 'Civic', engine: null },
  [TRUCK_VIN]: { year: 2013, make: 'Ford', model: 'F-150', engine: '3.5L 6-cyl' },
};

/** What people read of a vehicle, as the server words it. */
const labelOf = (vehicle: Omit<FleetVehicle, 'label'>) => {
  const called = vehicle.name ?? `${vehicle.year} ${vehicle.make} ${vehicle.model}`;
  return vehicle.plate ? `${called} (${vehicle.plate})` : called;
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

function addVehicle(body: AddFleetVehicleBody): Response {
  const vin = body.vin.trim().toUpperCase();
  if (vin === BAD_CHECK_VIN)
    return refuse(
      400,
      "This VIN's check digit (its 9th character) does not match the rest: it should be 9. Check the VIN for a mistyped character",
    );
  const described = decoded[vin];
  if (!described) return refuse(400, fleetMessages.vin);
  if (server.vehicles.some((vehicle) => vehicle.vin === vin))
    return refuse(409, fleetMessages.taken);
  const vehicle = {
    _id: `abababab-abab-4bab-8bab-${String(server.calls.length).padStart(12, '0')}`,
    vin,
    plate: body.plate ?? null,
    name: body.name ?? null,
    ...described,
    vehicleId: null,
    mileageKm: body.mileageKm ?? null,
    createdAt: '2025-03-06T10:00:00.000Z',
  };
  const added = { ...vehicle, label: labelOf(vehicle) };
  server.vehicles = [added, ...server.vehicles];
  return jsonReply(201, added);
}

function fleetAnswer({ method, body }: Call, id: string | undefined): Response {
  if (id === undefined) {
    if (method === 'GET') return jsonReply(200, server.vehicles);
    if (method === 'POST') return addVehicle(body as AddFleetVehicleBody);
  }
  const vehicle = server.vehicles.find((entry) => entry._id === id);
  if (!vehicle) return refuse(404, fleetMessages.notFound);
  if (method === 'PUT') {
    const change = body as UpdateFleetVehicleBody;
    const { label: _, ...changed } = {
      ...vehicle,
      ...(change.plate === undefined ? {} : { plate: change.plate }),
      ...(change.name === undefined ? {} : { name: change.name }),
      ...(change.mileageKm === undefined ? {} : { mileageKm: change.mileageKm }),
    };
    const saved = { ...changed, label: labelOf(changed) };
    server.vehicles = server.vehicles.map((entry) => (entry._id === id ? saved : entry));
    return jsonReply(200, saved);
  }
  if (method === 'DELETE') {
    server.vehicles = server.vehicles.filter((entry) => entry._id !== id);
    return new Response(null, { status: 204 });
  }
  return refuse(404, `no ${method} for a vehicle`);
}

/** GET /company/vehicles/{id}/history?page=&limit=: paged by number, counted in X-Total-Count. */
function historyPage(id: string, params: URLSearchParams): Response {
  if (!server.vehicles.some((entry) => entry._id === id))
    return refuse(404, fleetMessages.notFound);
  const rows = server.history[id] ?? [];
  const limit = Number(params.get('limit') ?? 100);
  const start = (Number(params.get('page') ?? 1) - 1) * limit;
  return jsonReply(200, rows.slice(start, start + limit), { 'X-Total-Count': String(rows.length) });
}

function answer(call: Call): Response {
  const { method, path, query, body } = call;
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
  const history = /^\/api\/company\/vehicles\/([^/]+)\/history$/.exec(path)?.[1];
  if (history && method === 'GET') return historyPage(history, params);
  const vehicle = /^\/api\/company\/vehicles(?:\/([^/]+))?$/.exec(path);
  if (vehicle) return fleetAnswer(call, vehicle[1]);
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
  server.vehicles = fleetVehicles;
  server.history = {};
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

/** The fleet's vehicles as the page lists them. */
export const fleetList = async () =>
  within(await screen.findByRole('list', { name: 'The company’s vehicles' })).getAllByRole(
    'article',
  );
