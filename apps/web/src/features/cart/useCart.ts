import type { CartLine, CartReply } from '@axle/contract';
import { backorderedOf, cartProblems } from '@axle/contract/buying-texts';
import { unitPriceFor } from '@axle/contract/prices';
import { useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useSyncExternalStore } from 'react';
import { useAuth } from '../accounts/index.ts';
import {
  addCartLine,
  cartPartQuery,
  cartQuery,
  emptyCart,
  removeCartLine,
  setCartLine,
} from './api.ts';
import { keepLineChange } from './keep-line-change.ts';
import { CART_KEY } from './keys.ts';
import {
  changeVisitorLine,
  subscribeVisitorCart,
  visitorLines,
  writeVisitorLines,
} from './visitor-cart.ts';

export type Cart = {
  /** The lines, priced now (by the server for a signed-in customer). */
  lines: CartLine[];
  /** Dollars: the lines and their core deposits (issue 32 #4). */
  total: number;
  /** Dollars: the core deposits among the total, refunded when the old parts come back. */
  deposits: number;
  /** Every line can be ordered as it is (and there is one). */
  orderable: boolean;
  /** How many different parts the cart holds (known before their prices are). */
  count: number;
  loading: boolean;
  failed: boolean;
  /** Asks again for what failed to load. */
  retry: () => void;
  signedIn: boolean;
  setQuantity: (partId: string, quantity: number) => Promise<void>;
  /** The company's fleet vehicle a line is for (issue 32 #5), null for none; signed in only. */
  setVehicle: (partId: string, vehicleId: string | null) => Promise<void>;
  add: (partId: string, quantity: number) => Promise<void>;
  remove: (partId: string) => Promise<void>;
  empty: () => Promise<void>;
};

const serverPrice = (cents: number) => Math.round(cents) / 100;

/**
 * The cart: a signed-in customer's on the server (it follows them across devices), a visitor's in
 * this browser, priced from the catalogue with the same volume-price rule the server applies.
 */
export function useCart(): Cart {
  const { user } = useAuth();
  const signedIn = user !== null;
  const queryClient = useQueryClient();
  const server = useQuery({ ...cartQuery, enabled: signedIn });
  const visitor = useSyncExternalStore(subscribeVisitorCart, visitorLines, () => []);
  const parts = useQueries({
    queries: (signedIn ? [] : visitor).map((line) => cartPartQuery(line.partId)),
  });

  const keep = useCallback(
    (cart: CartReply) => queryClient.setQueryData(CART_KEY, cart),
    [queryClient],
  );
  const setQuantity = useCallback(
    async (partId: string, quantity: number) => {
      if (signedIn) keepLineChange(queryClient, await setCartLine(partId, quantity));
      else changeVisitorLine(partId, quantity);
    },
    [signedIn, queryClient],
  );
  const setVehicle = useCallback(
    async (partId: string, vehicleId: string | null) => {
      const line = queryClient
        .getQueryData<CartReply>(CART_KEY)
        ?.lines.find((each) => each.part._id === partId);
      if (!signedIn || !line) return;
      keepLineChange(queryClient, await setCartLine(partId, line.quantity, vehicleId));
    },
    [signedIn, queryClient],
  );
  const add = useCallback(
    async (partId: string, quantity: number) => {
      if (signedIn) keepLineChange(queryClient, await addCartLine(partId, quantity));
      else changeVisitorLine(partId, quantity, true);
    },
    [signedIn, queryClient],
  );
  const remove = useCallback(
    async (partId: string) => {
      if (signedIn) keep(await removeCartLine(partId));
      else changeVisitorLine(partId, 0);
    },
    [signedIn, keep],
  );
  const empty = useCallback(async () => {
    if (signedIn) keep(await emptyCart());
    else writeVisitorLines([]);
  }, [signedIn, keep]);
  const actions = { setQuantity, setVehicle, add, remove, empty, signedIn };

  if (signedIn) {
    const cart = server.data;
    return {
      lines: cart?.lines ?? [],
      total: cart?.total ?? 0,
      deposits: cart?.deposits ?? 0,
      orderable: cart?.orderable ?? false,
      count: cart?.lines.length ?? 0,
      loading: server.isPending,
      failed: server.isError,
      retry: () => void server.refetch(),
      ...actions,
    };
  }
  // A visitor's lines, priced as the server will price them once they sign in.
  let totalCents = 0;
  let depositCents = 0;
  const lines: CartLine[] = [];
  visitor.forEach((line, i) => {
    const part = parts[i]?.data;
    if (!part) return;
    const unitCents = Math.round(unitPriceFor(part, line.quantity) * 100);
    // An exchange part's deposit for each unit, on top of its price (issue 32 #4).
    const chargeCents = Math.round((part.coreCharge ?? 0) * 100);
    totalCents += (unitCents + chargeCents) * line.quantity;
    depositCents += chargeCents * line.quantity;
    const backordered = backorderedOf(part, line.quantity);
    lines.push({
      part,
      quantity: line.quantity,
      unitPrice: serverPrice(unitCents),
      lineTotal: serverPrice(unitCents * line.quantity),
      problems: cartProblems(part, line.quantity),
      // The units above the stock, as the server will say once they sign in (issue 32 #3).
      backorder:
        backordered > 0 && part.backorderExpected
          ? { quantity: backordered, expected: part.backorderExpected }
          : undefined,
      core:
        chargeCents > 0
          ? {
              charge: serverPrice(chargeCents),
              deposit: serverPrice(chargeCents * line.quantity),
            }
          : undefined,
    });
  });
  return {
    lines,
    total: serverPrice(totalCents),
    deposits: serverPrice(depositCents),
    orderable: lines.length > 0 && lines.every((line) => line.problems.length === 0),
    count: visitor.length,
    loading: parts.some((query) => query.isPending),
    failed: parts.some((query) => query.isError),
    retry: () => {
      for (const query of parts) if (query.isError) void query.refetch();
    },
    ...actions,
  };
}
