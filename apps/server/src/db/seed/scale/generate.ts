// The row makers of the scale generator: one realistic row at a time, from a seeded random source,
// as the columns of the tables they go into (the bulk insert reads these names). Nothing here
// touches the database, so the same seed gives the same rows on either engine.
import { CITIES, COUNTRIES, ORDER_TOTAL_MAX_CENTS } from '@axle/contract';
import type { Random } from './random.ts';
import {
  avatarImages,
  firstNames,
  fitments,
  lastNames,
  partKinds,
  partMakers,
  partPromises,
  reviewDetails,
  reviewOpenings,
  streets,
} from './vocabulary.ts';

/** Generated customers' addresses end with this: the shop's mail never leaves for a real inbox. */
export const GENERATED_EMAIL_DOMAIN = 'scale.axle.test';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** Orders and reviews spread over the two years before `now`; parts and customers a little longer. */
const HISTORY = 730 * DAY;

/** A part's order line: minimum × price stays under this, so every order's total is payable. */
const MINIMUM_LINE_MAX_CENTS = 2_000_000;
const MINIMUMS = [1, 2, 5, 10, 10, 20, 25, 50, 50, 100, 100, 200, 500] as const;

const iso = (ms: number) => new Date(ms).toISOString();

export type PartRow = {
  id: string;
  name: string;
  description: string;
  img: string | null;
  available_quantity: number;
  minimum_quantity: number;
  price_cents: number;
  created_at: string;
  updated_at: string;
};

/** A part's row with the catalogue's columns (catalogue.ts makes their values). */
export type CataloguedPartRow = PartRow & {
  part_number: string;
  brand_id: string;
  category_id: string;
  weight_grams: number;
  /** The part that replaces it (issue 32 #1), for one part in SUPERSEDED_EVERY. */
  superseded_by: string | null;
};

/**
 * One generated part in this many has a superseded number (2 %): the part made just before it
 * replaces it, and that one is replaced by none, so chains are one step and never a cycle.
 */
export const SUPERSEDED_EVERY = 50;
export type PartReferenceRow = { part_id: string; kind: string; brand: string; number: string };
export type PartAttributeRow = {
  part_id: string;
  position: number;
  name: string;
  value: string;
  unit: string | null;
};
export type FitmentRow = { part_id: string; vehicle_id: string; note: string | null };

/** What an order needs of its part. */
export type PartRef = {
  id: string;
  /** Set once the catalogue's fields are made (fill.ts). */
  partNumber: string;
  name: string;
  img: string | null;
  priceCents: number;
  minimum: number;
  createdAt: number;
  kind: string;
  maker: string;
};

/**
 * Part `index` (from 0): maker, variant and kind make the name, with a part number that keeps
 * every name distinct ("Bosch Ceramic Front Brake Pad Set AX-00123").
 */
export function makePart(
  random: Random,
  index: number,
  now: number,
): { row: PartRow; ref: PartRef } {
  const kind = random.pick(partKinds);
  const maker = random.pick(partMakers);
  const variant = random.pick(kind.variants);
  const [low, high] = kind.priceCents;
  // Prices cluster at the cheap end of a kind's range, as catalogues do.
  const priceCents = Math.max(1, Math.round(low + (high - low) * random.next() ** 2));
  const fitting = MINIMUMS.filter((m) => m * priceCents <= MINIMUM_LINE_MAX_CENTS);
  const minimum = random.pick(fitting.length > 0 ? fitting : [1]);
  // About one part in twelve is out of stock; the rest hold from one to a few hundred minimums.
  const available = random.chance(1 / 12) ? 0 : minimum * random.int(1, 400);
  const name = `${maker} ${variant} ${kind.name} AX-${String(index + 1).padStart(5, '0')}`;
  const description = `${kind.about} Fits ${random.pick(fitments)} and ${random.pick(fitments)}. ${random.pick(partPromises)}`;
  const img = random.chance(0.03) ? null : kind.img;
  const createdAt = now - random.int(0, HISTORY + 30 * DAY);
  const row: PartRow = {
    id: random.uuid(),
    name,
    description,
    img,
    available_quantity: available,
    minimum_quantity: minimum,
    price_cents: priceCents,
    created_at: iso(createdAt),
    updated_at: iso(createdAt),
  };
  return {
    row,
    ref: {
      id: row.id,
      partNumber: '',
      name,
      img,
      priceCents,
      minimum,
      createdAt,
      kind: kind.name,
      maker,
    },
  };
}

