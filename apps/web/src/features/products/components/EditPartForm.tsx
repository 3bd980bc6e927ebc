import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { LoadFailed } from '../../../components/ui/LoadFailed.tsx';
import { Spinner } from '../../../components/ui/Spinner.tsx';
import type { Part } from '../api.ts';
import { partForEditQuery, valuesOf } from '../edit-api.ts';
import { productsText as text } from '../strings.ts';
import { PartForm } from './PartForm.tsx';
import { PartStockEditor } from './PartStockEditor.tsx';

/**
 * The part form for an edit: it starts from the part as it is now, with every catalogue field
 * and every vehicle it fits; below it, the part's stock in each warehouse (issue 32 #2), whose
 * saves move the part's available quantity and version, which the form then edits from. A chunk
 * of its own, loaded when an admin chooses a part to edit.
 */
export default function EditPartForm({ part, onDone }: { part: Part; onDone: () => void }) {
  const detail = useQuery(partForEditQuery(part._id));
  const [current, setCurrent] = useState(part);
  if (detail.isPending) return <Spinner label={text.loadingPart} />;
  if (detail.isError)
    return (
      <LoadFailed message={text.partLoadFailed} retryLabel={text.retry} onRetry={detail.refetch} />
    );
  return (
    <>
      <PartForm
        editing={current}
        values={valuesOf(part, detail.data.detail, detail.data.fitment)}
        onDone={onDone}
      />
      <PartStockEditor part={current} onSaved={setCurrent} />
    </>
  );
}
