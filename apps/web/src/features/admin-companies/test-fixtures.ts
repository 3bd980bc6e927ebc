import type { AdminCompanyDetail, Order } from '@axle/contract';

// For the admin's company pages' tests: companies, their people, open and overdue invoices on
// account as the admin API describes them. Only tests import it.

export const FLEET = '33333333-3333-4333-8333-333333333333';
export const WORKSHOP = '44444444-4444-4444-8444-444444444444';
export const OWNER = '11111111-1111-4111-8111-111111111111';
export const BUYER = '22222222-2222-4222-8222-222222222222';
export const FLEET_INVOICE = '55555555-5555-4555-8555-555555555555';
export const WORKSHOP_INVOICE = '66666666-6666-4666-8666-666666666666';
export const FLEET_INVOICE_NOT_DUE = '12121212-1212-4212-8212-121212121212';

const DAY_MS = 86_400_000;

/** A company on account with two people: its owner and a buyer with a spending limit. */
export const fleet: AdminCompanyDetail = {
  _id: FLEET,
  legalName: 'Fleet Parts Ltd',
  taxId: 'GB 123 4567 89',
  billingAddress: {
    line1: '1 Depot Road',
    line2: 'Unit 4',
    city: 'Leeds',
    postalCode: 'LS1 4AB',
    country: 'United Kingdom',
  },
  memberCount: 2,
  account: { onAccount: true, creditLimit: 5000, termsDays: 30, creditUsed: 1250.5 },
  createdAt: '2025-03-01T10:00:00.000Z',
  members: [
    {
      userId: OWNER,
      name: 'Olga Owner',
      email: 'olga@fleet.test',
      role: 'owner',
      spendingLimit: null,
      joinedAt: '2025-03-01T10:00:00.000Z',
    },
    {
      userId: BUYER,
      name: 'Bea Buyer',
      email: 'bea@fleet.test',
      role: 'buyer',
      spendingLimit: 250,
      joinedAt: '2025-03-02T10:00:00.000Z',
    },
  ],
};

/** A one-person company that pays by card. */
export const workshop: AdminCompanyDetail = {
  _id: WORKSHOP,
  legalName: 'Corner Workshop LLC',
  taxId: 'US-98-7654321',
  billingAddress: {
    line1: '9 Main Street',
    line2: null,
    city: 'Springfield',
    postalCode: '12345',
    country: 'United States',
  },
  memberCount: 1,
  account: { onAccount: false, creditLimit: 0, termsDays: 30, creditUsed: 0 },
  createdAt: '2025-02-01T10:00:00.000Z',
  members: [
    {
      userId: '77777777-7777-4777-8777-777777777777',
      name: 'Walt Workshop',
      email: 'walt@workshop.test',
      role: 'owner',
      spendingLimit: null,
      joinedAt: '2025-02-01T10:00:00.000Z',
    },
  ],
};

/**
 * What the company pages load on demand, after the page: the payment dialog and the forms' rules
 * (zod and the resolver). On a busy machine their first import alone can outlast a wait for a
 * message, so the tests load them first (`beforeAll(loadOnDemandParts)`).
 */
export const loadOnDemandParts = () =>
  Promise.all([
    import('./components/SettleDialog.tsx'),
    import('./form-rules.ts'),
    import('@hookform/resolvers/zod'),
  ]);

/** A company as the list shows it: without its people. */
export const listed = ({ members: _members, ...company }: AdminCompanyDetail) => company;

/** An invoice on account of the company, placed by `by`, due `daysAgo` days before now. */
export function invoiceOnAccount(
  id: string,
  invoiceNumber: string,
  by: { name: string; email: string },
  total: number,
  daysAgo: number,
): Order {
  const line = {
    partId: '88888888-8888-4888-8888-888888888888',
    partNumber: 'P 83 140',
    name: 'Ceramic Front Brake Pad Set',
    img: null,
    quantity: total / 10,
    unitPrice: 10,
    listPrice: 10,
    total,
  };
  return {
    _id: id,
    number: 10001,
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
    totalPrice: total,
    total,
    lines: [line],
    lineCount: 1,
    deposits: 0,
    credited: 0,
    creditNotes: [],
    poNumber: null,
    note: null,
    invoiceNumber,
    trackingNumber: null,
    paid: true,
    shipped: false,
    cancelled: false,
    transaction: 'on-account',
    companyId: FLEET,
    approval: null,
    approvalNote: null,
    onAccount: true,
    dueAt: new Date(Date.now() - daysAgo * DAY_MS).toISOString(),
    settledAt: null,
    createdAt: new Date(Date.now() - (daysAgo + 30) * DAY_MS).toISOString(),
  };
}

/**
 * Fleet's open invoices, the oldest due first: one 12 days overdue, one due in 10 days; together
 * the credit it uses.
 */
export const fleetInvoices = () => [
  invoiceOnAccount(
    FLEET_INVOICE,
    'INV-000041',
    { name: 'Bea Buyer', email: 'bea@fleet.test' },
    1170.5,
    12,
  ),
  invoiceOnAccount(
    FLEET_INVOICE_NOT_DUE,
    'INV-000063',
    { name: 'Olga Owner', email: 'olga@fleet.test' },
    80,
    -10,
  ),
];
