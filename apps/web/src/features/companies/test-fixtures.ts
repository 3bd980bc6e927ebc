import type { Company, Order } from '@axle/contract';

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