export type UserRow = {
  id: string;
  email: string;
  name: string;
  img: string | null;
  role: string | null;
  email_verified: boolean;
  provider_id: string;
  unpaid_orders: number;
  created_at: string;
  updated_at: string;
};

export type CredentialRow = { user_id: string; password_hash: string; updated_at: string };

/** What an order or a review needs of its customer; `unpaid` counts their open orders as made. */
export type CustomerRef = {
  id: string;
  name: string;
  email: string;
  img: string | null;
  createdAt: number;
  unpaid: number;
};

/**
 * Customer `index` (from 0): a verified password account. Every customer shares `passwordHash`
 * (one argon2 hash of the documented password), since hashing 20,000 times would take minutes.
 * The counter of unpaid orders starts at 0 and is kept by the orders trigger (migration 0006).
 */
export function makeCustomer(
  random: Random,
  index: number,
  now: number,
  passwordHash: string,
): { user: UserRow; credential: CredentialRow; ref: CustomerRef } {
  const first = random.pick(firstNames);
  const last = random.pick(lastNames);
  const name = `${first} ${last}`;
  const email = `${first}.${last}.${index + 1}@${GENERATED_EMAIL_DOMAIN}`.toLowerCase();
  const createdAt = now - random.int(DAY, HISTORY + 60 * DAY);
  const img = random.chance(0.2) ? random.pick(avatarImages) : null;
  const user: UserRow = {
    id: random.uuid(),
    email,
    name,
    img,
    role: null,
    email_verified: true,
    provider_id: 'password',
    unpaid_orders: 0,
    created_at: iso(createdAt),
    updated_at: iso(createdAt),
  };
  return {
    user,
    credential: { user_id: user.id, password_hash: passwordHash, updated_at: iso(createdAt) },
    ref: { id: user.id, name, email, img, createdAt, unpaid: 0 },
  };
}

export type OrderRow = {
  id: string;
  user_id: string;
  part_id: string;
  part_name: string;
  part_img: string | null;
  unit_price_cents: number;
  name: string;
  email: string;
  tel: string;
  country: string;
  city: string;
  address: string;
  quantity: number;
  total_cents: number;
  line_count: number;
  paid: boolean;
  shipped: boolean;
  transaction: string | null;
  invoice_number: number | null;
  invoiced_at: string | null;
  tax_rate_basis_points: number | null;
  cancelled_at: string | null;
  created_at: string;
  updated_at: string;
};

export type OrderLineRow = {
  order_id: string;
  position: number;
  part_id: string;
  part_number: string;
  part_name: string;
  part_img: string | null;
  unit_price_cents: number;
  list_price_cents: number;
  quantity: number;
};

/** The shop's record of a card payment (payments table). */
export type PaymentRow = {
  id: string;
  order_id: string;
  provider: 'sandbox';
  intent_id: string;
  amount_cents: number;
  currency: string;
  status: string;
  card_brand: string;
  card_last4: string;
  created_at: string;
  updated_at: string;
};

/** The sandbox provider's own record of the same payment, as Stripe would keep it. */
export type SandboxIntentRow = {
  id: string;
  client_secret: string;
  idempotency_key: string;
  order_id: string;
  amount_cents: number;
  currency: string;
  status: string;
  card_brand: string;
  card_last4: string;
  created_at: string;
  updated_at: string;
};

export type OrderState = 'unpaid' | 'paid' | 'shipped' | 'cancelled';
/** The first orders take each state in turn, so even a handful of orders shows every state. */
const FIRST_STATES: readonly OrderState[] = ['unpaid', 'paid', 'shipped', 'cancelled'];

