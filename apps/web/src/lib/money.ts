const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** Dollars as the shop writes them everywhere: $1,234.50. */
export const formatPrice = (dollars: number) => usd.format(dollars);
