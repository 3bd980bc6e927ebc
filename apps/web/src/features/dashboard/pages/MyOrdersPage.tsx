import type { ReactNode } from 'react';
import { dashboardText } from '../strings.ts';

/** The dashboard's 'My Orders' page: its title, and the orders (composed in app/). */
export default function MyOrdersPage({ children }: { children: ReactNode }) {
  return (
    <section aria-labelledby="my-orders-heading" className="flex flex-col gap-6">
      <h2 id="my-orders-heading" className="text-2xl font-bold sm:text-3xl">
        {dashboardText.myOrders}
      </h2>
      {children}
    </section>
  );
}
