import {
  type CreditNote,
  coreMessages,
  invoiceNumberText,
  priceBreakdown,
  taxRateText,
} from '@axle/contract';
import { orderNumberText } from '@axle/contract/order-texts';
import { eq, sql } from 'drizzle-orm';
import PDFDocument from 'pdfkit';
import type { Db, Tx } from '../../db/client.ts';
import type { RequestUser } from '../../domain/caller.ts';
import { Forbidden, NotFound } from '../../domain/errors.ts';
import { creditNoteOfOrder, toCreditNote } from '../credit-notes/credit-notes.service.ts';
import {
  invoiceOfOrder,
  type OrderInvoice,
  orderById,
  orderInvoice,
} from '../orders/orders.service.ts';
import { invoiceCounter } from './invoices.table.ts';

// Invoices (issue 17 #8): every paid order gets one, numbered without gaps, as a PDF its owner
// and the admins can download and that the payment e-mail carries.

/** Who sells, as every invoice states it (SELLER_* settings), and the tax rate (TAX_RATE). */
export type Invoicing = {
  seller: { name: string; address: string[]; taxId: string | null };
  /** TAX_RATE in hundredths of a percent (1500 is 15 %); prices include it. */
  taxRateBasisPoints: number;
};

/** Invoicing without SELLER_* and TAX_RATE: the shop's name and no tax. */
export const defaultInvoicing: Invoicing = {
  seller: { name: 'Axle Parts Ltd.', address: [], taxId: null },
  taxRateBasisPoints: 0,
};

/**
 * The next invoice number, inside the paying transaction: the counter's row stays locked until
 * that transaction ends, so payments on every instance take turns, and a transaction that does not
 * commit gives its number back with everything else. No number is skipped or given twice.
 */
export async function takeInvoiceNumber(tx: Tx): Promise<number> {
  const [row] = await tx
    .update(invoiceCounter)
    .set({ last: sql`${invoiceCounter.last} + 1` })
    .where(eq(invoiceCounter.id, 1))
    .returning({ number: invoiceCounter.last });
  if (!row) throw new Error('the invoice counter has no row (migration 0016 makes it)');
  return row.number;
}

/** A paid order's invoice: the order and when its invoice was issued, at what tax rate. */
export type Invoice = OrderInvoice;

/**
 * The invoice of an order, for its owner or an admin (another customer's is a 403); an order that
 * is not paid has none yet (404).
 */
export async function invoiceFor(db: Db, caller: RequestUser, orderId: string): Promise<Invoice> {
  const invoice = await invoiceOfOrder(db, caller, orderId);
  if (!invoice) throw new NotFound('This order has no invoice yet: it is issued once it is paid');
  return invoice;
}

/**
 * A credit note of an order (issue 32 #4) with the invoice it corrects, for the order's owner or
 * an admin only: anyone else's order is a 403, a number the order has not a 404.
 */
export async function creditNoteFor(
  db: Db,
  caller: RequestUser,
  orderId: string,
  number: string,
): Promise<{ invoice: Invoice; note: CreditNote }> {
  const row = await orderById(db, orderId);
  if (row.userId !== caller.id && caller.role !== 'admin')
    throw new Forbidden('This is not your order');
  const note = toCreditNote(await creditNoteOfOrder(db, orderId, number));
  const invoice = await orderInvoice(db, orderId);
  if (!invoice) throw new NotFound(coreMessages.noCreditNote);
  return { invoice, note };
}

