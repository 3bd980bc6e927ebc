import type { Part, PartPrice } from '@axle/contract';
import { coreMessages } from '@axle/contract/core-texts';
import { nextTierAfter, unitPriceFor } from '@axle/contract/prices';
import { CITIES, COUNTRIES, quantityMessage } from '@axle/contract/texts';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { BusyButton } from '../../../components/ui/BusyButton.tsx';
import { ErrorText } from '../../../components/ui/ErrorText.tsx';
import { controlClass, Field, InputField } from '../../../components/ui/Field.tsx';
import { showServerErrors, useShopForm } from '../../../lib/form.ts';
import { useIdempotentMutation } from '../../../lib/idempotent-mutation.ts';
import { formatPrice } from '../../../lib/money.ts';
import { toast } from '../../../lib/toast.ts';
import { ITEMS_KEY } from '../../catalog/index.ts';
import { ORDERS_KEY } from '../keys.ts';
import { placeOrder } from '../purchase-api.ts';
import { ordersText } from '../strings.ts';

const text = ordersText.purchase;

/** Who orders: the signed-in user's name and e-mail, shown read-only (SPEC §5). */
export type Customer = { name: string; email: string };

type Values = { tel: string; country: string; city: string; address: string; quantity: string };

const blank = (part: Part): Values => ({
  tel: '',
  country: COUNTRIES[0],
  city: '',
  address: '',
  quantity: String(part.minimumQuantity),
});

const orderRules = () => import('../form-rules.ts').then((r) => r.orderRules);

type OrderFormProps = {
  part: Part;
  customer: Customer;
  /** A company member's own prices of the part (issue 18 #5), which the order is placed at. */
  mine?: PartPrice | undefined;
};

/**
 * SPEC 'Purchase': the order form. The quantity starts at the part's minimum; below it, above the
 * stock or with a fraction a message says what is wrong (`quantityMessage`) and Place Order is
 * disabled; otherwise the order's total shows as the quantity changes, with the volume price it
 * reaches and what the next one would save. After the order the form starts afresh, names the
 * order's number and offers to pay it.
 */
