import type { Part, PlaceOrderBody } from '@axle/contract';
import { CITIES, COUNTRIES, quantityMessage } from '@axle/contract/texts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { ErrorText } from '../../../components/ui/ErrorText.tsx';
import { toast } from '../../../lib/toast.ts';
import { fieldErrors, focusFirstInvalid, useFormRules } from '../../../lib/useZodForm.ts';
import { ITEMS_KEY } from '../../catalog/index.ts';
import { placeOrder } from '../api.ts';
import { ORDERS_KEY } from '../keys.ts';
import { ordersText } from '../strings.ts';

const text = ordersText.purchase;

/** Who orders: the signed-in user's name and e-mail, shown read-only (SPEC §5). */
export type Customer = { name: string; email: string };

type Values = { tel: string; country: string; city: string; address: string; quantity: string };
type Field = keyof Values;
type Errors = Partial<Record<Field, string>>;

const blank = (part: Part): Values => ({
  tel: '',
  country: COUNTRIES[0],
  city: '',
  address: '',
  quantity: String(part.minimumQuantity),
});

const orderRules = () => import('../form-rules.ts').then((r) => r.orderRules);
type OrderRules = Awaited<ReturnType<typeof orderRules>>;

/** Quantity messages come from `quantityMessage` (they need the part), so the schema's are skipped. */
function check(
  rules: OrderRules,
  values: Values,
): { body?: Omit<PlaceOrderBody, 'partsId'>; errors: Errors } {
  const result = rules.safeParse(values);
  if (result.success) return { body: result.data, errors: {} };
  return { errors: fieldErrors<Values>(result.error.issues, ['quantity']) };
}

/**
 * SPEC 'Purchase': the order form. The quantity starts at the part's minimum; below it or above
 * the stock a message shows and Place Order is disabled. After the order the form starts afresh
 * and offers to pay it.
 */
export function OrderForm({ part, customer }: { part: Part; customer: Customer }) {
  const queryClient = useQueryClient();
  const [values, setValues] = useState<Values>(() => blank(part));
  const [errors, setErrors] = useState<Errors>({});
  const [submitted, setSubmitted] = useState(false);
  const [placedId, setPlacedId] = useState<string | null>(null);
  const { withRules } = useFormRules(orderRules);

  const quantity = values.quantity.trim() === '' ? Number.NaN : Number(values.quantity);
  const quantityProblem = quantityMessage(quantity, part);

  const place = useMutation({
    mutationFn: placeOrder,
    onMutate: () => setPlacedId(null),
    onSuccess: ({ insertedId }) => {
      toast.success(text.placed);
      setPlacedId(insertedId);
      setValues(blank(part));
      setErrors({});
      setSubmitted(false);
      // The stock went down: the part here and the catalogue lists show the new number.
      void queryClient.invalidateQueries({ queryKey: ITEMS_KEY });
      void queryClient.invalidateQueries({ queryKey: ORDERS_KEY });
    },
  });

  function change(field: Field, value: string) {
    const next = { ...values, [field]: value };
    setValues(next);
    if (submitted) withRules((rules) => setErrors(check(rules, next).errors));
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (quantityProblem !== null || place.isPending) return;
    setSubmitted(true);
    const form = event.currentTarget;
    withRules((rules) => {
      const { body, errors: found } = check(rules, values);
      setErrors(found);
      if (body) place.mutate({ ...body, partsId: part._id });
      else focusFirstInvalid(form, found);
    });
  }

  const describedBy = (field: Field) => (errors[field] ? `order-${field}-error` : undefined);

  return (
    <section aria-labelledby="order-form-heading" className="flex flex-col gap-4">
      <h2 id="order-form-heading" className="text-2xl font-semibold">
        {text.formHeading}
      </h2>
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
        <Labelled id="order-name" label={text.name}>
          <input
            id="order-name"
            className="input w-full"
            value={customer.name}
            readOnly
            autoComplete="name"
          />
        </Labelled>
        <Labelled id="order-email" label={text.email}>
          <input
            id="order-email"
            type="email"
            className="input w-full"
            value={customer.email}
            readOnly
            autoComplete="email"
          />
        </Labelled>
        <Labelled id="order-tel" label={text.phone} error={errors.tel}>
          <input
            id="order-tel"
            name="tel"
            type="tel"
            className={`input w-full ${errors.tel ? 'input-error' : ''}`}
            value={values.tel}
            onChange={(event) => change('tel', event.target.value)}
            autoComplete="tel"
            maxLength={40}
            required
            aria-invalid={errors.tel ? true : undefined}
            aria-describedby={describedBy('tel')}
          />
        </Labelled>
        <div className="grid gap-4 sm:grid-cols-2">
          <Labelled id="order-country" label={text.country} error={errors.country}>
            <select
              id="order-country"
              name="country"
              className="select w-full"
              value={values.country}
              onChange={(event) => change('country', event.target.value)}
              required
              aria-invalid={errors.country ? true : undefined}
              aria-describedby={describedBy('country')}
            >
              {COUNTRIES.map((country) => (
                <option key={country} value={country}>
                  {country}
                </option>
              ))}
            </select>
          </Labelled>
          <Labelled id="order-city" label={text.city} error={errors.city}>
            <select
              id="order-city"
              name="city"
              className={`select w-full ${errors.city ? 'select-error' : ''}`}
              value={values.city}
              onChange={(event) => change('city', event.target.value)}
              required
              aria-invalid={errors.city ? true : undefined}
              aria-describedby={describedBy('city')}
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
          </Labelled>
        </div>
        <Labelled id="order-address" label={text.address} error={errors.address}>
          <input
            id="order-address"
            name="address"
            className={`input w-full ${errors.address ? 'input-error' : ''}`}
            value={values.address}
            onChange={(event) => change('address', event.target.value)}
            autoComplete="street-address"
            maxLength={300}
            required
            aria-invalid={errors.address ? true : undefined}
            aria-describedby={describedBy('address')}
          />
        </Labelled>
        <Labelled id="order-quantity" label={text.quantity} error={quantityProblem ?? undefined}>
          <input
            id="order-quantity"
            name="quantity"
            type="number"
            inputMode="numeric"
            min={part.minimumQuantity}
            max={part.availableQuantity}
            step={1}
            className={`input w-full ${quantityProblem ? 'input-error' : ''}`}
            value={values.quantity}
            onChange={(event) => change('quantity', event.target.value)}
            required
            aria-invalid={quantityProblem ? true : undefined}
            aria-describedby={quantityProblem ? 'order-quantity-error' : undefined}
          />
        </Labelled>
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

/** A visible label above its control, and the control's message below it. */
function Labelled({
  id,
  label,
  error,
  children,
}: {
  id: string;
  label: string;
  error?: string | undefined;
  children: ReactNode;
}) {
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      {children}
      {error ? <ErrorText id={`${id}-error`}>{error}</ErrorText> : null}
    </div>
  );
}
