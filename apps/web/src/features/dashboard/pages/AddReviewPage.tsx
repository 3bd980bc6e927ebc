import type { ReactNode } from 'react';
import { dashboardText } from '../strings.ts';

/** The dashboard's 'Add Review' page: its title, and the review form (composed in app/). */
export default function AddReviewPage({ children }: { children: ReactNode }) {
  return (
    <section aria-labelledby="add-review-heading" className="flex flex-col gap-6">
      <h2 id="add-review-heading" className="text-2xl font-bold sm:text-3xl">
        {dashboardText.addReview}
      </h2>
      {children}
    </section>
  );
}
