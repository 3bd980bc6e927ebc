import type { Warehouse } from '@axle/contract';

// For tests: the demo's two warehouses as GET /api/warehouses lists them (Dhaka first), both
// shipping Sunday to Thursday until 16:00 Dhaka time. Only tests import it.

export const DHAKA: Warehouse = {
  code: 'DHK',
  name: 'Dhaka',
  city: 'Dhaka',
  cutoff: '16:00',
  timeZone: 'Asia/Dhaka',
  workingDays: [1, 2, 3, 4, 7],
  position: 0,
};

export const CHATTOGRAM: Warehouse = {
  code: 'CTG',
  name: 'Chattogram',
  city: 'Chattogram',
  cutoff: '15:00',
  timeZone: 'Asia/Dhaka',
  workingDays: [1, 2, 3, 4, 7],
  position: 1,
};