/** The shop's rules on unpaid orders (UNPAID_ORDER_TTL_HOURS, UNPAID_ORDERS_PER_CUSTOMER). */
export type UnpaidRules = { unpaidHours: number; unpaidPerCustomer: number };

const CARDS = [
  ['visa', '4242'],
  ['visa', '1881'],
  ['mastercard', '4444'],
  ['mastercard', '5100'],
  ['amex', '8431'],
] as const;

/** Frequent buyers: a few customers (fleets) and popular parts take most orders. */
const skewed = (random: Random, count: number, power: number) =>
  Math.min(count - 1, Math.floor(count * random.next() ** power));

/** How many lines an order has: most one, a workshop's restocking a few more. */
const LINE_COUNTS = [1, 1, 1, 1, 1, 1, 2, 2, 3, 4, 5, 8, 12] as const;

/**
 * Order `index` (from 0) with its lines and, when paid, its payment and its invoice's number
 * (`nextInvoice`, counted by the caller as paid orders are made). Unpaid orders are recent (younger
 * than half the time after which the shop cancels them) and at most the cap per customer, as the
 * shop's own rules leave them; older orders are paid, shipped or cancelled. A line's quantity is a
 * whole multiple of its part's minimum; the order's total is the sum of its lines, kept payable.
 */
export function makeOrder(
  random: Random,
  index: number,
  now: number,
  parts: readonly PartRef[],
  customers: CustomerRef[],
  rules: UnpaidRules,
  nextInvoice: () => number,
): {
  order: OrderRow;
  lines: OrderLineRow[];
  payment: PaymentRow | null;
  intent: SandboxIntentRow | null;
} {
  const part = parts[skewed(random, parts.length, 1.6)] as PartRef;
  const customer = customers[skewed(random, customers.length, 2)] as CustomerRef;
  let state: OrderState =
    FIRST_STATES[index] ??
    (random.chance(0.015) ? 'unpaid' : random.chance(0.09) ? 'cancelled' : 'paid');
  if (state === 'unpaid' && customer.unpaid >= rules.unpaidPerCustomer) state = 'cancelled';

  const since = Math.max(part.createdAt, customer.createdAt, now - HISTORY);
  // More orders in recent months: the business grew.
  let createdAt = since + Math.floor((now - since) * Math.sqrt(random.next()));
  if (state === 'unpaid') {
    createdAt = Math.max(since, now - Math.floor(random.next() * rules.unpaidHours * HOUR * 0.5));
    customer.unpaid++;
  }
  const age = now - createdAt;
  if (state === 'paid' && random.chance(age > 10 * DAY ? 0.97 : 0.35)) state = 'shipped';

  const orderId = random.uuid();
  const chosen = [part];
  for (let extra = random.pick(LINE_COUNTS) - 1; extra > 0; extra--) {
    const another = parts[skewed(random, parts.length, 1.6)] as PartRef;
    if (another.createdAt <= createdAt && !chosen.includes(another)) chosen.push(another);
  }
  let totalCents = 0;
  const lines: OrderLineRow[] = [];
  for (const linePart of chosen) {
    let quantity = linePart.minimum * random.pick([1, 1, 1, 2, 2, 3, 4, 5, 10]);
    const room = ORDER_TOTAL_MAX_CENTS - totalCents;
    if (quantity * linePart.priceCents > room)
      quantity = Math.floor(room / linePart.priceCents / linePart.minimum) * linePart.minimum;
    if (quantity < linePart.minimum || quantity === 0) continue;
    totalCents += linePart.priceCents * quantity;
    lines.push({
      order_id: orderId,
      position: lines.length,
      part_id: linePart.id,
      part_number: linePart.partNumber,
      part_name: linePart.name,
      part_img: linePart.img,
      unit_price_cents: linePart.priceCents,
      list_price_cents: linePart.priceCents,
      quantity,
    });
  }
  const first = lines[0] as OrderLineRow;
  const amountCents = totalCents;
  const paid = state === 'paid' || state === 'shipped';
  const paidAt = Math.min(now, createdAt + random.int(1, 90) * MINUTE);
  const cancelledAt =
    state === 'cancelled'
      ? Math.min(now, createdAt + random.int(5, Math.max(5, rules.unpaidHours * 60)) * MINUTE)
      : null;
  const shippedAt = Math.min(now, paidAt + random.int(2, 96) * HOUR);
  const intentId = `pi_sandbox_${random.hex(24)}`;
  const order: OrderRow = {
    id: orderId,
    user_id: customer.id,
    part_id: first.part_id,
    part_name: first.part_name,
    part_img: first.part_img,
    unit_price_cents: first.unit_price_cents,
    name: customer.name,
    email: customer.email,
    tel: `01${random.int(3, 9)}${String(random.int(0, 99_999_999)).padStart(8, '0')}`,
    country: random.pick(COUNTRIES),
    city: random.pick(CITIES),
    address: `House ${random.int(1, 120)}, ${random.pick(streets)}`,
    quantity: first.quantity,
    total_cents: totalCents,
    line_count: lines.length,
    paid,
    shipped: state === 'shipped',
    transaction: paid ? intentId : null,
    invoice_number: paid ? nextInvoice() : null,
    invoiced_at: paid ? iso(paidAt) : null,
    tax_rate_basis_points: paid ? 0 : null,
    cancelled_at: cancelledAt === null ? null : iso(cancelledAt),
    created_at: iso(createdAt),
    updated_at: iso(
      state === 'shipped' ? shippedAt : state === 'paid' ? paidAt : (cancelledAt ?? createdAt),
    ),
  };
  if (!paid) return { order, lines, payment: null, intent: null };
  const [brand, last4] = random.pick(CARDS);
  const payment: PaymentRow = {
    id: random.uuid(),
    order_id: orderId,
    provider: 'sandbox',
    intent_id: intentId,
    amount_cents: amountCents,
    currency: 'usd',
    status: 'succeeded',
    card_brand: brand,
    card_last4: last4,
    created_at: iso(createdAt),
    updated_at: iso(paidAt),
  };
  const intent: SandboxIntentRow = {
    id: intentId,
    client_secret: `${intentId}_secret_${random.hex(32)}`,
    idempotency_key: `order-${orderId}-${amountCents}`,
    order_id: orderId,
    amount_cents: amountCents,
    currency: 'usd',
    status: 'succeeded',
    card_brand: brand,
    card_last4: last4,
    created_at: iso(createdAt),
    updated_at: iso(paidAt),
  };
  return { order, lines, payment, intent };
}

