// The money shown before anything is committed (issue 30 #2): the total split into the amount
// before tax and the tax prices include, at the shop's TAX_RATE, to the cent; the parts and the
// core deposits on top of them, when there are some (issue 32 #4).
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonReply, stubApi } from '../../../lib/test-api.ts';
import { renderAt } from '../../../lib/test-render.tsx';
import { PriceSummary } from './PriceSummary.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const withTaxRate = (taxRateBasisPoints: number) =>
  stubApi(() => jsonReply(200, { payments: { provider: 'sandbox' }, taxRateBasisPoints }));

/** The summary's rows as "term: amount". */
async function rows(): Promise<string[]> {
  await screen.findByText('Total');
  const terms = [...document.querySelectorAll('dt')].map((dt) => dt.textContent ?? '');
  const amounts = [...document.querySelectorAll('dd')].map((dd) => dd.textContent ?? '');
  return terms.map((term, i) => `${term}: ${amounts[i]}`);
}

describe('PriceSummary', () => {
  it('splits a total into the amount before tax and the 15 % tax it includes', async () => {
    withTaxRate(1500);
    renderAt('/', { '/': <PriceSummary total={234} /> });
    await screen.findByText('Tax (15 %, included)');
    expect(await rows()).toEqual([
      'Subtotal before tax: $203.48',
      'Tax (15 %, included): $30.52',
      'Total: $234.00',
    ]);
  });

  it('shows a fractional rate and rounds the tax to the cent, the parts adding up to the total', async () => {
    withTaxRate(750);
    renderAt('/', { '/': <PriceSummary total={1850} /> });
    await screen.findByText('Tax (7.5 %, included)');
    expect(await rows()).toEqual([
      'Subtotal before tax: $1,720.93',
      'Tax (7.5 %, included): $129.07',
      'Total: $1,850.00',
    ]);
  });

  it('says there is no tax in it when the shop charges none', async () => {
    withTaxRate(0);
    renderAt('/', { '/': <PriceSummary total={59.97} /> });
    await screen.findByText('Tax (0 %, included)');
    expect(await rows()).toEqual([
      'Subtotal before tax: $59.97',
      'Tax (0 %, included): $0.00',
      'Total: $59.97',
    ]);
  });

  it('shows the parts and their core deposits, then the whole total split by tax', async () => {
    withTaxRate(1500);
    renderAt('/', { '/': <PriceSummary total={594.95} deposits={135} /> });
    await screen.findByText('Tax (15 %, included)');
    expect(await rows()).toEqual([
      'Parts: $459.95',
      'Core deposits (refunded when the old parts come back): $135.00',
      'Subtotal before tax: $517.35',
      'Tax (15 %, included): $77.60',
      'Total: $594.95',
    ]);
  });

  it('shows the total alone while the tax rate is not known', async () => {
    stubApi(() => jsonReply(503, { error: { code: 'unavailable', message: 'Down' } }));
    renderAt('/', { '/': <PriceSummary total={59.97} /> });
    expect(await rows()).toEqual(['Total: $59.97']);
  });
});
