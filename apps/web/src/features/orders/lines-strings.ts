/** Words of an order's lines and its invoice (issue 17), shown on My Orders and the payment page. */

export const orderLinesText = {
  lines: {
    caption: 'What this order holds',
    partNumber: 'Part no.',
    part: 'Part',
    quantity: 'Qty',
    unitPrice: 'Unit price',
    total: 'Total',
    volumePrice: (list: string) => `volume price (list ${list})`,
    orderTotal: 'Order total',
    /** The company's fleet vehicle a line is for (issue 32 #5). */
    forVehicle: (label: string) => `For ${label}`,
    showAll: (count: number) => `Show all ${count} lines`,
    loadingAll: 'Loading every line',
    loadFailed: 'The lines could not be loaded.',
    retry: 'Try again',
  },
  invoice: {
    download: 'Download invoice',
    downloading: 'Preparing the invoice…',
    failed: 'The invoice could not be downloaded. Please try again.',
  },
} as const;
