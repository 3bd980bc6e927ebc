// Words and limits of company accounts (issue 18, PRODUCT §8): several buyers per business, their
// roles and spending limits, approval of orders above a limit. Free of zod, so that any page can
// show them (ADR 008).

/** How many people a company holds at most, invitations waiting included (409 for one more). */
export const COMPANY_MEMBERS_MAX = 100;
/** An invitation's link works this long, once. */
export const INVITATION_DAYS = 7;
/** A spending limit per order, at most (dollars): the most an order may cost. */
export const SPENDING_LIMIT_MAX = 999_999.99;
export const DECISION_NOTE_MAX = 500;
/** Payment on account (issue 18 #4): the longest terms, and the largest credit limit (dollars). */
export const TERMS_DAYS_MAX = 365;
export const DEFAULT_TERMS_DAYS = 30;
export const CREDIT_LIMIT_MAX = 99_999_999.99;
/** A company's price list holds at most this many fixed prices, and this many category discounts. */
export const COMPANY_PRICES_MAX = 500;
/** How many parts' prices a member asks for at once (a page of the catalogue). */
export const PRICE_LOOKUP_MAX = 100;

export const companyRoles = ['owner', 'buyer'] as const;
export type CompanyRole = (typeof companyRoles)[number];

export const companyMessages = {
  legalName: 'The legal name is required (at most 120 characters)',
  taxId: 'The tax/VAT id is 2 to 30 letters, digits, spaces, dots and dashes',
  role: 'The role is owner or buyer',
  spendingLimit: `The spending limit is an amount from $0 to $${SPENDING_LIMIT_MAX.toLocaleString('en')}, or none`,
  note: `The note is at most ${DECISION_NOTE_MAX} characters`,
  rejectNote: `Say why the order is rejected (at most ${DECISION_NOTE_MAX} characters)`,
  token: 'This invitation link is not valid',
  none: 'You do not belong to a company',
  already: 'You already belong to a company: leave it first',
  ownersOnly: "Only the company's owners can do this",
  full: `A company holds at most ${COMPANY_MEMBERS_MAX} people, invitations included`,
  noMember: 'No such member of your company',
  lastOwner: 'A company needs an owner: make someone else an owner first',
  invitedAlready: 'This person is already invited or a member',
  invitationGone: 'This invitation has expired or was already used: ask for a new one',
  otherAddress: (email: string) =>
    `This invitation is for ${email}: sign in with that address to accept it`,
  noOrder: 'No such order of your company',
  ownOrder: 'You cannot approve or reject your own order',
  notAwaiting: 'This order is not awaiting approval',
  awaitingApproval:
    "This order awaits approval by your company's owner: it can be paid once approved",
  notOnAccount: 'Your company does not pay on account: pay by card',
  creditExceeded: (available: string) =>
    `This order is above what your company's account has left ($${available}): pay by card, or settle open invoices first`,
  creditLimit: `The credit limit is an amount from $0 to $${CREDIT_LIMIT_MAX.toLocaleString('en')}`,
  termsDays: `The terms are a whole number of days from 0 to ${TERMS_DAYS_MAX}`,
  reference: 'The payment reference is 1 to 80 characters',
  notOpen: 'This order has no open invoice on account',
  noCompany: 'No such company',
  unknownParts: (numbers: string[]) =>
    `No part with number ${numbers.slice(0, 10).join(', ')}${numbers.length > 10 ? ` and ${numbers.length - 10} more` : ''}`,
  unknownCategory: 'One of the categories does not exist',
  percentOff: 'The percentage off is more than 0 and at most 99',
  fixedPrice: 'A fixed price is an amount from $0.01',
} as const;

/** How an order is paid at checkout: by card on the payment page, or on the company's account. */
export const paymentMethods = ['card', 'account'] as const;

/** An order's approval, as its replies carry it (null when none was needed). */
export const approvalStates = ['awaiting', 'approved', 'rejected'] as const;
export type ApprovalState = (typeof approvalStates)[number];
