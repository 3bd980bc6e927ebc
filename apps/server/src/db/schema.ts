// Every table of the shop, for Drizzle's typed queries and for drizzle-kit's migrations.

export * from '../adapters/payments/sandbox.table.ts';
export * from '../features/accounts/accounts.table.ts';
export * from '../features/addresses/addresses.table.ts';
export * from '../features/admin/admin.table.ts';
export * from '../features/api-keys/api-keys.table.ts';
export * from '../features/cart/cart.table.ts';
export * from '../features/catalog/catalog.table.ts';
export * from '../features/catalog/reorder.table.ts';
export * from '../features/companies/companies.table.ts';
export * from '../features/credit-notes/credit-notes.table.ts';
export * from '../features/fleet/fleet.table.ts';
export * from '../features/garage/garage.table.ts';
export * from '../features/invoices/invoices.table.ts';
export * from '../features/jobs/jobs.table.ts';
export * from '../features/newsletter/newsletter.table.ts';
export * from '../features/orders/orders.table.ts';
export * from '../features/payments/payments.table.ts';
export * from '../features/profiles/profiles.table.ts';
export * from '../features/reports/reports.table.ts';
export * from '../features/reviews/reviews.table.ts';
export * from '../features/vehicles/vehicles.table.ts';
export * from '../features/warehouses/warehouses.table.ts';
export * from '../features/webhooks/webhooks.table.ts';
export * from './idempotency.table.ts';
export * from './row-counts.table.ts';
