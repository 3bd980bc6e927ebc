/** Words of company accounts (issue 18, PRODUCT §8): My Company and the invitation's page. */
import type { CompanyAccount, FleetVehicle } from '@axle/contract';
import { type CompanyRole, companyMessages, INVITATION_DAYS } from '@axle/contract/company-texts';
import { FLEET_VEHICLES_MAX, fleetMessages } from '@axle/contract/fleet-texts';
import { formatPrice } from '../../lib/money.ts';
import { creditLeft } from './credit.ts';

const day = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });
const dateOf = (iso: string) => day.format(new Date(iso));
const counter = new Intl.NumberFormat('en-US');

/** A vehicle's year, make and model, with its engine when the VIN gives it. */
const vehicleOf = ({ year, make, model, engine }: FleetVehicle) =>
  engine ? `${year} ${make} ${model}, ${engine}` : `${year} ${make} ${model}`;

const roles: Record<CompanyRole, string> = { owner: 'Owner', buyer: 'Buyer' };

/** The words of the role and spending-limit fields, in the invite form and the member dialog. */
const memberFields = {
  role: 'Role',
  roleHint: 'Owners invite people, set limits and approve orders; buyers order.',
  limit: 'Spending limit per order ($)',
  limitHint: "Orders above it wait for an owner's approval. Leave it empty for no limit.",
  optional: 'Optional',
} as const;

