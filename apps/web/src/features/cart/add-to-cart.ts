import type { QueryClient } from '@tanstack/react-query';
import { toast } from '../../lib/toast.ts';
import { addCartLine } from './api.ts';
import { cartButtonText as text } from './button-strings.ts';
import { keepLineChange } from './keep-line-change.ts';
import { changeVisitorLine } from './visitor-cart.ts';

/**
 * Adds a quantity of a part to the cart (a signed-in customer's on the server, a visitor's in this
 * browser) and says so. Cards load it when their button is first pressed (it is not on the home
 * page's first download), the purchase page with its own button.
 */
export async function addToCart(
  who: { signedIn: boolean; queryClient: QueryClient },
  part: { _id: string; name: string },
  quantity: number,
): Promise<void> {
  try {
    if (who.signedIn) keepLineChange(who.queryClient, await addCartLine(part._id, quantity));
    else changeVisitorLine(part._id, quantity, true);
    toast.success(text.added(quantity, part.name));
  } catch {
    toast.error(text.addFailed);
  }
}