export type ReviewRow = {
  id: string;
  user_id: string;
  name: string;
  img: string | null;
  rating: number;
  comment: string;
  created_at: string;
};

/** A review by a generated customer: mostly good, some poor, each in a customer's words. */
export function makeReview(
  random: Random,
  now: number,
  parts: readonly PartRef[],
  customers: readonly CustomerRef[],
): ReviewRow {
  const customer = customers[random.int(0, customers.length - 1)] as CustomerRef;
  const roll = random.next();
  const rating = roll < 0.45 ? 5 : roll < 0.75 ? 4 : roll < 0.87 ? 3 : roll < 0.94 ? 2 : 1;
  const part = parts.length > 0 ? (parts[random.int(0, parts.length - 1)] as PartRef) : null;
  const detail = random
    .pick(reviewDetails)
    .replace('{kind}', (part?.kind ?? 'part').toLowerCase())
    .replace('{maker}', part?.maker ?? 'the maker')
    .replace('{city}', random.pick(CITIES));
  const opening = random.pick(reviewOpenings[rating - 1] ?? []);
  const since = Math.max(customer.createdAt, now - HISTORY);
  return {
    id: random.uuid(),
    user_id: customer.id,
    name: customer.name,
    img: customer.img,
    rating,
    comment: `${opening} ${detail}`,
    created_at: iso(since + Math.floor((now - since) * random.next())),
  };
}
