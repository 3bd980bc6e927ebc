import { type FormEvent, useState } from 'react';
import { confirmSandboxPayment, type SandboxCard } from '../api.ts';
import { paymentsText as text } from '../strings.ts';
import type { CardFormProps } from './cardForm.ts';
import { PayButton } from './PayButton.tsx';

type Values = { number: string; expiry: string; cvc: string; zip: string };

/** "MM / YY" (or MM/YYYY, MMYY) as month and four-digit year; a message in Stripe's words if not. */
function parseExpiry(expiry: string): { expMonth: number; expYear: number } {
  const match = /^\s*(\d{1,2})\s*\/?\s*(\d{2}|\d{4})\s*$/.exec(expiry);
  if (!match?.[1] || !match[2]) throw new Error(text.incompleteExpiry);
  const expMonth = Number(match[1]);
  const year = Number(match[2]);
  if (expMonth < 1 || expMonth > 12) throw new Error(text.invalidExpiry);
  return { expMonth, expYear: match[2].length === 2 ? 2000 + year : year };
}

/** The checks a card widget makes before anything is sent; the provider checks the rest. */
function cardFrom(values: Values): SandboxCard {
  const digits = values.number.replace(/\s/g, '');
  if (!/^\d{13,19}$/.test(digits)) throw new Error(text.incompleteNumber);
  const expiry = parseExpiry(values.expiry);
  if (!/^\d{3,4}$/.test(values.cvc.trim())) throw new Error(text.incompleteCvc);
  if (values.zip.trim() === '') throw new Error(text.incompleteZip);
  return { number: values.number.trim(), ...expiry, cvc: values.cvc.trim() };
}

/** Groups the digits by four as they are typed, like a card widget does. */
const groupDigits = (value: string) =>
  value
    .replace(/\D/g, '')
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, '$1 ');

/** The sandbox provider's card form: the page's own fields (the ZIP is asked, as Stripe's is). */
export function SandboxCardForm({ clientSecret, amount, busy, onPay }: CardFormProps) {
  const [values, setValues] = useState<Values>({ number: '', expiry: '', cvc: '', zip: '' });

  const set = (field: keyof Values) => (event: { target: { value: string } }) =>
    setValues((current) => ({
      ...current,
      [field]: field === 'number' ? groupDigits(event.target.value) : event.target.value,
    }));

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!clientSecret || busy) return;
    onPay(async () => {
      const card = cardFrom(values);
      return (await confirmSandboxPayment(clientSecret, card)).id;
    });
  }

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      <div className="flex flex-col gap-1">
        <label htmlFor="card-number" className="text-sm font-medium">
          {text.labels.number}
        </label>
        <input
          id="card-number"
          className="input w-full font-mono"
          inputMode="numeric"
          autoComplete="cc-number"
          placeholder={text.numberPlaceholder}
          maxLength={23}
          value={values.number}
          onChange={set('number')}
          required
        />
      </div>
      <div className="grid grid-cols-3 gap-3">
        <div className="flex flex-col gap-1">
          <label htmlFor="card-expiry" className="text-sm font-medium">
            {text.labels.expiry}
          </label>
          <input
            id="card-expiry"
            className="input w-full font-mono"
            inputMode="numeric"
            autoComplete="cc-exp"
            placeholder={text.expiryPlaceholder}
            maxLength={9}
            value={values.expiry}
            onChange={set('expiry')}
            required
          />
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor="card-cvc" className="text-sm font-medium">
            {text.labels.cvc}
          </label>
          <input
            id="card-cvc"
            className="input w-full font-mono"
            inputMode="numeric"
            autoComplete="cc-csc"
            placeholder={text.cvcPlaceholder}
            maxLength={4}
            value={values.cvc}
            onChange={set('cvc')}
            required
          />
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor="card-zip" className="text-sm font-medium">
            {text.labels.zip}
          </label>
          <input
            id="card-zip"
            className="input w-full font-mono"
            autoComplete="postal-code"
            placeholder={text.zipPlaceholder}
            maxLength={10}
            value={values.zip}
            onChange={set('zip')}
            required
          />
        </div>
      </div>
      <PayButton ready={clientSecret !== null} busy={busy} amount={amount} />
    </form>
  );
}
