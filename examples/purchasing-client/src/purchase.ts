// A purchasing system ordering parts from Axle with an API key: find each part by its number, put
// the quantities in the cart, check out to a ship-to address with a purchase-order number, and
// read the order back. Every call and type comes from the client generated from the shop's
// OpenAPI document (axle-api.d.ts); nothing here knows the shop's code.
import createClient from 'openapi-fetch';
import type { paths } from './axle-api.d.ts';

export type PurchaseRequest = {
  /** The shop's address, e.g. https://shop.example.com */
  baseUrl: string;
  /** An API key (axk_…) with the scopes catalogue:read, orders:read and orders:write. */
  apiKey: string;
  lines: Array<{ partNumber: string; quantity: number }>;
  address: { line1: string; city: string; postalCode: string; country: string };
  tel: string;
  poNumber: string;
  /** Where calls go; the platform's fetch unless a test gives its own. */
  fetch?: typeof fetch;
};

/** What a failed call said, as the shop's errors say it: `{ error: { code, message } }`. */
function failed(call: string, error: unknown): Error {
  const message = (error as { error?: { message?: string } } | undefined)?.error?.message;
  return new Error(`${call}: ${message ?? JSON.stringify(error)}`);
}

export async function purchase(request: PurchaseRequest) {
  const client = createClient<paths>({
    baseUrl: request.baseUrl,
    headers: { Authorization: `Bearer ${request.apiKey}` },
    ...(request.fetch ? { fetch: request.fetch } : {}),
  });

  // Start from an empty cart, so the order holds exactly these lines.
  const emptied = await client.DELETE('/api/cart');
  if (emptied.error) throw failed('emptyCart', emptied.error);

  for (const line of request.lines) {
    const found = await client.GET('/api/search', {
      params: { query: { q: line.partNumber, limit: 1 } },
    });
    if (found.error) throw failed('searchParts', found.error);
    const part = found.data.items[0];
    if (!part || part.partNumber !== line.partNumber)
      throw new Error(`No part with number ${line.partNumber}`);
    const put = await client.PUT('/api/cart/lines/{partId}', {
      params: { path: { partId: part._id } },
      body: { quantity: line.quantity },
    });
    if (put.error) throw failed('setCartLine', put.error);
  }

  const checkedOut = await client.POST('/api/checkout', {
    body: { address: request.address, tel: request.tel, poNumber: request.poNumber },
  });
  if (checkedOut.error) throw failed('checkOut', checkedOut.error);

  const read = await client.GET('/api/orderid/{id}', {
    params: { path: { id: checkedOut.data.insertedId } },
  });
  if (read.error) throw failed('getOrder', read.error);
  return read.data;
}
