// Issue 31 #3: a cart line change answers the line and the totals; the cached cart takes them in.
import type { CartLine, CartReply } from '@axle/contract';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { keepLineChange } from './keep-line-change.ts';
import { CART_KEY } from './keys.ts';

const lineOf = (id: string, quantity: number): CartLine => ({
  part: {
    _id: id,
    name: `Part ${id}`,
    description: '',
    img: null,
    availableQuantity: 100,
    minimumQuantity: 1,
    price: 2,
    priceTiers: [],
  } as unknown as CartLine['part'],
  quantity,
  unitPrice: 2,
  lineTotal: 2 * quantity,
  problems: [],
});

function cached(lines: CartLine[]) {
  const client = new QueryClient();
  client.setQueryData<CartReply>(CART_KEY, { lines, total: 0, deposits: 0, orderable: true });
  return client;
}

describe('keeping a line change in the cached cart', () => {
  it('replaces the line where it was and takes the totals', () => {
    const client = cached([lineOf('a', 1), lineOf('b', 2)]);
    keepLineChange(client, {
      line: lineOf('a', 5),
      total: 14,
      deposits: 0,
      orderable: false,
      count: 2,
    });
    const cart = client.getQueryData<CartReply>(CART_KEY);
    expect(cart?.lines.map((line) => [line.part._id, line.quantity])).toEqual([
      ['a', 5],
      ['b', 2],
    ]);
    expect([cart?.total, cart?.orderable]).toEqual([14, false]);
    expect(client.getQueryState(CART_KEY)?.isInvalidated).toBe(false);
  });

  it('adds a part new to the cart at the end', () => {
    const client = cached([lineOf('a', 1)]);
    keepLineChange(client, {
      line: lineOf('c', 3),
      total: 8,
      deposits: 0,
      orderable: true,
      count: 2,
    });
    expect(client.getQueryData<CartReply>(CART_KEY)?.lines.map((line) => line.part._id)).toEqual([
      'a',
      'c',
    ]);
    expect(client.getQueryState(CART_KEY)?.isInvalidated).toBe(false);
  });

  it('reads the cart again when it holds other lines than the server counts', () => {
    const client = cached([lineOf('a', 1)]);
    keepLineChange(client, {
      line: lineOf('c', 3),
      total: 30,
      deposits: 0,
      orderable: true,
      count: 4,
    });
    expect(client.getQueryState(CART_KEY)?.isInvalidated).toBe(true);
  });

  it('reads the cart when it was not read yet', () => {
    const client = new QueryClient();
    keepLineChange(client, {
      line: lineOf('c', 3),
      total: 6,
      deposits: 0,
      orderable: true,
      count: 1,
    });
    expect(client.getQueryData(CART_KEY)).toBeUndefined();
  });
});
