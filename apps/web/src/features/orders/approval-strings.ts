/**
 * Words of an order's approval (issue 18): a company buyer's order above their spending limit
 * waits for an owner. Apart from the other words of ordering, so that My Company carries only these.
 */
import { companyMessages } from '@axle/contract/company-texts';

export const approvalText = {
  label: 'Approval:',
  states: {
    awaiting: 'Awaiting approval',
    approved: 'Approved',
    rejected: 'Rejected',
  },
  note: 'Note:',
  /** Why an order awaiting approval offers no payment yet. */
  awaitingPayment: companyMessages.awaitingApproval,
} as const;
