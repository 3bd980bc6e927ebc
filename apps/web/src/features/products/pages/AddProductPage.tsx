import { useState } from 'react';
import { dashboardText } from '../../dashboard/index.ts';
import type { Part } from '../api.ts';
import { PartForm } from '../components/PartForm.tsx';
import { PartsTable } from '../components/PartsTable.tsx';

/**
 * Dashboard 'Add a Product' (admins; PRODUCT §3.8): the form to add a part, or to edit the one
 * chosen in the list below it.
 */
export default function AddProductPage() {
  const [editing, setEditing] = useState<Part | null>(null);
  // Each save starts a fresh form: a new key remounts it with empty (or the chosen part's) values.
  const [round, setRound] = useState(0);

  return (
    <section aria-labelledby="add-product-heading" className="flex flex-col gap-10">
      <h2 id="add-product-heading" className="text-2xl font-semibold">
        {dashboardText.addProduct}
      </h2>
      <PartForm
        key={`${editing?._id ?? 'new'}-${round}`}
        editing={editing}
        onDone={() => {
          setEditing(null);
          setRound((n) => n + 1);
        }}
      />
      <PartsTable
        onEdit={(part) => {
          setEditing(part);
          setRound((n) => n + 1);
        }}
      />
    </section>
  );
}
