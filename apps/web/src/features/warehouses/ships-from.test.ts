// Where an order line ships from (issue 32 #2), in the contract's words for pages.
import { stockTexts } from '@axle/contract/warehouse-texts';
import { describe, expect, it } from 'vitest';
import { shipsFromText } from './ships-from.ts';

describe('where an order line ships from', () => {
  it('names one warehouse alone, and how many come from each of several', () => {
    expect(shipsFromText([{ warehouse: 'DHK', name: 'Dhaka', quantity: 40 }])).toBe(
      stockTexts.shipsFrom('Dhaka'),
    );
    expect(
      shipsFromText([
        { warehouse: 'DHK', name: 'Dhaka', quantity: 1 },
        { warehouse: 'CTG', name: 'Chattogram', quantity: 1400 },
      ]),
    ).toBe(stockTexts.shipsFrom('Dhaka (1), Chattogram (1,400)'));
  });

  it('says nothing of a line placed before there were warehouses', () => {
    expect(shipsFromText(undefined)).toBeNull();
    expect(shipsFromText([])).toBeNull();
  });
});
