/** Words of the card form on the payment page (PRODUCT §4 'Card payments'). */
import { companyMessages } from '@axle/contract/company-texts';
import { cardMessages, paymentLabels } from '@axle/contract/texts';

export const paymentsText = {
  heading: 'Pay by card',
  labels: paymentLabels,
  numberPlaceholder: '1234 1234 1234 1234',
  expiryPlaceholder: 'MM / YY',
  cvcPlaceholder: 'CVC',
  zipPlaceholder: '12345',
  stripeCard: 'Card details',
  stripeUnavailable:
    'The card form could not be loaded. Check your connection and reload the page.',
  pay: 'Pay',
  payAmount: (amount: string) => `Pay ${amount}`,
  charge: (amount: string) => `You will be charged ${amount}.`,
  paying: 'Processing',
  preparing: 'Preparing the payment',
  loadFailed: 'The payment could not be prepared.',
  retry: 'Try again',
  /** A company buyer's order above their spending limit, until an owner approves it (issue 18). */
  awaitingApproval: companyMessages.awaitingApproval,
  sandboxNote: 'Test mode: no real card is charged. Use 4242 4242 4242 4242 with any future date.',
  /** Stripe's own wording, checked before anything is sent. */
  incompleteNumber: 'Your card number is incomplete.',
  incompleteExpiry: "Your card's expiration date is incomplete.",
  incompleteCvc: "Your card's security code is incomplete.",
  incompleteZip: 'Your postal code is incomplete.',
  invalidExpiry: cardMessages.invalidExpiry,
  sampleHolder: 'CARD HOLDER',
  sampleNumber: '4242 4242 4242 4242',
  sampleExpiry: '12 / 34',
  sampleBrand: 'AXLE PAY',
} as const;