export const companiesText = {
  roles,
  /** A spending limit as the lists show it. */
  limit: (dollars: number | null) => (dollars === null ? 'No limit' : formatPrice(dollars)),
  date: dateOf,
  fields: memberFields,

  page: {
    title: 'My Company — Axle',
    heading: 'My Company',
    loading: 'Loading your company',
    loadFailed: 'Your company could not be loaded.',
    retry: 'Try again',
  },

  create: {
    intro:
      'Buy for your business with your colleagues: invite the people who order parts, set how much each buyer may spend per order, and approve the orders above it. Everyone in the company sees all of its orders.',
    heading: 'Create your company',
    note: 'You become its owner, and your saved ship-to addresses become the company’s.',
    legalName: 'Legal name',
    taxId: 'Tax/VAT id',
    taxIdHint: 'As your invoices are to show it',
    billing: 'Billing address',
    submit: 'Create the company',
    busy: 'Creating the company',
    created: (name: string) => `${name} is created: you are its owner.`,
  },

  details: {
    label: 'Company details',
    taxId: 'Tax/VAT id',
    billingAddress: 'Billing address',
    yourRole: 'Your role',
    since: 'Created',
    payment: 'Payment',
  },

  /** How the company pays (issue 18 #4), as the shop's admin set it: every member sees it. */
  account: {
    onAccount: (account: CompanyAccount) =>
      `Pays on account: credit limit ${formatPrice(account.creditLimit)}, ${formatPrice(account.creditUsed)} used, ${formatPrice(creditLeft(account))} left, net ${account.termsDays} days`,
    byCard: 'Pays by card',
  },

  members: {
    heading: 'People',
    count: (n: number) => (n === 1 ? '1 person' : `${counter.format(n)} people`),
    caption: 'The people of your company, their roles and spending limits',
    list: 'People',
    name: 'Name',
    email: 'E-mail',
    role: 'Role',
    limit: 'Spending limit per order',
    actions: 'Actions',
    you: 'You',
    edit: 'Edit',
    remove: 'Remove',
    /** After a button's visible text, for screen readers: whom it acts on. */
    whom: (name: string) => ` ${name}`,
    editTitle: (name: string) => `Role and limit of ${name}`,
    ownerNoLimit: 'Owners have no spending limit.',
    save: 'Save',
    saving: 'Saving',
    cancel: 'Cancel',
    saved: (name: string) => `${name}'s role and limit were saved.`,
    removeTitle: 'Remove this person?',
    removeBody: (name: string, email: string, company: string) =>
      `${name} (${email}) will no longer order for ${company} nor see its orders. The orders they placed stay the company’s.`,
    removeConfirm: 'Yes, remove them',
    keep: 'Keep them',
    removing: 'Removing',
    removed: (name: string) => `${name} was removed from the company.`,
    leave: 'Leave the company',
    leaveTitle: 'Leave the company?',
    leaveBody: (company: string) =>
      `You will no longer order for ${company} nor see its orders. The orders you placed stay the company’s; to come back you need a new invitation.`,
    leaveConfirm: 'Yes, leave',
    stay: 'Stay',
    leaving: 'Leaving',
    left: (company: string) => `You left ${company}.`,
  },

  invite: {
    heading: 'Invite someone',
    intro: `They get an e-mail with a link to join, which works once, for ${INVITATION_DAYS} days.`,
    email: 'E-mail',
    submit: 'Send the invitation',
    busy: 'Sending',
    sent: (email: string) => `The invitation was sent to ${email}.`,
    full: companyMessages.full,
  },

  invitations: {
    heading: 'Invitations waiting',
    list: 'Invitations waiting',
    empty: 'No invitation is waiting to be accepted.',
    as: (role: CompanyRole, limit: string) =>
      role === 'owner' ? `as ${roles.owner}` : `as ${roles.buyer}, spending limit: ${limit}`,
    expires: (iso: string) => `The link works until ${dateOf(iso)}.`,
    withdraw: 'Withdraw',
    /** After the button's visible text, for screen readers: whose invitation. */
    whose: (email: string) => ` the invitation to ${email}`,
    withdrawTitle: 'Withdraw this invitation?',
    withdrawBody: (email: string) =>
      `The invitation to ${email} is withdrawn: the link in their e-mail stops working. You can invite them again later.`,
    withdrawConfirm: 'Withdraw the invitation',
    keep: 'Keep it',
    withdrawing: 'Withdrawing',
    withdrawn: (email: string) => `The invitation to ${email} was withdrawn.`,
  },

  orders: {
    heading: 'The company’s orders',
    intro: 'Every order placed for the company, newest first, and who placed it.',
    filter: 'Show',
    filters: [
      { value: 'all', label: 'All' },
      { value: 'awaiting', label: 'Awaiting approval' },
      { value: 'cancelled', label: 'Cancelled' },
    ],
    loading: 'Loading the orders',
    loadFailed: 'The company’s orders could not be loaded.',
    retry: 'Try again',
    empty: {
      all: 'The company has no orders yet.',
      awaiting: 'No order is awaiting approval.',
      cancelled: 'No order of the company was cancelled.',
    },
    browseParts: 'Browse parts',
    showAll: 'Show all orders',
    list: 'The company’s orders',
    /** The order's short number, as people read it out on the phone. */
    orderNumber: (number: number) => `Order ${number}`,
    moreLines: (part: string, lines: number) =>
      lines > 1 ? `${part} and ${counter.format(lines - 1)} more` : part,
    placedBy: 'Placed by',
    placedOn: 'Placed on',
    total: 'Total',
    poNumber: 'PO number',
    state: 'State',
    approval: 'Approval',
    payment: 'Payment',
    states: {
      cancelled: 'Cancelled',
      shipped: 'Shipped',
      paid: 'Paid',
      invoiced: 'Invoiced on account',
      unpaid: 'Not paid yet',
    },
    showing: (shown: number, total: number | null) =>
      total === null
        ? `Showing ${counter.format(shown)}`
        : `Showing ${counter.format(shown)} of ${counter.format(total)}`,
    loadMore: 'Load more',
    loadingMore: 'Loading more',
    moreFailed: 'More orders could not be loaded.',
    approve: 'Approve',
    reject: 'Reject',
    /** After a button's visible text, for screen readers: which order it decides. */
    which: (number: number, name: string, total: string) =>
      ` order ${number} of ${name} for ${total}`,
  },

  /**
   * The company's fleet (issue 32 #5): its vehicles, each by its VIN, and the parts ordered for
   * each. Every member keeps it.
   */
  fleet: {
    heading: 'Fleet',
    intro:
      'The vehicles your company buys parts for, each by its VIN. Everyone in the company sees them, adds and changes them, and sees the parts ordered for each.',
    list: 'The company’s vehicles',
    count: (n: number) => `${counter.format(n)} of ${counter.format(FLEET_VEHICLES_MAX)} vehicles`,
    loading: 'Loading the fleet',
    loadFailed: 'The fleet could not be loaded.',
    retry: 'Try again',
    empty: 'Your company has no vehicles yet: add one below by its VIN.',
    addFirst: 'Add a vehicle',
    vin: 'VIN',
    vehicle: 'Vehicle',
    mileage: 'Mileage',
    vehicleOf,
    km: (km: number | null) => (km === null ? 'Mileage not recorded' : `${counter.format(km)} km`),
    history: 'History',
    edit: 'Edit',
    remove: 'Remove',
    /** After a button's visible text, for screen readers: which vehicle it acts on. */
    which: (label: string) => ` ${label}`,
    removeTitle: 'Remove this vehicle?',
    removeBody: (label: string) =>
      `${label} leaves the company’s fleet. Its orders keep its name, but the parts ordered for it are no longer listed here, and carts that named it no longer do.`,
    removeConfirm: 'Remove the vehicle',
    keep: 'Keep it',
    removing: 'Removing',
    removed: (label: string) => `${label} was removed from the fleet.`,
    full: fleetMessages.full,
  },

  /** The fields of a fleet vehicle, as it is added and changed. */
  fleetForm: {
    addHeading: 'Add a vehicle',
    vin: 'VIN',
    vinHint:
      'The 17 letters and digits on the windscreen or the door frame: the shop reads the year, make, model and engine from it.',
    plate: 'Plate',
    name: 'Name',
    nameHint: 'What your people call it, e.g. “Van 7”',
    mileage: 'Mileage in km',
    mileageHint: 'Kilometres on the odometer, in whole numbers.',
    optional: 'Optional',
    submit: 'Add the vehicle',
    busy: 'Adding',
    added: (label: string) => `${label} is in the fleet.`,
    editTitle: (label: string) => `Change ${label}`,
    save: 'Save',
    saving: 'Saving',
    cancel: 'Cancel',
    saved: (label: string) => `${label} was saved.`,
  },

  /** The parts ordered for one vehicle of the fleet. */
  fleetHistory: {
    caption: (label: string) => `Parts ordered for ${label}`,
    date: 'Date',
    order: 'Order',
    partNumber: 'Part number',
    part: 'Part',
    quantity: 'Quantity',
    loading: 'Loading the history',
    loadFailed: 'The parts ordered for this vehicle could not be loaded.',
    retry: 'Try again',
    empty: 'No part has been ordered for this vehicle yet.',
    showing: (shown: number, total: number | null) =>
      total === null
        ? `Showing ${counter.format(shown)}`
        : `Showing ${counter.format(shown)} of ${counter.format(total)}`,
    loadMore: 'Load more',
    loadingMore: 'Loading more',
    moreFailed: 'More of the history could not be loaded.',
  },

  decision: {
    approveTitle: 'Approve this order?',
    approveBody: (number: number, name: string, total: string) =>
      `Order ${number} of ${name} for ${total}: ${name} can then pay it.`,
    approveNote: 'Note to the buyer',
    approveConfirm: 'Approve the order',
    approving: 'Approving',
    approved: (number: number, name: string) =>
      `Order ${number} is approved: ${name} can pay it now.`,
    /** An order to be paid on the company's account is invoiced as it is approved (issue 18 #4). */
    approveBodyOnAccount: (number: number, name: string, total: string) =>
      `Order ${number} of ${name} for ${total} is then invoiced on the company’s account.`,
    approvedOnAccount: (number: number, invoice: string) =>
      `Order ${number} is approved and invoiced on the company’s account as ${invoice}.`,
    rejectTitle: 'Reject this order?',
    rejectBody: (number: number, name: string, total: string) =>
      `Order ${number} of ${name} for ${total} is cancelled and its parts go back into stock.`,
    rejectNote: 'Why is it rejected?',
    rejectNoteHint: 'The buyer sees this with the order.',
    rejectConfirm: 'Reject the order',
    rejecting: 'Rejecting',
    rejected: (number: number) => `Order ${number} is rejected and cancelled.`,
    keep: 'Not now',
  },

  join: {
    title: 'Join a company — Axle',
    heading: 'Join a company',
    intro:
      'You were invited to buy car parts for a company at Axle. As one of its people you order for the company: its owners see your orders, and an order above your spending limit waits for their approval before it is paid.',
    signedInAs: (email: string) =>
      `You are signed in as ${email}: the invitation must have been sent to this address.`,
    once: `The link works once, for ${INVITATION_DAYS} days after it was sent.`,
    submit: 'Join the company',
    busy: 'Joining',
    joined: (name: string) => `Welcome to ${name}: you now order for the company.`,
    noToken: companyMessages.token,
    myCompany: 'Go to My Company',
    home: 'Go to the home page',
  },
} as const;
