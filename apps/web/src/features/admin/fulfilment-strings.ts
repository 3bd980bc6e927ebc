const counter = new Intl.NumberFormat();
const countText = (count: number) => counter.format(count);

/**
 * The words of the warehouse's work in Manage All Orders (issue 33 #2): selecting paid orders,
 * shipping them at once, the picking list and packing slips. Loaded with those pieces, apart from
 * the page's first JavaScript.
 */
export const fulfilmentText = {
  bar: 'Shipping',
  selectPage: (count: number) =>
    count === 1
      ? 'Select the paid order on this page'
      : `Select the ${countText(count)} paid orders on this page`,
  selected: (count: number) =>
    count === 0
      ? 'No order selected'
      : `${countText(count)} ${count === 1 ? 'order' : 'orders'} selected`,
  ship: (count: number) => `Ship ${countText(count)} ${count === 1 ? 'order' : 'orders'}…`,
  clear: 'Clear the selection',
  pickSelected: 'Picking list of the selection',
  pickAll: 'Picking list of orders to ship',
  picking: 'Preparing the picking list…',
  pickingFile: (day: string) => `picking-list-${day}.pdf`,
  pickingFailed: 'The picking list could not be made. Please try again.',

  dialogTitle: (count: number) => `Ship ${countText(count)} ${count === 1 ? 'order' : 'orders'}?`,
  dialogBody:
    'Each order is marked shipped and its customer e-mailed once. Add the carrier’s tracking number to any of them if you have one.',
  orderLine: (number: number, name: string, total: string) => `Order ${number}, ${name}, ${total}`,
  trackingLabel: (number: number) => `Tracking number of order ${number} (optional)`,
  confirm: 'Ship them',
  shipping: 'Shipping…',
  keep: 'Not yet',
  shippedToast: (count: number) =>
    count === 1 ? 'One order shipped.' : `${countText(count)} orders shipped.`,
  refusedTitle: (count: number) =>
    count === 1 ? 'One order was not shipped:' : `${countText(count)} orders were not shipped:`,
  refusedLine: (number: number | null, reason: string) =>
    number === null ? reason : `Order ${number}: ${reason}`,
  dismiss: 'Dismiss',

  packingSlip: 'Packing slip',
  packingSlipBusy: 'Preparing the packing slip…',
  packingSlipFile: (number: number) => `packing-slip-order-${number}.pdf`,
} as const;
