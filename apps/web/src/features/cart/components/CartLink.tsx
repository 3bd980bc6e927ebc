import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useSyncExternalStore } from 'react';
import { NavLink } from 'react-router';
import { useAuth } from '../../accounts/index.ts';
import { cartQuery, mergeCart } from '../api.ts';
import { cartButtonText as cartText } from '../button-strings.ts';
import { CART_KEY } from '../keys.ts';
import { subscribeVisitorCart, visitorLines, writeVisitorLines } from '../visitor-cart.ts';

/**
 * The navbar's link to the cart, with how many parts it holds. It is also where a visitor's cart
 * joins the account's when they sign in: it is on every page.
 */
export function CartLink({ className }: { className?: string }) {
  const { user } = useAuth();
  const signedIn = user !== null;
  const queryClient = useQueryClient();
  const server = useQuery({ ...cartQuery, enabled: signedIn });
  const visitor = useSyncExternalStore(subscribeVisitorCart, visitorLines, () => []);
  const merging = useRef(false);

  useEffect(() => {
    if (!signedIn || visitor.length === 0 || merging.current) return;
    merging.current = true;
    mergeCart(visitor)
      .then((cart) => {
        queryClient.setQueryData(CART_KEY, cart);
        writeVisitorLines([]);
      })
      // Kept in the browser: the next page tries again.
      .catch(() => undefined)
      .finally(() => {
        merging.current = false;
      });
  }, [signedIn, visitor, queryClient]);

  const count = signedIn ? (server.data?.lines.length ?? 0) : visitor.length;
  return (
    <NavLink
      to="/cart"
      className={className}
      aria-label={count > 0 ? cartText.linkWithCount(count) : cartText.link}
    >
      {cartText.link}
      {count > 0 ? (
        <span className="badge badge-sm badge-primary" aria-hidden="true">
          {count}
        </span>
      ) : null}
    </NavLink>
  );
}
