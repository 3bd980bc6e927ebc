import { describe, expect, it } from 'vitest';
import { dayText, orderNumberText, orderStateText } from './order-texts.ts';

const unpaid = {
  paid: false,
  shipped: false,
  cancelled: false,
  trackingNumber: null,
  approval: null,
  onAccount: false,
} as const;

describe('an order in words', () => {
  it('says where an order is in its life', () => {
    expect(orderStateText(unpaid)).toBe('Awaiting payment');
    expect(orderStateText({ ...unpaid, paid: true })).toBe('Paid — being prepared');
    expect(orderStateText({ ...unpaid, paid: true, shipped: true })).toBe('Shipped');
    expect(orderStateText({ ...unpaid, paid: true, shipped: true, trackingNumber: '1Z999' })).toBe(
      'Shipped — tracking 1Z999',
    );
    expect(orderStateText({ ...unpaid, cancelled: true })).toBe('Cancelled');
  });

  it("names a company's states: an owner deciding, an order invoiced on account", () => {
    expect(orderStateText({ ...unpaid, approval: 'awaiting' })).toBe('Awaiting approval');
    expect(orderStateText({ ...unpaid, approval: 'approved' })).toBe('Awaiting payment');
    expect(orderStateText({ ...unpaid, approval: 'rejected', cancelled: true })).toBe('Cancelled');
    expect(orderStateText({ ...unpaid, paid: true, onAccount: true })).toBe(
      'Invoiced — being prepared',
    );
  });

  it('writes the number and the day placed as people read them', () => {
    expect(orderNumberText(10042)).toBe('Order 10042');
    expect(dayText('2026-11-26T12:00:00.000Z')).toBe('Nov 26, 2026');
    expect(dayText('2026-01-05T12:00:00.000Z')).toBe('Jan 5, 2026');
  });
});
