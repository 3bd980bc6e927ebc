// The address's fields as a section of a larger form (checkout's new address, issue 17 #3): they
// fill the form's `address`, and show the contract's messages beside the right fields.
import { addressFields } from '@axle/contract';
import { addressMessages } from '@axle/contract/buying-texts';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { useShopForm } from '../../../lib/form.ts';
import { AddressFields, blankAddress } from './AddressFields.tsx';

const rules = z.object({ address: addressFields, tel: z.string().min(1, 'Phone is required') });

function Checkout({ onSend }: { onSend: (body: z.output<typeof rules>) => void }) {
  const form = useShopForm(() => Promise.resolve(rules), { address: blankAddress, tel: '' });
  return (
    <form noValidate onSubmit={form.handleSubmit(onSend)}>
      <AddressFields form={form} name="address" idPrefix="checkout" legend="New address" />
      <input aria-label="Phone" {...form.register('tel')} />
      <button type="submit">Place order</button>
    </form>
  );
}

afterEach(cleanup);

describe('AddressFields', () => {
  it('fills the address of a larger form', async () => {
    const sent: unknown[] = [];
    render(<Checkout onSend={(body) => sent.push(body)} />);
    expect(screen.getByRole('group', { name: 'New address' })).toBeTruthy();
    await userEvent.type(screen.getByLabelText(/Address line 1/), '1 Elm Street');
    await userEvent.type(screen.getByLabelText('City'), 'Springfield');
    await userEvent.type(screen.getByLabelText('Postal code'), '62701');
    await userEvent.type(screen.getByLabelText('Country'), 'United States');
    await userEvent.type(screen.getByLabelText('Phone'), '555 0100');
    await userEvent.click(screen.getByRole('button', { name: 'Place order' }));
    await expect
      .poll(() => sent)
      .toEqual([
        {
          address: {
            line1: '1 Elm Street',
            line2: null,
            city: 'Springfield',
            postalCode: '62701',
            country: 'United States',
          },
          tel: '555 0100',
        },
      ]);
  });

  it("shows each field's message beside it", async () => {
    render(<Checkout onSend={() => undefined} />);
    await userEvent.type(screen.getByLabelText(/Address line 2/), 'x'.repeat(121));
    await userEvent.click(screen.getByRole('button', { name: 'Place order' }));
    expect(await screen.findByText(addressMessages.line1)).toBeTruthy();
    const line2 = screen.getByLabelText(/Address line 2/);
    expect(line2.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById('checkout-line2-error')?.textContent).toBe(
      addressMessages.line2,
    );
    expect(line2.getAttribute('autocomplete')).toBe('shipping address-line2');
  });
});
