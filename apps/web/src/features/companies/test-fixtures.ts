import type { Company, FleetHistory, FleetVehicle, Order } from '@axle/contract';

// For the company pages' tests: the people, a company and its orders as the API describes them.
// Only tests import it.

export const OWNER = '11111111-1111-4111-8111-111111111111';
export const BUYER = '22222222-2222-4222-8222-222222222222';
export const COMPANY = '33333333-3333-4333-8333-333333333333';
export const INVITATION = '44444444-4444-4444-8444-444444444444';
export const BUYER_ORDER = '55555555-5555-4555-8555-555555555555';
export const OWNER_ORDER = '66666666-6666-4666-8666-666666666666';

/** The signed-in people, as the AuthProvider knows them. */
export const ownerUser = {
  _id: OWNER,
  name: 'Olga Owner',
  email: 'olga@fleet.test',
  img: null,
  role: null,
  emailVerified: true,
  providerId: 'password',
};
export const buyerUser = { ...ownerUser, _id: BUYER, name: 'Bea Buyer', email: 'bea@fleet.test' };

export const fleet: Company = {
  _id: COMPANY,
  legalName: 'Fleet Parts Ltd',
  taxId: 'GB 123 4567 89',
  billingAddress: {
    line1: '1 Depot Road',
    line2: null,
    city: 'Leeds',
    postalCode: 'LS1 4AB',
    country: 'United Kingdom',
  },
  role: 'owner',
  members: [
    {
      userId: OWNER,
      name: ownerUser.name,
      email: ownerUser.email,
      role: 'owner',
      spendingLimit: null,
      joinedAt: '2025-03-01T10:00:00.000Z',
    },
    {
      userId: BUYER,
      name: buyerUser.name,
      email: buyerUser.email,
      role: 'buyer',
      spendingLimit: 100,
      joinedAt: '2025-03-02T10:00:00.000Z',
    },
  ],
  invitations: [
    {
      _id: INVITATION,
      email: 'carl@fleet.test',
      role: 'buyer',
      spendingLimit: 50,
      expiresAt: '2025-03-09T10:00:00.000Z',
    },
  ],
  account: { onAccount: false, creditLimit: 0, termsDays: 30, creditUsed: 0 },
  createdAt: '2025-03-01T10:00:00.000Z',
};

const line = {
  partId: '77777777-7777-4777-8777-777777777777',
  partNumber: 'P 83 140',
  name: 'Ceramic Front Brake Pad Set',
  img: null,
  quantity: 10,
  unitPrice: 18.5,
  listPrice: 18.5,
  total: 185,
};

/** An unpaid one-line order of the company, placed by `by`. */
export function companyOrder(
  id: string,
  by: typeof ownerUser,
  changes: Partial<Order> = {},
): Order {
  return {
    _id: id,
    number: 10002,
    partsId: line.partId,
    parts: line.name,
    partsImg: null,
    partsPrice: line.unitPrice,
    name: by.name,
    email: by.email,
    tel: '+44 113 496 0000',
    country: 'United Kingdom',
    city: 'Leeds',
    address: '1 Depot Road',
    postalCode: 'LS1 4AB',
    quantity: line.quantity,
    totalPrice: line.total,
    total: line.total,
    lines: [line],
    lineCount: 1,
    deposits: 0,
    credited: 0,
    creditNotes: [],
    poNumber: null,
    note: null,
    invoiceNumber: null,
    trackingNumber: null,
    companyId: COMPANY,
    approval: null,
    approvalNote: null,
    onAccount: false,
    dueAt: null,
    settledAt: null,
    paid: false,
    shipped: false,
    transaction: null,
    cancelled: false,
    createdAt: '2025-03-05T10:00:00.000Z',
    ...changes,
  };
}

export const VAN = '88888888-8888-4888-8888-888888888888';
export const CIVIC = '99999999-9999-4999-8999-999999999990';
/** VINs the fake server decodes, as the shop's decoder would. */
export const COROLLA_VIN = '2T1BURHE9FC123456';
export const CIVIC_VIN = '2HGFC2F5XGH123456';
export const TRUCK_VIN = '1FTFW1ET5DFC10312';
/** The Corolla's VIN with a wrong check digit. */
export const BAD_CHECK_VIN = '2T1BURHE5FC123456';

/** The company's fleet, newest first: a named Corolla van with its mileage, and a bare Civic. */
export const fleetVehicles: FleetVehicle[] = [
  {
    _id: VAN,
    vin: COROLLA_VIN,
    plate: 'DHA-1234',
    name: 'Van 7',
    year: 2015,
    make: 'Toyota',
    model: 'Corolla',
    engine: '1.8L 4-cyl 2ZR-FE',
    vehicleId: 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa',
    label: 'Van 7 (DHA-1234)',
    mileageKm: 120500,
    createdAt: '2025-03-03T10:00:00.000Z',
  },
  {
    _id: CIVIC,
    vin: CIVIC_VIN,
    plate: null,
    name: null,
    year: 2016,
    make: 'Honda',
    model: 'Civic',
    engine: null,
    vehicleId: null,
    label: '2016 Honda Civic',
    mileageKm: null,
    createdAt: '2025-03-02T10:00:00.000Z',
  },
];

/** `n` parts ordered for a vehicle, newest first, one per order (orders 10100, 10099, …). */
export function partsOrdered(n: number): FleetHistory {
  return Array.from({ length: n }, (_, index) => ({
    orderId: `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
    orderNumber: 10100 - index,
    date: '2025-03-05T10:00:00.000Z',
    partId: '77777777-7777-4777-8777-777777777777',
    partNumber: `P ${index + 1}`,
    name: `Brake pad set ${index + 1}`,
    quantity: index + 1,
  }));
}
