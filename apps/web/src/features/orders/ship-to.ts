import type { Order } from '@axle/contract';

/** Where an order goes, on one line: "House 12, Road 5, 1212, Dhaka, Bangladesh". */
export const shipTo = (order: Pick<Order, 'address' | 'city' | 'postalCode' | 'country'>) =>
  [order.address.replaceAll('\n', ', '), order.postalCode, order.city, order.country]
    .filter(Boolean)
    .join(', ');
