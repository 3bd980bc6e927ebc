import type { CartLine, ReorderReply } from '@axle/contract';
import { coreMessages } from '@axle/contract/core-texts';
import { useId, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { BusyButton } from '../../../components/ui/BusyButton.tsx';
import { ConfirmDialog } from '../../../components/ui/ConfirmDialog.tsx';
import { EmptyState } from '../../../components/ui/EmptyState.tsx';
import { LoadFailed } from '../../../components/ui/LoadFailed.tsx';
import { Spinner } from '../../../components/ui/Spinner.tsx';
import { toast } from '../../../lib/toast.ts';
import { catalogStrings } from '../../catalog/index.ts';
import { useMyFleet } from '../../companies/index.ts';
import { backorderText, LineStock } from '../../warehouses/index.ts';
import { PriceSummary } from '../components/PriceSummary.tsx';
import { cartText as text } from '../strings.ts';
import { type Cart, useCart } from '../useCart.ts';

const price = catalogStrings.formatPrice;

/** What a reorder tells the cart page (navigation state): what changed since the order. */
export type ReorderNotice = { reorderChanges: ReorderReply['changes'] };

/**
 * The cart (issue 17 #1): every line with its part's minimum, stock (and when its quantity would
 * ship, issue 32 #2; how many are backordered, and when more is expected, issue 32 #3) and the
 * unit price its quantity reaches (volume prices listed), an exchange part's core deposit (issue
 * 32 #4), a warning on each line that cannot be ordered as it is, the total with the deposits,
 * and the way to check out (signing in first for a visitor, whose cart then joins their
 * account's).
 */
export default function CartPage() {
  const cart = useCart();
  const [emptying, setEmptying] = useState(false);
  const headingId = useId();

  return (
    <section aria-labelledby={headingId} className="mx-auto max-w-5xl space-y-6 px-4 py-10">
      <h1 id={headingId} className="text-3xl font-bold">
        {text.title}
      </h1>
      <ReorderChanges />
      {cart.loading && cart.count > 0 ? (
        <Spinner label={text.loading} />
      ) : cart.failed ? (
        <LoadFailed message={text.loadFailed} retryLabel={text.retry} onRetry={cart.retry} />
      ) : cart.lines.length === 0 ? (
        <EmptyState
          action={
            <p className="flex flex-wrap gap-3">
              <Link to="/parts" className="btn btn-primary">
                {text.browse}
              </Link>
              <Link to="/quick-order" className="btn btn-outline">
                {text.quickOrderLink}
              </Link>
            </p>
          }
        >
          {text.empty}
        </EmptyState>
      ) : (
        <>
          <ul className="space-y-4">
            {cart.lines.map((line) => (
              <CartLineItem key={line.part._id} line={line} cart={cart} />
            ))}
          </ul>
          <CartTotal cart={cart} onEmpty={() => setEmptying(true)} />
        </>
      )}
      <ConfirmDialog
        open={emptying}
        title={text.emptyConfirmTitle}
        confirmLabel={text.emptyConfirm}
        cancelLabel={text.cancel}
        danger
        onCancel={() => setEmptying(false)}
        onConfirm={() => {
          setEmptying(false);
          cart.empty().catch(() => toast.error(text.saveFailed));
        }}
      >
        <p>{text.emptyConfirmText}</p>
      </ConfirmDialog>
    </section>
  );
}

/** After a reorder: the lines that changed since the order was placed, and how. */
function ReorderChanges() {
  const state = useLocation().state as Partial<ReorderNotice> | null;
  const changes = state?.reorderChanges;
  if (!changes || changes.length === 0) return null;
  return (
    <div role="status" className="alert alert-info flex-col items-start">
      <p className="font-semibold">{text.reorderChanged}</p>
      <ul className="list-disc ps-5">
        {changes.map((change, index) => (
          <li key={`${change.partNumber}-${index}`}>
            <span className="font-mono">{change.partNumber}</span> {change.name}: {change.message}
          </li>
        ))}
      </ul>
    </div>
  );
}

function CartLineItem({ line, cart }: { line: CartLine; cart: Cart }) {
  const { part } = line;
  const titleId = useId();
  const quantityId = useId();
  const vehicleId = useId();
  const problemsId = useId();
  const fleet = useMyFleet();
  const [naming, setNaming] = useState(false);
  const [quantity, setQuantity] = useState(String(line.quantity));
  const [shown, setShown] = useState(line.quantity);
  const [removing, setRemoving] = useState(false);
  // The cart changed elsewhere (another tab, a quick order): show its quantity again.
  if (shown !== line.quantity) {
    setShown(line.quantity);
    setQuantity(String(line.quantity));
  }
  const tiered = line.unitPrice < part.price;
  // The units above the stock of a part that takes backorders (issue 32 #3).
  const backordered = backorderText(line.backorder);
  const save = () => {
    const wanted = Number(quantity);
    if (!Number.isInteger(wanted) || wanted < 1 || wanted === line.quantity) {
      setQuantity(String(line.quantity));
      return;
    }
    cart.setQuantity(part._id, wanted).catch(() => toast.error(text.saveFailed));
  };

  return (
    <li
      aria-labelledby={titleId}
      className="card bg-base-100 shadow-sm ring-1 ring-base-300 sm:card-side"
    >
      <div className="card-body gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0 space-y-1">
          <h2 id={titleId} className="text-lg font-semibold">
            <Link to={`/parts/${encodeURIComponent(part.partNumber)}`} className="link-hover">
              {part.name}
            </Link>
          </h2>
          <p className="text-sm text-base-content/80">
            {part.brand ? `${part.brand} · ` : ''}
            {text.partNumber} <span className="font-mono">{part.partNumber}</span>
          </p>
          <p className="text-sm">
            {text.minimum(part.minimumQuantity)} · {text.stock(part.availableQuantity)}
          </p>
          <LineStock stock={part.stock} quantity={line.quantity} className="text-sm" />
          {backordered ? <p className="text-sm font-medium">{backordered}</p> : null}
          {line.core ? (
            <p className="text-sm font-medium">
              {coreMessages.lineDeposit(line.quantity, line.core.charge)}
            </p>
          ) : null}
          {part.priceTiers.length > 0 ? (
            <p className="text-sm">
              {text.tiers}{' '}
              {part.priceTiers
                .map((tier) => text.tier(tier.minQuantity, price(tier.price)))
                .join(', ')}
            </p>
          ) : null}
          {line.problems.length > 0 ? (
            <ul id={problemsId} className="text-sm text-warning-content">
              {line.problems.map((problem) => (
                <li key={problem.code} className="badge h-auto badge-warning">
                  {problem.message}
                </li>
              ))}
            </ul>
          ) : null}
        </div>
        <div className="flex flex-wrap items-end gap-4 sm:flex-nowrap">
          <div className="flex flex-col gap-1">
            <label htmlFor={quantityId} className="text-sm font-medium">
              <span className="sr-only">{text.quantityOf(part.name)}</span>
              <span aria-hidden="true">{text.quantity}</span>
            </label>
            <input
              id={quantityId}
              type="number"
              inputMode="numeric"
              min={1}
              step={1}
              className={`input w-28${line.problems.length > 0 ? ' input-warning' : ''}`}
              value={quantity}
              aria-describedby={line.problems.length > 0 ? problemsId : undefined}
              onChange={(event) => setQuantity(event.target.value)}
              onBlur={save}
              onKeyDown={(event) => {
                if (event.key === 'Enter') save();
              }}
            />
          </div>
          {fleet.length > 0 || line.vehicle ? (
            <div className="flex flex-col gap-1">
              <label htmlFor={vehicleId} className="text-sm font-medium">
                <span className="sr-only">{text.vehicleOf(part.name)}</span>
                <span aria-hidden="true">{text.vehicle}</span>
              </label>
              <select
                id={vehicleId}
                className="select w-48"
                value={line.vehicle?.id ?? ''}
                disabled={naming}
                onChange={(event) => {
                  setNaming(true);
                  cart
                    .setVehicle(part._id, event.target.value || null)
                    .catch(() => toast.error(text.saveFailed))
                    .finally(() => setNaming(false));
                }}
              >
                <option value="">{text.noVehicle}</option>
                {line.vehicle?.id && !fleet.some((each) => each._id === line.vehicle?.id) ? (
                  <option value={line.vehicle.id}>{line.vehicle.label}</option>
                ) : null}
                {fleet.map((each) => (
                  <option key={each._id} value={each._id}>
                    {each.label}
                  </option>
                ))}
              </select>
            </div>
          ) : null}
          <p className="text-sm">
            <span className="block font-medium">{text.unitPrice}</span>
            {price(line.unitPrice)}
            {tiered ? <span className="block text-xs">{text.volumePrice}</span> : null}
          </p>
          <p className="text-sm">
            <span className="block font-medium">{text.lineTotal}</span>
            <strong>{price(line.lineTotal)}</strong>
          </p>
          <BusyButton
            className="btn btn-ghost btn-sm"
            aria-label={text.removeOf(part.name)}
            busy={removing}
            onClick={() => {
              setRemoving(true);
              cart
                .remove(part._id)
                .catch(() => toast.error(text.saveFailed))
                .finally(() => setRemoving(false));
            }}
          >
            {text.remove}
          </BusyButton>
        </div>
      </div>
    </li>
  );
}

/** The cart's total, what it is made of (before tax, tax) and the ways on from the cart. */
function CartTotal({ cart, onEmpty }: { cart: Cart; onEmpty: () => void }) {
  const blockedId = useId();
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className="flex flex-col gap-4 rounded-box bg-base-200 p-4 sm:flex-row sm:items-end sm:justify-between"
    >
      <div className="w-full max-w-sm">
        <h2 id={headingId} className="sr-only">
          {text.total}
        </h2>
        <PriceSummary total={cart.total} deposits={cart.deposits} />
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <button type="button" className="btn btn-ghost" onClick={onEmpty}>
          {text.emptyCart}
        </button>
        <Link to="/quick-order" className="btn btn-outline">
          {text.quickOrderLink}
        </Link>
        {!cart.signedIn ? (
          <Link to="/login" state={{ from: { pathname: '/checkout' } }} className="btn btn-primary">
            {text.signInToCheckout}
          </Link>
        ) : cart.orderable ? (
          <Link to="/checkout" className="btn btn-primary">
            {text.checkout}
          </Link>
        ) : (
          <>
            <button type="button" className="btn btn-primary" disabled aria-describedby={blockedId}>
              {text.checkout}
            </button>
            <p id={blockedId} className="basis-full text-sm">
              {text.fixLines}
            </p>
          </>
        )}
      </div>
    </section>
  );
}
