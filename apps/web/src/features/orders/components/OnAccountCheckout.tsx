import type { CompanyAccount, Order } from '@axle/contract';
import { useEffect, useId, useRef } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { Link } from 'react-router';
import { formatPrice } from '../../../lib/money.ts';
import { creditLeft } from '../../companies/index.ts';
import { checkoutText } from '../checkout-strings.ts';
import { onAccountCheckoutText as text } from '../on-account-checkout-strings.ts';

/**
 * Card or the company's account, as one radio group (arrow keys move between them); the account's
 * choice says how much credit is left and on what terms. The server checks the credit again.
 */
export function PaymentChoice({
  field,
  account,
}: {
  field: UseFormRegisterReturn<'payment'>;
  account: CompanyAccount;
}) {
  const id = useId();
  const choices = [
    { value: 'card', label: text.byCard, hint: text.byCardHint },
    {
      value: 'account',
      label: text.onAccount,
      hint: text.onAccountHint(
        formatPrice(creditLeft(account)),
        formatPrice(account.creditLimit),
        account.termsDays,
      ),
    },
  ] as const;
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-2 text-lg font-semibold">{text.payment}</legend>
      {choices.map((choice) => (
        <label
          key={choice.value}
          className="flex cursor-pointer items-start gap-3 rounded-box bg-base-100 p-3 ring-1 ring-base-300 has-checked:ring-2 has-checked:ring-primary"
        >
          <input
            type="radio"
            className="radio radio-primary mt-0.5 shrink-0"
            value={choice.value}
            aria-labelledby={`${id}-${choice.value}`}
            aria-describedby={`${id}-${choice.value}-hint`}
            {...field}
          />
          <span className="flex min-w-0 flex-col gap-1">
            <span id={`${id}-${choice.value}`} className="font-medium">
              {choice.label}
            </span>
            <span id={`${id}-${choice.value}-hint`} className="text-sm text-base-content/80">
              {choice.hint}
            </span>
          </span>
        </label>
      ))}
    </fieldset>
  );
}

/**
 * After an order on account: invoiced at once, with its invoice's number and due date; or, above
 * the buyer's spending limit, waiting for an owner, and invoiced once approved. It takes the focus
 * from the form that has gone.
 */
export function PlacedOnAccount({ order }: { order: Order }) {
  const notice = useRef<HTMLDivElement>(null);
  useEffect(() => notice.current?.focus(), []);
  const awaiting = order.approval === 'awaiting';
  return (
    <div
      ref={notice}
      role="status"
      tabIndex={-1}
      className={`flex flex-col items-start gap-2 rounded-box border p-4 outline-none ${awaiting ? 'border-warning bg-warning/10' : 'border-success bg-success/10'}`}
    >
      <p className="text-lg font-semibold">
        {awaiting ? checkoutText.placedAwaiting : text.placedOnAccount}
      </p>
      <p>
        {awaiting
          ? text.awaitingOnAccount
          : order.invoiceNumber && order.dueAt
            ? text.invoiced(order.invoiceNumber, order.dueAt)
            : null}
      </p>
      <Link to="/dashboard/myorder2" className="btn btn-outline btn-sm">
        {text.myOrders}
      </Link>
    </div>
  );
}
