import type { Order } from '../api.ts';
import { approvalText as text } from '../approval-strings.ts';

const badgeClass = {
  awaiting: 'badge-warning',
  approved: 'badge-success',
  rejected: 'badge-error',
} as const;

/**
 * A company order's approval (issue 18): awaiting an owner, approved or rejected, with the owner's
 * note when they gave one. Nothing for an order that needed no approval.
 */
export function ApprovalBadge({ order }: { order: Pick<Order, 'approval' | 'approvalNote'> }) {
  if (!order.approval) return null;
  return (
    <span className="flex flex-col items-start gap-1">
      <span className={`badge whitespace-nowrap ${badgeClass[order.approval]}`}>
        {text.states[order.approval]}
      </span>
      {order.approvalNote ? (
        <span className="text-sm break-words">
          <span className="font-medium">{text.note}</span> {order.approvalNote}
        </span>
      ) : null}
    </span>
  );
}