export const money = (cents: number) =>
  `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/**
 * PDF's standard fonts write Windows-1252 only: other characters (a name in another script) are
 * shown as '?' rather than as a wrong glyph.
 */
export const printable = (text: string) =>
  text.normalize('NFC').replace(/[^\x20-\x7e\u00a0-\u00ff€‘’“”–—•…]/g, '?');

/**
 * A PDF of the shop's (A4, PDF's standard Helvetica, so nothing is embedded) and its bytes: the
 * invoices' and credit notes', and the warehouse's picking lists and packing slips (issue 33 #2).
 */
export function startPdf(title: string, invoicing: Invoicing) {
  const doc = new PDFDocument({
    size: 'A4',
    margin: 50,
    info: { Title: title, Author: invoicing.seller.name },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const text = (value: string, options: PDFKit.Mixins.TextOptions = {}) =>
    doc.text(printable(value), options);
  return { doc, done, text, left: 50, width: doc.page.width - 100 };
}

export type Pdf = ReturnType<typeof startPdf>;

/** Seller and buyer side by side: the company's legal details when a company bought. */
function parties({ doc, text, left, width }: Pdf, invoice: Invoice, invoicing: Invoicing) {
  const { order } = invoice;
  const top = doc.y;
  doc.font('Helvetica-Bold');
  text('Seller', { width: width / 2 - 10 });
  doc.font('Helvetica');
  for (const line of [
    invoicing.seller.name,
    ...invoicing.seller.address,
    ...(invoicing.seller.taxId ? [`Tax ID ${invoicing.seller.taxId}`] : []),
  ])
    text(line, { width: width / 2 - 10 });
  const sellerEnd = doc.y;
  doc.y = top;
  doc.font('Helvetica-Bold');
  doc.text('Bill to', left + width / 2, top, { width: width / 2 });
  doc.font('Helvetica');
  const shipTo = [
    ...order.address.split('\n'),
    [order.postalCode, order.city].filter(Boolean).join(' '),
    order.country,
  ];
  // A company's order is billed to the company (issue 18 #2), and says who ordered and where to.
  const { company } = invoice;
  const billTo = company
    ? [
        company.legalName,
        `Tax/VAT ID ${company.taxId}`,
        ...company.billingAddress,
        `Ordered by ${order.name} (${order.email})`,
        `Ship to: ${shipTo.join(', ')}`,
      ]
    : [order.name, order.email, order.tel, ...shipTo];
  for (const line of billTo)
    doc.text(printable(line), left + width / 2, doc.y, { width: width / 2 });
  doc.x = left;
  doc.y = Math.max(sellerEnd, doc.y) + 20;
}

/** A table of part number, part, quantity, unit price and total; `row` writes one line of it. */
/** A column of a PDF table: its title, its width (with the gap after it) and its alignment. */
export type PdfColumn = { title: string; width: number; align?: 'right' };

/**
 * A table on `pdf`: writes the titles in bold and gives the function that writes a row, each cell
 * wrapped within its column, the next row below the tallest cell, on a new page near the bottom.
 */
export function pdfTable({ doc, left }: Pdf, columns: readonly PdfColumn[]) {
  const row = (cells: string[], bold = false) => {
    if (doc.y > doc.page.height - 110) doc.addPage();
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica');
    const y = doc.y;
    let x = left;
    let bottom = y;
    cells.forEach((cell, i) => {
      const column = columns[i];
      if (!column) return;
      doc.text(printable(cell), x, y, { width: column.width - 5, align: column.align });
      bottom = Math.max(bottom, doc.y);
      x += column.width;
    });
    doc.x = left;
    doc.y = bottom + 4;
  };
  row(
    columns.map((column) => column.title),
    true,
  );
  return row;
}

/** The lines of an invoice or a credit note. */
const lineTable = (pdf: Pdf) =>
  pdfTable(pdf, [
    { title: 'Part number', width: 100 },
    { title: 'Part', width: 190 },
    { title: 'Qty', width: 50, align: 'right' },
    { title: 'Unit price', width: 85, align: 'right' },
    { title: 'Total', width: pdf.width - 420, align: 'right' },
  ]);

/** Labelled amounts right-aligned under the table (net, tax, total). */
function sums({ doc, left, width }: Pdf, lines: readonly (readonly [string, string, boolean])[]) {
  if (doc.y > doc.page.height - 120) doc.addPage();
  doc.moveDown();
  for (const [label, amount, bold] of lines) {
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica');
    const y = doc.y;
    doc.text(label, left + 290, y, { width: 130, align: 'right' });
    doc.text(amount, left + 425, y, { width: width - 425, align: 'right' });
    doc.x = left;
  }
  doc.moveDown(2);
  doc.font('Helvetica').fontSize(9);
}

/**
 * The invoice as a PDF: seller and buyer, the order's PO number and dates, every line with its
 * unit price (and the part's own price when a volume price applied), an exchange part's core
 * deposits, the tax the total includes, and the total paid. Everything a customer typed is
 * written as text, never interpreted.
 */
export function renderInvoicePdf(invoice: Invoice, invoicing: Invoicing): Promise<Buffer> {
  const { order } = invoice;
  const pdf = startPdf(`Invoice ${invoiceNumberText(invoice.number)}`, invoicing);
  const { doc, text } = pdf;
  doc.font('Helvetica-Bold').fontSize(20);
  text(`Invoice ${invoiceNumberText(invoice.number)}`);
  doc.font('Helvetica').fontSize(10).moveDown(0.5);
  text(`Issued ${invoice.issuedAt.toISOString().slice(0, 10)}`);
  text(`${orderNumberText(order.number)}, placed ${order.createdAt.slice(0, 10)}`);
  if (order.poNumber) text(`Your PO number: ${order.poNumber}`);
  doc.moveDown();
  parties(pdf, invoice, invoicing);

  const row = lineTable(pdf);
  for (const line of order.lines) {
    const tiered = line.unitPrice < line.listPrice;
    row([
      line.partNumber,
      tiered
        ? `${line.name} (volume price; list ${money(Math.round(line.listPrice * 100))})`
        : line.name,
      String(line.quantity),
      money(Math.round(line.unitPrice * 100)),
      money(Math.round(line.total * 100)),
    ]);
  }
  // An exchange part's deposit (issue 32 #4): a line of its own, refunded by a credit note.
  for (const line of order.lines)
    if (line.core)
      row([
        line.partNumber,
        `Core deposit, refunded when the old part comes back within ${line.core.returnDays} days`,
        String(line.quantity),
        money(Math.round(line.core.charge * 100)),
        money(Math.round(line.core.deposit * 100)),
      ]);

  const totalCents = Math.round(order.total * 100);
  const { subtotalCents, taxCents } = priceBreakdown(totalCents, invoice.taxRateBasisPoints);
  const rate = taxRateText(invoice.taxRateBasisPoints);
  const creditedCents = Math.round(order.credited * 100);
  const due = order.onAccount && !order.settledAt;
  sums(pdf, [
    ['Net', money(subtotalCents), false],
    [`Tax (${rate}, included)`, money(taxCents), false],
    [
      !due ? 'Total paid' : creditedCents > 0 ? 'Total' : 'Total due',
      money(totalCents),
      !due || creditedCents === 0,
    ],
    ...(due && creditedCents > 0
      ? ([
          ['Credited (credit notes)', `-${money(creditedCents)}`, false],
          ['Total due', money(totalCents - creditedCents), true],
        ] as const)
      : []),
  ]);
  if (!order.onAccount)
    text(`Paid by card${order.transaction ? ` (payment ${order.transaction})` : ''}. Thank you.`);
  else if (order.settledAt) text(`Paid on account on ${order.settledAt.slice(0, 10)}. Thank you.`);
  else
    text(
      `On account: payment due by ${order.dueAt?.slice(0, 10) ?? ''}, quoting ${invoiceNumberText(invoice.number)}.`,
    );
  doc.end();
  return pdf.done;
}

/**
 * A credit note as a PDF (issue 32 #4): the old parts received on a line of the order, the core
 * deposits given back, the tax they included, and where the money went (the card or the company's
 * account), with the invoice it corrects.
 */
export function renderCreditNotePdf(
  invoice: Invoice,
  note: CreditNote,
  invoicing: Invoicing,
): Promise<Buffer> {
  const { order } = invoice;
  const pdf = startPdf(`Credit note ${note.number}`, invoicing);
  const { doc, text } = pdf;
  doc.font('Helvetica-Bold').fontSize(20);
  text(`Credit note ${note.number}`);
  doc.font('Helvetica').fontSize(10).moveDown(0.5);
  text(`Issued ${note.createdAt.slice(0, 10)}`);
  text(`For invoice ${invoiceNumberText(invoice.number)}, ${orderNumberText(order.number)}`);
  if (order.poNumber) text(`Your PO number: ${order.poNumber}`);
  doc.moveDown();
  parties(pdf, invoice, invoicing);

  const row = lineTable(pdf);
  const amountCents = Math.round(note.amount * 100);
  row([
    note.partNumber,
    `Core deposit refunded: old ${note.name} received`,
    String(note.quantity),
    money(Math.round(amountCents / note.quantity)),
    `-${money(amountCents)}`,
  ]);
  const { subtotalCents, taxCents } = priceBreakdown(amountCents, invoice.taxRateBasisPoints);
  sums(pdf, [
    ['Net', `-${money(subtotalCents)}`, false],
    [`Tax (${taxRateText(invoice.taxRateBasisPoints)}, included)`, `-${money(taxCents)}`, false],
    ['Total credited', `-${money(amountCents)}`, true],
  ]);
  text(
    note.refundedTo === 'account'
      ? "Credited to your company's account."
      : 'Refunded to the card the order was paid with.',
  );
  doc.end();
  return pdf.done;
}
