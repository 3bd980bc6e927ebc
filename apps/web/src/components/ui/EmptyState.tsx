import type { ReactNode } from 'react';

/**
 * What an empty list says, with the next step a person can take (a link or a button): "You have
 * no orders yet" with "Browse parts", never a bare blank.
 */
export function EmptyState({ children, action }: { children: ReactNode; action?: ReactNode }) {
  return (
    <div className="flex flex-col items-start gap-3 rounded-box border border-dashed border-base-300 p-6">
      <p className="text-lg">{children}</p>
      {action}
    </div>
  );
}