export function OrderForm({ part, customer, mine }: OrderFormProps) {
  const queryClient = useQueryClient();
  const [placed, setPlaced] = useState<{ id: string; number: number } | null>(null);
  const form = useShopForm(orderRules, blank(part));
  const { errors } = form.formState;

  const typed = form.watch('quantity');
  const quantity = typed.trim() === '' ? Number.NaN : Number(typed);
  const quantityProblem = quantityMessage(quantity, part);

  const place = useIdempotentMutation({
    mutationFn: placeOrder,
    onMutate: () => setPlaced(null),
    onSuccess: ({ insertedId, order }) => {
      toast.success(text.placed);
      setPlaced({ id: insertedId, number: order.number });
      form.reset(blank(part));
      // The stock went down: the part here and the catalogue lists show the new number.
      void queryClient.invalidateQueries({ queryKey: ITEMS_KEY });
      void queryClient.invalidateQueries({ queryKey: ORDERS_KEY });
    },
    // Refused values go beside their fields; only what fits no field is said below the form.
    onError: (error) => {
      if (showServerErrors(form, error)) place.reset();
    },
  });

  const send = form.handleSubmit((body) => place.mutate({ ...body, partsId: part._id }));
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (quantityProblem === null && !place.isPending) void send(event);
  }

  return (
    <section aria-labelledby="order-form-heading" className="flex flex-col gap-4">
      <h2 id="order-form-heading" className="text-2xl font-semibold">
        {text.formHeading}
      </h2>
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
        <Field id="order-name" label={text.name}>
          {(control) => (
            <input
              {...control}
              className="input w-full"
              value={customer.name}
              readOnly
              autoComplete="name"
            />
          )}
        </Field>
        <Field id="order-email" label={text.email}>
          {(control) => (
            <input
              {...control}
              type="email"
              className="input w-full"
              value={customer.email}
              readOnly
              autoComplete="email"
            />
          )}
        </Field>
        <InputField
          id="order-tel"
          label={text.phone}
          error={errors.tel?.message}
          {...form.register('tel')}
          type="tel"
          autoComplete="tel"
          maxLength={40}
          required
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <Field id="order-country" label={text.country} error={errors.country?.message}>
            {(control) => (
              <select
                {...control}
                {...form.register('country')}
                className={controlClass('select', errors.country?.message)}
                required
              >
                {COUNTRIES.map((country) => (
                  <option key={country} value={country}>
                    {country}
                  </option>
                ))}
              </select>
            )}
          </Field>
          <Field id="order-city" label={text.city} error={errors.city?.message}>
            {(control) => (
              <select
                {...control}
                {...form.register('city')}
                className={controlClass('select', errors.city?.message)}
                required
              >
                <option value="" disabled>
                  {text.chooseCity}
                </option>
                {CITIES.map((city) => (
                  <option key={city} value={city}>
                    {city}
                  </option>
                ))}
              </select>
            )}
          </Field>
        </div>
        <InputField
          id="order-address"
          label={text.address}
          error={errors.address?.message}
          {...form.register('address')}
          autoComplete="street-address"
          maxLength={300}
          required
        />
        <InputField
          id="order-quantity"
          label={text.quantity}
          error={quantityProblem ?? errors.quantity?.message}
          {...form.register('quantity')}
          type="number"
          inputMode="numeric"
          min={part.minimumQuantity}
          max={part.availableQuantity}
          step={1}
          required
        />
        {quantityProblem === null ? (
          <LineTotal prices={mine ?? part} coreCharge={part.coreCharge} quantity={quantity} />
        ) : null}
        <BusyButton
          type="submit"
          className="btn btn-primary self-start"
          busy={place.isPending}
          busyLabel={text.busy}
          disabled={quantityProblem !== null}
        >
          {text.submit}
        </BusyButton>
      </form>
      {place.error ? (
        <ErrorText alert className="text-base">
          {place.error.message}
        </ErrorText>
      ) : null}
      <div role="status">
        {placed ? (
          <div className="flex flex-col items-start gap-3 rounded-box border border-success bg-success/10 p-4">
            <p className="font-semibold">{text.placed}</p>
            <p>{text.placedNumber(placed.number)}</p>
            <div className="flex flex-wrap gap-2">
              <Link to={`/payment/${placed.id}`} className="btn btn-primary btn-sm">
                {text.payNow}
              </Link>
              <Link to="/dashboard/myorder2" className="btn btn-outline btn-sm">
                {text.myOrders}
              </Link>
            </div>
          </div>
        ) : null}
      </div>
    </section>
  );
}

/**
 * What the order will cost before it is placed: quantity × the unit price it reaches, and an
 * exchange part's core deposit on top (issue 32 #4; the server charges the same, by the same
 * rules), and what ordering up to the next volume price would save.
 */
function LineTotal({
  prices,
  coreCharge,
  quantity,
}: {
  prices: PartPrice | Part;
  coreCharge: number | null;
  quantity: number;
}) {
  const unit = unitPriceFor(prices, quantity);
  const reached = unit < prices.price;
  const next = nextTierAfter(prices, quantity);
  const cents = (Math.round(unit * 100) + Math.round((coreCharge ?? 0) * 100)) * quantity;
  return (
    <output htmlFor="order-quantity" className="block rounded-box bg-base-200 p-4">
      <span className="flex flex-wrap items-baseline justify-between gap-x-4">
        <span className="font-medium">{text.lineTotal}</span>
        <strong className="text-xl tabular-nums">{formatPrice(cents / 100)}</strong>
      </span>
      <span className="block text-sm">
        {text.lineTotalOf(quantity, formatPrice(unit))}
        {reached ? ` · ${text.tierReached(tierOf(prices, quantity))}` : null}
      </span>
      {coreCharge ? (
        <span className="block text-sm">{coreMessages.lineDeposit(quantity, coreCharge)}</span>
      ) : null}
      {next ? (
        <span className="block text-sm">
          {text.nextTier(
            next.minQuantity,
            formatPrice(next.price),
            formatPrice((Math.round(unit * 100) - Math.round(next.price * 100)) / 100),
          )}
        </span>
      ) : null}
    </output>
  );
}

/** The quantity from which the unit price reached applies (the largest tier the quantity reaches). */
function tierOf(prices: PartPrice | Part, quantity: number): number {
  return Math.max(
    ...prices.priceTiers.filter((tier) => tier.minQuantity <= quantity).map((t) => t.minQuantity),
  );
}
