import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { LoadFailed } from '../../../components/ui/LoadFailed.tsx';
import { Spinner } from '../../../components/ui/Spinner.tsx';
import { backorderText, shipsFromText } from '../../warehouses/index.ts';
import { type Order, orderQuery } from '../api.ts';
import { coreLineTexts } from '../core-strings.ts';
import { orderLinesText } from '../lines-strings.ts';
import { LinesTable } from './LinesTable.tsx';

const text = orderLinesText.lines;

/*
 * Credit notes, with their downloads, in a chunk of their own: few orders have one, and the pages
 * of orders stay within their first JavaScript's budget (docs/decisions/008).
 */
const CreditNotes = lazy(() =>
  import('./CreditNotes.tsx').then((m) => ({ default: m.CreditNotes })),
);

/** An order's credit notes (issue 32 #4), loaded when it has some; nothing otherwise. */
export function OrderCreditNotes({ order }: { order: Order }) {
  if (order.creditNotes.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <CreditNotes order={order} />
    </Suspense>
  );
}

/**
 * An order's lines (issue 17 #2): part number, part, quantity, unit price (its volume price says
 * so) and total, the warehouses each ships from (issue 32 #2), what of it waits for a restock
 * (issue 32 #3) and its core deposit with the old parts owed and returned (issue 32 #4); then the
 * order's deposits, total and credit notes. A list of orders carries each one's first few; "Show
 * all" reads the order.
 */
export function OrderLines({ order }: { order: Order }) {
  const [all, setAll] = useState(false);
  const whole = useQuery({ ...orderQuery(order._id), enabled: all });
  const lines = whole.data?.lines ?? order.lines;
  const more = order.lineCount - lines.length;
  return (
    <div className="space-y-2">
      <LinesTable
        compact
        total={order.total}
        deposits={order.deposits}
        rows={lines.map((line, index) => ({
          key: `${line.partId}-${index}`,
          partNumber: line.partNumber,
          name: line.name,
          quantity: line.quantity,
          unitPrice: line.unitPrice,
          listPrice: line.listPrice,
          total: line.total,
          vehicle: line.vehicle?.label,
          shipsFrom: shipsFromText(line.shipsFrom),
          backorder: backorderText(line.backorder),
          core: coreLineTexts(line),
        }))}
      />
      {whole.isFetching ? (
        <Spinner label={text.loadingAll} size="sm" />
      ) : whole.isError ? (
        <LoadFailed
          stacked
          message={text.loadFailed}
          retryLabel={text.retry}
          onRetry={() => whole.refetch()}
        />
      ) : more > 0 ? (
        <button type="button" className="btn btn-ghost btn-sm" onClick={() => setAll(true)}>
          {text.showAll(order.lineCount)}
        </button>
      ) : null}
      <OrderCreditNotes order={order} />
    </div>
  );
}
