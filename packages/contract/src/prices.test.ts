import { describe, expect, it } from 'vitest';
import { nextTierAfter, priceBreakdown, taxRateText, unitPriceFor } from './prices.ts';

const pads = {
  price: 18.5,
  priceTiers: [
    { minQuantity: 500, price: 17.25 },
    { minQuantity: 1000, price: 16.5 },
  ],
};

describe('the money a buyer sees before committing', () => {
  it('prices a quantity at the tier it reaches, and names the next tier that would lower it', () => {
    expect(unitPriceFor(pads, 100)).toBe(18.5);
    expect(nextTierAfter(pads, 100)).toEqual({ minQuantity: 500, price: 17.25 });
    expect(unitPriceFor(pads, 500)).toBe(17.25);
    expect(nextTierAfter(pads, 500)).toEqual({ minQuantity: 1000, price: 16.5 });
    expect(nextTierAfter(pads, 1000)).toBeNull();
    expect(nextTierAfter({ price: 4.25, priceTiers: [] }, 10)).toBeNull();
  });

  it('skips a tier that would not make a unit cheaper than the price already reached', () => {
    const odd = {
      price: 10,
      priceTiers: [
        { minQuantity: 50, price: 8 },
        { minQuantity: 100, price: 9 },
        { minQuantity: 200, price: 7 },
      ],
    };
    expect(nextTierAfter(odd, 60)).toEqual({ minQuantity: 200, price: 7 });
  });

  it('splits a total into the amount before tax and the tax it includes, adding up to the cent', () => {
    expect(priceBreakdown(23400, 1500)).toEqual({
      subtotalCents: 20348,
      taxCents: 3052,
      totalCents: 23400,
    });
    expect(priceBreakdown(5997, 0)).toEqual({ subtotalCents: 5997, taxCents: 0, totalCents: 5997 });
    for (const total of [1, 99, 12345, 99_999_999])
      for (const rate of [0, 500, 750, 1500, 2500]) {
        const { subtotalCents, taxCents } = priceBreakdown(total, rate);
        expect(subtotalCents + taxCents).toBe(total);
      }
  });

  it('writes a tax rate as people read it', () => {
    expect(taxRateText(1500)).toBe('15 %');
    expect(taxRateText(750)).toBe('7.5 %');
    expect(taxRateText(0)).toBe('0 %');
  });
});
