import type { ReactNode } from 'react';

/** The search, filters and sort above an admin list: one row on a wide screen, stacked on a phone. */
export function ListTools({ children }: { children: ReactNode }) {
  return <div className="flex flex-wrap items-end gap-4">{children}</div>;
}
