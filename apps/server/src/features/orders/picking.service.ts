import { orderNumberText, pickingMessages } from '@axle/contract/order-texts';
import { and, asc, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { Conflict } from '../../domain/errors.ts';
import { type Invoicing, pdfTable, printable, startPdf } from '../invoices/invoices.service.ts';
import { sourcesOfOrders } from '../warehouses/stock.service.ts';
import { orderInvoice, waitingToShip } from './orders.service.ts';
import { orderLines, orders } from './orders.table.ts';

// The warehouse's papers (issue 33 #2): a picking list of many orders' lines, warehouse by
// warehouse in shelf order (by part number), and a packing slip for each order (no prices).

/** Why an order named for picking is not picked: `pickingMessages`' keys. */
type LeftOut = { id: string; number: number | null; reason: keyof typeof pickingMessages };

/** One part to take from one warehouse's shelves, and the orders it goes to. */
export type PickRow = {
  partNumber: string;
  name: string;
  quantity: number;
  orders: { number: number; quantity: number }[];
};

export type PickingList = {
  /** The orders picked, by number. */
  orders: number[];
  /** Warehouse by warehouse, in the shop's order; `warehouse` null for lines placed before them. */
  warehouses: { warehouse: { code: string; name: string; city: string } | null; rows: PickRow[] }[];
  leftOut: LeftOut[];
  /** Without ids: how many paid orders wait to ship in all (the list takes the oldest `limit`). */
  waitingToShip: number | null;
};

const waiting = sql<boolean>`exists (select 1 from ${orderLines} l where l.order_id = ${orders.id} and l.backordered > 0)`;

/**
 * The picking list of the orders `ids` (those that can ship: paid, not cancelled, shipped or
 * waiting for backordered parts; the others are named with the reason), or without ids of the
 * oldest `limit` paid orders waiting to ship.
 */
export async function pickingList(
  db: Db,
  ids: readonly string[] | undefined,
  limit: number,
): Promise<PickingList> {
  const state = {
    id: orders.id,
    number: orders.number,
    paid: orders.paid,
    shipped: orders.shipped,
    cancelled: sql<boolean>`${orders.cancelledAt} is not null`,
    waiting,
  };
  const found = ids
    ? await db
        .select(state)
        .from(orders)
        .where(inArray(orders.id, [...ids]))
    : await db
        .select(state)
        .from(orders)
        .where(and(waitingToShip, sql`not ${waiting}`))
        .orderBy(asc(orders.createdAt), asc(orders.id))
        .limit(limit);
  const byId = new Map(found.map((row) => [row.id, row]));
  const leftOut: LeftOut[] = [];
  for (const id of ids ?? []) {
    const row = byId.get(id);
    const reason = !row
      ? 'unknown'
      : row.cancelled
        ? 'cancelled'
        : !row.paid
          ? 'unpaid'
          : row.shipped
            ? 'shipped'
            : row.waiting
              ? 'waiting'
              : null;
    if (reason) leftOut.push({ id, number: row?.number ?? null, reason });
  }
  const left = new Set(leftOut.map((out) => out.id));
  const picked = found.filter((row) => !left.has(row.id));
  const [all] = ids
    ? []
    : await db.select({ count: sql<number>`count(*)::int` }).from(orders).where(waitingToShip);
  return {
    orders: picked.map((row) => row.number).sort((a, b) => a - b),
    warehouses: await shelves(
      db,
      picked.map((row) => row.id),
      new Map(picked.map((row) => [row.id, row.number])),
    ),
    leftOut: leftOut.sort((a, b) => (a.number ?? 0) - (b.number ?? 0)),
    waitingToShip: ids ? null : (all?.count ?? 0),
  };
}

/** The orders' lines, warehouse by warehouse (as their units were taken), by part number in each. */
async function shelves(db: Db, orderIds: string[], numbers: Map<string, number>) {
  if (orderIds.length === 0) return [];
  const lines = await db
    .select({
      orderId: orderLines.orderId,
      position: orderLines.position,
      partId: orderLines.partId,
      partNumber: orderLines.partNumber,
      name: orderLines.partName,
      quantity: orderLines.quantity,
    })
    .from(orderLines)
    .where(inArray(orderLines.orderId, orderIds));
  const sources = await sourcesOfOrders(db, orderIds);
  type Place = PickingList['warehouses'][number]['warehouse'];
  const places = new Map<string, { warehouse: Place; rows: Map<string, PickRow> }>();
  const add = (place: Place, line: (typeof lines)[number], quantity: number) => {
    const key = place?.code ?? '';
    const shelf = places.get(key) ?? { warehouse: place, rows: new Map() };
    places.set(key, shelf);
    const row = shelf.rows.get(line.partId) ?? {
      partNumber: line.partNumber,
      name: line.name,
      quantity: 0,
      orders: [],
    };
    shelf.rows.set(line.partId, row);
    row.quantity += quantity;
    row.orders.push({ number: numbers.get(line.orderId) ?? 0, quantity });
  };
  const key = (entry: { orderId: string; position: number }) =>
    `${entry.orderId}:${entry.position}`;
  const lineAt = new Map(lines.map((line) => [key(line), line]));
  // The sources come in the shop's order of warehouses: the first seen is picked first.
  for (const source of sources) {
    const line = lineAt.get(key(source));
    if (line)
      add({ code: source.warehouse, name: source.name, city: source.city }, line, source.quantity);
  }
  const sourced = new Set(sources.map(key));
  for (const line of lines) if (!sourced.has(key(line))) add(null, line, line.quantity);
  return [...places.values()]
    .sort((a, b) => Number(a.warehouse === null) - Number(b.warehouse === null))
    .map((place) => ({
      warehouse: place.warehouse,
      rows: [...place.rows.values()]
        .sort((a, b) => a.partNumber.localeCompare(b.partNumber, 'en', { numeric: true }))
        .map((row) => ({ ...row, orders: row.orders.sort((a, b) => a.number - b.number) })),
    }));
}

/** The packing slip's order: paid and not cancelled, else a 409 (an unknown order is a 404). */
export async function packingSlipOf(db: Db, orderId: string) {
  const invoice = await orderInvoice(db, orderId);
  if (!invoice || invoice.order.cancelled) throw new Conflict(pickingMessages.noSlip);
  return invoice;
}

/** Columns of a table written row by row; a row taller than the page's rest starts a new page. */
const timeText = (at: Date) => `${at.toISOString().slice(0, 16).replace('T', ' ')} UTC`;

/**
 * The picking list as a PDF: the orders it covers, then warehouse by warehouse each part to take
 * (by part number), how many in all and for which orders, with a box to tick; the orders named
 * but left out, with the reason.
 */
export function renderPickingListPdf(
  list: PickingList,
  invoicing: Invoicing,
  printedAt: Date,
): Promise<Buffer> {
  const pdf = startPdf('Picking list', invoicing);
  const { doc, text, width } = pdf;
  doc.font('Helvetica-Bold').fontSize(20);
  text('Picking list');
  doc.font('Helvetica').fontSize(10).moveDown(0.5);
  text(`Printed ${timeText(printedAt)}`);
  const count = list.orders.length;
  if (list.waitingToShip !== null && list.waitingToShip > count)
    text(`The ${count} oldest of the ${list.waitingToShip} paid orders waiting to ship.`);
  text(
    count === 0
      ? 'Nothing to pick: no order on this list can ship.'
      : `${count} ${count === 1 ? 'order' : 'orders'}: ${list.orders.join(', ')}`,
  );
  for (const place of list.warehouses) {
    doc.moveDown();
    doc.font('Helvetica-Bold').fontSize(13);
    text(
      place.warehouse
        ? `${place.warehouse.code}: ${place.warehouse.name}, ${place.warehouse.city}`
        : 'Warehouse not recorded (ordered before warehouses)',
    );
    doc.fontSize(10).moveDown(0.3);
    const row = pdfTable(pdf, [
      { title: 'Picked', width: 45 },
      { title: 'Part number', width: 100 },
      { title: 'Part', width: 165 },
      { title: 'Qty', width: 40, align: 'right' },
      { title: 'For orders', width: width - 350 },
    ]);
    for (const part of place.rows) {
      const y = doc.y;
      row([
        '',
        part.partNumber,
        part.name,
        String(part.quantity),
        part.orders.map((order) => `${order.number} (${order.quantity})`).join(', '),
      ]);
      // A box to tick as the part is taken from the shelf.
      doc.rect(pdf.left + 2, y, 9, 9).stroke();
    }
  }
  if (list.leftOut.length > 0) {
    doc.moveDown();
    doc.font('Helvetica-Bold').fontSize(13);
    text('Not on this list');
    doc.font('Helvetica').fontSize(10).moveDown(0.3);
    for (const out of list.leftOut)
      text(
        `${out.number === null ? out.id : orderNumberText(out.number)}: ${pickingMessages[out.reason]}`,
      );
  }
  doc.end();
  return pdf.done;
}

/**
 * A paid order's packing slip as a PDF: who sends it and where it goes, the order's number, date
 * and the buyer's PO number and note, then each line with its quantity, the warehouses it ships
 * from and the fleet vehicle it is for; no prices. An exchange part's line says the old part is to
 * be returned, and by when.
 */
export function renderPackingSlipPdf(
  invoice: Awaited<ReturnType<typeof packingSlipOf>>,
  invoicing: Invoicing,
): Promise<Buffer> {
  const { order, company } = invoice;
  const pdf = startPdf(`Packing slip, ${orderNumberText(order.number)}`, invoicing);
  const { doc, text, left, width } = pdf;
  doc.font('Helvetica-Bold').fontSize(20);
  text(`Packing slip: ${orderNumberText(order.number)}`);
  doc.font('Helvetica').fontSize(10).moveDown(0.5);
  text(`Placed ${order.createdAt.slice(0, 10)}`);
  if (order.poNumber) text(`Your PO number: ${order.poNumber}`);
  doc.moveDown();
  const top = doc.y;
  doc.font('Helvetica-Bold');
  text('From', { width: width / 2 - 10 });
  doc.font('Helvetica');
  for (const line of [invoicing.seller.name, ...invoicing.seller.address])
    text(line, { width: width / 2 - 10 });
  const fromEnd = doc.y;
  doc.font('Helvetica-Bold');
  doc.text('Ship to', left + width / 2, top, { width: width / 2 });
  doc.font('Helvetica');
  for (const line of [
    order.name,
    ...(company ? [company.legalName] : []),
    ...order.address.split('\n'),
    [order.postalCode, order.city].filter(Boolean).join(' '),
    order.country,
    order.tel,
  ])
    doc.text(printable(line), left + width / 2, doc.y, { width: width / 2 });
  doc.x = left;
  doc.y = Math.max(fromEnd, doc.y) + 20;

  const row = pdfTable(pdf, [
    { title: 'Part number', width: 100 },
    { title: 'Part', width: 215 },
    { title: 'Qty', width: 40, align: 'right' },
    { title: 'Ships from', width: width - 355 },
  ]);
  for (const line of order.lines) {
    const notes = [
      line.vehicle ? `For ${line.vehicle.label}` : null,
      line.backorder ? `${line.backorder.quantity} to follow` : null,
      line.core
        ? `Exchange part: return the old ${line.core.owed === 1 ? 'part' : 'parts'}${line.core.dueBy ? ` by ${line.core.dueBy}` : ''}`
        : null,
    ].filter(Boolean);
    row([
      line.partNumber,
      [line.name, ...notes].join('\n'),
      String(line.quantity),
      line.shipsFrom?.map((source) => `${source.warehouse} (${source.quantity})`).join(', ') ?? '',
    ]);
  }
  if (order.note) {
    doc.moveDown();
    doc.font('Helvetica-Bold');
    text('Note from the buyer');
    doc.font('Helvetica');
    text(order.note);
  }
  doc.end();
  return pdf.done;
}
