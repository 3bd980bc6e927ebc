// Many rows in one statement on either engine: the batch travels as one JSON parameter that
// json_to_recordset turns back into typed rows. Parameters stay at one per statement (a multi-row
// VALUES list would need one per cell and hit the 65,535 limit), and PGlite, which has no COPY
// from the client, takes the same statement as a PostgreSQL server.
import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../client.ts';
import type {
  CataloguedPartRow,
  CredentialRow,
  FitmentRow,
  OrderLineRow,
  OrderRow,
  PartAttributeRow,
  PartReferenceRow,
  PaymentRow,
  ReviewRow,
  SandboxIntentRow,
  UserRow,
} from './generate.ts';

/** A table the generator fills: its name and each column's SQL type, keyed like its rows. */
type BulkTable<Row> = { name: string; columns: Record<keyof Row & string, string> };

const timestamp = 'timestamptz';

export const partsTable: BulkTable<CataloguedPartRow> = {
  name: 'parts',
  columns: {
    id: 'uuid',
    name: 'text',
    description: 'text',
    img: 'text',
    available_quantity: 'integer',
    minimum_quantity: 'integer',
    price_cents: 'integer',
    created_at: timestamp,
    updated_at: timestamp,
    part_number: 'text',
    brand_id: 'uuid',
    category_id: 'uuid',
    weight_grams: 'integer',
    superseded_by: 'uuid',
  },
};

/** What one warehouse holds of a part (issue 32 #2). */
export type PartStockRow = { part_id: string; warehouse_id: string; quantity: number };

export const partStockTable: BulkTable<PartStockRow> = {
  name: 'part_stock',
  columns: { part_id: 'uuid', warehouse_id: 'uuid', quantity: 'integer' },
};

export const partReferencesTable: BulkTable<PartReferenceRow> = {
  name: 'part_references',
  columns: { part_id: 'uuid', kind: 'text', brand: 'text', number: 'text' },
};

export const partAttributesTable: BulkTable<PartAttributeRow> = {
  name: 'part_attributes',
  columns: { part_id: 'uuid', position: 'integer', name: 'text', value: 'text', unit: 'text' },
};

export const fitmentsTable: BulkTable<FitmentRow> = {
  name: 'fitments',
  columns: { part_id: 'uuid', vehicle_id: 'uuid', note: 'text' },
};

export const usersTable: BulkTable<UserRow> = {
  name: 'users',
  columns: {
    id: 'uuid',
    email: 'text',
    name: 'text',
    img: 'text',
    role: 'text',
    email_verified: 'boolean',
    provider_id: 'text',
    unpaid_orders: 'integer',
    created_at: timestamp,
    updated_at: timestamp,
  },
};

export const credentialsTable: BulkTable<CredentialRow> = {
  name: 'credentials',
  columns: { user_id: 'uuid', password_hash: 'text', updated_at: timestamp },
};

export const ordersTable: BulkTable<OrderRow> = {
  name: 'orders',
  columns: {
    id: 'uuid',
    user_id: 'uuid',
    part_id: 'uuid',
    part_name: 'text',
    part_img: 'text',
    unit_price_cents: 'integer',
    name: 'text',
    email: 'text',
    tel: 'text',
    country: 'text',
    city: 'text',
    address: 'text',
    quantity: 'integer',
    total_cents: 'bigint',
    line_count: 'integer',
    paid: 'boolean',
    shipped: 'boolean',
    transaction: 'text',
    invoice_number: 'integer',
    invoiced_at: timestamp,
    tax_rate_basis_points: 'integer',
    cancelled_at: timestamp,
    created_at: timestamp,
    updated_at: timestamp,
  },
};

export const orderLinesTable: BulkTable<OrderLineRow> = {
  name: 'order_lines',
  columns: {
    order_id: 'uuid',
    position: 'integer',
    part_id: 'uuid',
    part_number: 'text',
    part_name: 'text',
    part_img: 'text',
    unit_price_cents: 'integer',
    list_price_cents: 'integer',
    quantity: 'integer',
  },
};

const paymentColumns = {
  order_id: 'uuid',
  amount_cents: 'integer',
  currency: 'text',
  status: 'text',
  card_brand: 'text',
  card_last4: 'text',
  created_at: timestamp,
  updated_at: timestamp,
};

export const paymentsTable: BulkTable<PaymentRow> = {
  name: 'payments',
  columns: { id: 'uuid', provider: 'text', intent_id: 'text', ...paymentColumns },
};

export const sandboxIntentsTable: BulkTable<SandboxIntentRow> = {
  name: 'sandbox_intents',
  columns: { id: 'text', client_secret: 'text', idempotency_key: 'text', ...paymentColumns },
};

export const reviewsTable: BulkTable<ReviewRow> = {
  name: 'reviews',
  columns: {
    id: 'uuid',
    user_id: 'uuid',
    name: 'text',
    img: 'text',
    rating: 'integer',
    comment: 'text',
    created_at: timestamp,
  },
};

/** Inserts `rows` into `table` in one statement. */
export async function insertRows<Row>(db: Db | Tx, table: BulkTable<Row>, rows: readonly Row[]) {
  if (rows.length === 0) return;
  const names = Object.keys(table.columns).map((column) => `"${column}"`);
  const types = Object.entries(table.columns).map(([column, type]) => `"${column}" ${type}`);
  await db.execute(
    sql`INSERT INTO ${sql.identifier(table.name)} (${sql.raw(names.join(', '))}) SELECT ${sql.raw(names.join(', '))} FROM json_to_recordset(${JSON.stringify(rows)}::json) AS r(${sql.raw(types.join(', '))})`,
  );
}
