// Issue 17 #8: the invoice PDF states the seller and the buyer, the PO number, every line with its
// volume price, the tax its total includes (TAX_RATE) and the total paid; what a customer typed is
// text in it, never markup.
import { checkoutReply, taxIncludedCents } from '@axle/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Customer, signUp } from '../../../test/customers.ts';
import { pdfText } from '../../../test/pdf.ts';
import {
  addPart,
  createSecurityTestApp,
  payInSandbox,
  type TestApp,
} from '../../../test/security/support.ts';
import { partPriceTiers } from '../catalog/catalog.table.ts';

let t: TestApp;
let buyer: Customer;

beforeAll(async () => {
  t = await createSecurityTestApp({
    invoicing: {
      seller: { name: 'Axle Parts Ltd.', address: ['12 Dock Road', 'Chattogram'], taxId: 'BIN 42' },
      taxRateBasisPoints: 1500,
    },
  });
  buyer = await signUp(t.app, 'buyer');
});
afterAll(() => t.close());

describe('the invoice', () => {
  it('states seller, buyer, PO number, lines, the tax included and the total paid, all as text', async () => {
    const pads = await addPart(t, { name: 'Brake Pad Set', minimumQuantity: 10, priceCents: 425 });
    await t.db.insert(partPriceTiers).values({ partId: pads, minQuantity: 50, priceCents: 390 });
    await t.app.inject({
      method: 'PUT',
      url: `/api/cart/lines/${pads}`,
      headers: buyer.headers,
      payload: { quantity: 60 },
    });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/checkout',
      headers: buyer.headers,
      payload: {
        address: {
          line1: '<script>1</script> Road',
          city: 'Dhaka',
          postalCode: '1212',
          country: 'Bangladesh',
        },
        tel: '01712345678',
        poNumber: '<b>PO</b> & "7"',
      },
    });
    const { insertedId } = checkoutReply.parse(res.json());
    const transaction = await payInSandbox(t, buyer, insertedId);
    await t.app.inject({
      method: 'PUT',
      url: `/api/order/${insertedId}`,
      headers: buyer.headers,
      payload: { transaction },
    });
    const pdf = await t.app.inject({
      url: `/api/orders/${insertedId}/invoice.pdf`,
      headers: buyer.headers,
    });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-disposition']).toMatch(/^attachment; filename="INV-\d{6}\.pdf"$/);
    const text = pdfText(pdf.rawPayload);
    expect(text[0]).toMatch(/^Invoice INV-\d{6}$/);
    // The order by the short number its buyer knows it by (issue 30 #2).
    const { number } = (
      await t.app.inject({ url: `/api/orderid/${insertedId}`, headers: buyer.headers })
    ).json();
    expect(text).toContain(`Order ${number}, placed ${new Date().toISOString().slice(0, 10)}`);
    expect(text).toEqual(
      expect.arrayContaining([
        'Your PO number: <b>PO</b> & "7"',
        'Axle Parts Ltd.',
        '12 Dock Road',
        'Tax ID BIN 42',
        buyer.email,
        '<script>1</script> Road',
        '1212 Dhaka',
        'Brake Pad Set (volume price; list $4.25)',
        '60',
        '$3.90',
        '$234.00',
        'Tax (15 %, included)',
        '$30.52',
        'Net',
        '$203.48',
        'Total paid',
      ]),
    );
  });

  it('takes the tax a total includes to the cent', () => {
    expect(taxIncludedCents(23400, 1500)).toBe(3052);
    expect(taxIncludedCents(23400, 0)).toBe(0);
    expect(taxIncludedCents(11500, 1500)).toBe(1500);
  });
});
