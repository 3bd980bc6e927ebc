import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { BusyButton } from '../../../components/ui/BusyButton.tsx';
import { toast } from '../../../lib/toast.ts';
import { CART_KEY, type ReorderNotice, reorder } from '../../cart/index.ts';
import type { Order } from '../api.ts';
import { ordersText } from '../strings.ts';

const text = ordersText.myOrders;

/**
 * Reorder (issue 17 #5): the order's lines go into the cart at today's prices; the cart page
 * then says what changed since (a price, a minimum, the stock, a part that is gone).
 */
export function ReorderButton({ order }: { order: Order }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const again = useMutation({
    mutationFn: () => reorder(order._id),
    onSuccess: ({ cart, changes }) => {
      queryClient.setQueryData(CART_KEY, cart);
      toast.success(text.reordered);
      const notice: ReorderNotice = { reorderChanges: changes };
      void navigate('/cart', { state: notice });
    },
    onError: () => toast.error(text.reorderFailed),
  });
  return (
    <BusyButton
      className="btn btn-sm btn-outline"
      busy={again.isPending}
      busyLabel={text.reordering}
      onClick={() => again.mutate()}
    >
      {text.reorder}
    </BusyButton>
  );
}
