import { lazy, Suspense, useState } from 'react';
import { Spinner } from '../../../components/ui/Spinner.tsx';
import { dashboardText } from '../../dashboard/index.ts';
import type { Part } from '../api.ts';
import { PartForm } from '../components/PartForm.tsx';
import { blankPart } from '../part-form-values.ts';

// An edit's form (it loads the part first) comes when a part is chosen.
const EditPartForm = lazy(() => import('../components/EditPartForm.tsx'));
// The list below the form comes in its own chunk: with it, the page's first JavaScript was 119.6
// KB gzipped, over the 118 KB budget (npm run bench).
const PartsTable = lazy(() =>
  import('../components/PartsTable.tsx').then((module) => ({ default: module.PartsTable })),
);

/**
 * Dashboard 'Add a Product' (admins; PRODUCT §3.8): the form to add a part, or to edit the one
 * chosen in the list below it.
 */
export default function AddProductPage() {
  const [editing, setEditing] = useState<Part | null>(null);
  // Each save starts a fresh form: a new key remounts it with empty (or the chosen part's) values.
  const [round, setRound] = useState(0);
  const done = () => {
    setEditing(null);
    setRound((n) => n + 1);
  };

  return (
    <section aria-labelledby="add-product-heading" className="flex flex-col gap-10">
      <h2 id="add-product-heading" className="text-2xl font-bold sm:text-3xl">
        {dashboardText.addProduct}
      </h2>
      {editing ? (
        <Suspense fallback={<Spinner />}>
          <EditPartForm key={`${editing._id}-${round}`} part={editing} onDone={done} />
        </Suspense>
      ) : (
        <PartForm key={`new-${round}`} editing={null} values={blankPart} onDone={done} />
      )}
      <Suspense fallback={<Spinner />}>
        <PartsTable
          onEdit={(part) => {
            setEditing(part);
            setRound((n) => n + 1);
          }}
        />
      </Suspense>
    </section>
  );
}
