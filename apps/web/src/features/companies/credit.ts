import type { CompanyAccount } from '@axle/contract';

/**
 * What a company paying on account (issue 18 #4) may still owe: its credit limit less its open
 * invoices, in dollars (never below nothing, should the limit have been lowered since).
 */
export const creditLeft = (account: Pick<CompanyAccount, 'creditLimit' | 'creditUsed'>) =>
  Math.max(0, Math.round((account.creditLimit - account.creditUsed) * 100) / 100);
