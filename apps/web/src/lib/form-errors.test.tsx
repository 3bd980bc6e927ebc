// Issue 30 #3: people read people's words. A rule without a message of its own says what to do
// (the contract's humanError, as on the server), and what the server refuses after a submit goes
// on the field it names; what names no field of the form is left for the page to say.
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { InputField } from '../components/ui/Field.tsx';
import { ApiError } from './api-client.ts';
import { showServerErrors, useShopForm } from './form.ts';

// Rules as the contract often writes them: limits without words of their own.
const rules = z.object({
  name: z.string().trim().min(1).max(5),
  quantity: z.coerce.number().int().min(10),
  address: z.object({ city: z.string().trim().min(1) }),
  kind: z.enum(['van', 'truck']),
});

type Values = { name: string; quantity: string; address: { city: string }; kind: string };
const empty: Values = { name: '', quantity: '', address: { city: '' }, kind: 'van' };

/** A form that sends nothing but answers each submit with `refusal`, as a failed call would. */
function TestForm({ refusal }: { refusal?: unknown }) {
  const form = useShopForm(() => Promise.resolve(rules), empty);
  const [pageMessage, setPageMessage] = useState<string | null>(null);
  const { errors } = form.formState;
  const submit = form.handleSubmit(() => {
    const placed = showServerErrors(form, refusal);
    setPageMessage(placed ? null : refusal instanceof Error ? refusal.message : null);
  });
  return (
    <form noValidate onSubmit={submit}>
      <InputField
        id="f-name"
        label="Name"
        error={errors.name?.message}
        {...form.register('name')}
      />
      <InputField
        id="f-quantity"
        label="Quantity"
        error={errors.quantity?.message}
        {...form.register('quantity')}
      />
      <InputField
        id="f-city"
        label="City"
        error={errors.address?.city?.message}
        {...form.register('address.city')}
      />
      <button type="submit">Send</button>
      {pageMessage ? <p role="alert">{pageMessage}</p> : null}
    </form>
  );
}

afterEach(cleanup);

const send = () => userEvent.click(screen.getByRole('button', { name: 'Send' }));
const messageOf = (id: string) => document.getElementById(`${id}-error`)?.textContent;

describe('a rule without words of its own', () => {
  it('says what to do in a person’s words, never zod’s', async () => {
    render(<TestForm />);
    await userEvent.type(screen.getByLabelText('Quantity'), '1.5');
    await send();
    await waitFor(() => expect(messageOf('f-name')).toBe('This field is required'));
    expect(messageOf('f-quantity')).toBe('Enter a whole number');
    expect(messageOf('f-city')).toBe('This field is required');

    await userEvent.type(screen.getByLabelText('Name'), 'Abdul Karim');
    await userEvent.clear(screen.getByLabelText('Quantity'));
    await userEvent.type(screen.getByLabelText('Quantity'), '3');
    await waitFor(() => expect(messageOf('f-name')).toBe('Use at most 5 characters'));
    expect(messageOf('f-quantity')).toBe('Enter 10 or more');
  });
});

describe('showServerErrors', () => {
  const fill = async () => {
    await userEvent.type(screen.getByLabelText('Name'), 'Ann');
    await userEvent.type(screen.getByLabelText('Quantity'), '12');
    await userEvent.type(screen.getByLabelText('City'), 'Leeds');
  };

  it('puts each refused value on its field, focuses the first, and leaves the page nothing to say', async () => {
    const refusal = new ApiError(400, 'invalid', 'Only 12 in stock. We do not deliver there.', [
      { path: 'quantity', message: 'Only 12 in stock' },
      { path: 'address.city', message: 'We do not deliver there' },
    ]);
    render(<TestForm refusal={refusal} />);
    await fill();
    await send();
    await waitFor(() => expect(messageOf('f-quantity')).toBe('Only 12 in stock'));
    expect(messageOf('f-city')).toBe('We do not deliver there');
    expect(document.activeElement).toBe(screen.getByLabelText('Quantity'));
    expect(screen.queryByText('Only 12 in stock. We do not deliver there.')).toBeNull();
  });

  it('leaves a path the form has no field for to the page, with the message for people', async () => {
    const refusal = new ApiError(
      400,
      'invalid',
      'Choose a part from the catalogue. Only 12 in stock.',
      [
        { path: 'quantity', message: 'Only 12 in stock' },
        { path: 'partsId', message: 'Choose a part from the catalogue' },
      ],
    );
    render(<TestForm refusal={refusal} />);
    await fill();
    await send();
    await waitFor(() => expect(messageOf('f-quantity')).toBe('Only 12 in stock'));
    expect(screen.getByRole('alert').textContent).toBe(refusal.message);
  });

  it('places nothing for a failure without fields: the page says it', async () => {
    for (const refusal of [
      new ApiError(
        0,
        'network',
        'We could not reach the shop. Check your connection and try again.',
      ),
      new ApiError(409, 'conflict', 'maximum order 12'),
    ]) {
      render(<TestForm refusal={refusal} />);
      await fill();
      await send();
      await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(refusal.message));
      expect(messageOf('f-quantity')).toBeUndefined();
      cleanup();
    }
  });
});
