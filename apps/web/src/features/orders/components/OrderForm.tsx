import type { Part } from '@axle/contract';
import { CITIES, COUNTRIES, quantityMessage } from '@axle/contract/texts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { ErrorText } from '../../../components/ui/ErrorText.tsx';
import { controlClass, Field, InputField } from '../../../components/ui/Field.tsx';
import { useShopForm } from '../../../lib/form.ts';
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

/**
 * SPEC 'Purchase': the order form. The quantity starts at the part's minimum; below it or above
 * the stock a message shows (from `quantityMessage`, which needs the part) and Place Order is
 * disabled. After the order the form starts afresh and offers to pay it.
 */
export function OrderForm({ part, customer }: { part: Part; customer: Customer }) {
  const queryClient = useQueryClient();
  const [placedId, setPlacedId] = useState<string | null>(null);
  const form = useShopForm(orderRules, blank(part));
  const { errors } = form.formState;

  const typed = form.watch('quantity');
  const quantityProblem = quantityMessage(typed.trim() === '' ? Number.NaN : Number(typed), part);

  const place = useMutation({
    mutationFn: placeOrder,
    onMutate: () => setPlacedId(null),
    onSuccess: ({ insertedId }) => {
      toast.success(text.placed);
      setPlacedId(insertedId);
      form.reset(blank(part));
      // The stock went down: the part here and the catalogue lists show the new number.
      void queryClient.invalidateQueries({ queryKey: ITEMS_KEY });
      void queryClient.invalidateQueries({ queryKey: ORDERS_KEY });
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
          error={quantityProblem ?? undefined}
          {...form.register('quantity')}
          type="number"
          inputMode="numeric"
          min={part.minimumQuantity}
          max={part.availableQuantity}
          step={1}
          required
        />
        <button
          type="submit"
          className="btn btn-primary self-start"
          disabled={quantityProblem !== null || place.isPending}
        >
          {place.isPending ? text.busy : text.submit}
        </button>
      </form>
      {place.error ? (
        <ErrorText alert className="text-base">
          {place.error.message}
        </ErrorText>
      ) : null}
      <div role="status">
        {placedId ? (
          <div className="flex flex-col items-start gap-3 rounded-box border border-success bg-success/10 p-4">
            <p className="font-semibold">{text.placed}</p>
            <div className="flex flex-wrap gap-2">
              <Link to={`/payment/${placedId}`} className="btn btn-primary btn-sm">
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
