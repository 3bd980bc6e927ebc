/**
 * Words of the checkout page (issue 17 #2): apart, so that the purchase page does not carry them.
 * Those of paying on account are in on-account-checkout-strings.ts, loaded with their choice.
 */
export const checkoutText = {
  placed: 'Your order is placed: pay it now.',
  title: 'Check out — Axle',
  heading: 'Check out',
  loading: 'Loading your cart',
  formLoading: 'Loading the checkout form',
  empty: 'Your cart is empty: there is nothing to check out.',
  toCart: 'Go to your cart',
  linesHeading: 'Your order',
  notOrderable:
    'Some lines of your cart cannot be ordered as they are: change them in your cart first.',
  shipTo: 'Ship to',
  newAddress: 'The new address',
  phone: 'Phone',
  poNumber: 'Your PO number',
  poHint: 'Optional: your own purchase-order reference, printed on the invoice.',
  note: 'Note to the shop',
  noteHint: 'Optional: delivery instructions, say.',
  chooseAddress: 'Choose where the order goes',
  /** After checkout, when the order went above a company buyer's spending limit (issue 18). */
  placedAwaiting:
    "Your order is placed: it awaits your company owner's approval before it is paid.",
  submit: 'Place the order',
  busy: 'Placing your order',
  failed: 'Your order could not be placed. Please try again.',
} as const;
