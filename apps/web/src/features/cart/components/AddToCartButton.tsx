import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { BusyButton } from '../../../components/ui/BusyButton.tsx';
import { useAuth } from '../../accounts/index.ts';

type Props = {
  part: {
    _id: string;
    name: string;
    minimumQuantity: number;
    availableQuantity: number;
    /** Set while the part takes orders above its stock (issue 32 #3): out of stock, it still can. */
    backorderExpected?: string | null;
  };
  /** The button's words (the card's own, or the page's). */
  label: string;
  /** How many to add; the part's minimum order when not given. */
  quantity?: number;
  className?: string;
  /** Says which part the button is for, for a screen reader among many cards. */
  describedBy?: string;
};

/**
 * "Add to cart": the part's minimum order (or `quantity`) goes into the cart. What it does is
 * loaded when it is first pressed, so a page of cards carries only the button.
 */
export function AddToCartButton({ part, label, quantity, className = 'btn', describedBy }: Props) {
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  return (
    <BusyButton
      className={className}
      aria-describedby={describedBy}
      busy={busy}
      disabled={part.availableQuantity === 0 && !part.backorderExpected}
      onClick={async () => {
        setBusy(true);
        try {
          const { addToCart } = await import('../add-to-cart.ts');
          await addToCart(
            { signedIn: user !== null, queryClient },
            part,
            quantity ?? part.minimumQuantity,
          );
        } finally {
          setBusy(false);
        }
      }}
    >
      {label}
    </BusyButton>
  );
}
