// Choosing a saved ship-to address (checkout, issue 17 #3): a radio group of the customer's
// addresses with the default chosen for them, moved through with the arrow keys, and "A new
// address" where the page offers it.
import type { Address } from '@axle/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonReply, stubApi } from '../../../lib/test-api.ts';
import { AddressPicker, NEW_ADDRESS } from './AddressPicker.tsx';

const home: Address = {
  _id: '11111111-1111-4111-8111-111111111111',
  line1: '12 Harbour Road',
  line2: null,
  city: 'Leeds',
  postalCode: 'LS1 4AB',
  country: 'United Kingdom',
  isDefault: true,
};
const depot: Address = {
  _id: '22222222-2222-4222-8222-222222222222',
  line1: '900 Industrial Way',
  line2: 'Gate B',
  city: 'Dayton',
  postalCode: '45402',
  country: 'United States',
  isDefault: false,
};

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** The picker as a checkout form holds it, with what it was told last. */
function renderPicker(saved: Address[], offerNew = false) {
  stubApi(() => jsonReply(200, saved));
  const picked: string[] = [];
  function Checkout() {
    const [value, setValue] = useState<string | undefined>(undefined);
    return (
      <AddressPicker
        value={value}
        offerNew={offerNew}
        onChange={(next) => {
          picked.push(next);
          setValue(next);
        }}
      />
    );
  }
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <Checkout />
    </QueryClientProvider>,
  );
  return picked;
}

const radio = (name: RegExp) => screen.getByRole('radio', { name }) as HTMLInputElement;

describe('AddressPicker', () => {
  it('chooses the default, and the arrow keys choose another', async () => {
    // The picker finds the default wherever the list has it.
    const picked = renderPicker([depot, home]);
    await screen.findByRole('group', { name: 'Ship to' });
    await waitFor(() => expect(radio(/12 Harbour Road/).checked).toBe(true));
    expect(picked).toEqual([home._id]);
    expect(radio(/12 Harbour Road/).labels?.[0]?.textContent).toContain('Default');

    radio(/12 Harbour Road/).focus();
    await userEvent.keyboard('{ArrowUp}');
    expect(radio(/900 Industrial Way/).checked).toBe(true);
    expect(picked).toEqual([home._id, depot._id]);
  });

  it('offers a new address, chosen when none is saved', async () => {
    const picked = renderPicker([], true);
    await waitFor(() => expect(radio(/A new address/).checked).toBe(true));
    expect(picked).toEqual([NEW_ADDRESS]);
  });

  it('says so when none is saved and no new one is offered', async () => {
    const picked = renderPicker([]);
    expect(await screen.findByText('You have no saved addresses yet.')).toBeTruthy();
    expect(screen.queryByRole('radio')).toBeNull();
    expect(picked).toEqual([]);
  });
});
