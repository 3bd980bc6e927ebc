// The units of a line that wait for the part's restock (issue 32 #3), in the contract's words for
// pages, with the day as people read it.
import { backorderMessages } from '@axle/contract/buying-texts';
import { describe, expect, it } from 'vitest';
import { backorderText } from './backorder-text.ts';

describe('the backordered units of a line', () => {
  it('says how many wait and the day more is expected, in the contract’s words', () => {
    expect(backorderText({ quantity: 5, expected: '2027-03-01' })).toBe(
      '5 backordered, expected 1 Mar 2027',
    );
    expect(backorderText({ quantity: 5, expected: '2027-03-01' })).toBe(
      backorderMessages.line(5, '1 Mar 2027'),
    );
  });

  it('leaves the day out once it is not known any more', () => {
    expect(backorderText({ quantity: 12, expected: null })).toBe(backorderMessages.line(12, null));
    expect(backorderText({ quantity: 12, expected: null })).toBe('12 backordered');
  });

  it('says nothing of a line none of whose units wait', () => {
    expect(backorderText(undefined)).toBeNull();
    expect(backorderText({ quantity: 0, expected: '2027-03-01' })).toBeNull();
  });
});
