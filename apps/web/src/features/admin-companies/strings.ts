/**
 * Words of the admin's company tools (issue 18 #4-#6): Companies, a company with its people, its
 * payment on account, its open invoices and its own prices, and the overdue invoices.
 */
import {
  COMPANY_PRICES_MAX,
  companyMessages,
  DEFAULT_TERMS_DAYS,
  TERMS_DAYS_MAX,
} from '@axle/contract/company-texts';
import { dayText } from '@axle/contract/order-texts';

const counter = new Intl.NumberFormat();
const countText = (count: number) => counter.format(count);
const daysText = (days: number) => (days === 1 ? '1 day' : `${countText(days)} days`);
const percent = new Intl.NumberFormat(undefined, { maximumFractionDigits: 2 });

export const adminCompaniesText = {
  companies: {
    title: 'Companies — Axle',
    intro:
      'Every company of the shop, newest first. Open one to see its people and to allow it to pay on account.',
    loading: 'Loading the companies',
    loadFailed: 'The companies could not be loaded.',
    empty: 'No companies yet.',
    searchLabel: 'Search companies',
    searchPlaceholder: 'Legal name or tax id',
    caption: 'Every company, newest first',
    list: 'Companies',
    legalName: 'Legal name',
    taxId: 'Tax/VAT id',
    people: 'People',
    onAccount: 'On account',
    creditUsed: 'Credit used',
    terms: 'Terms',
    yes: 'Yes',
    no: 'No',
    peopleCount: (count: number) => (count === 1 ? '1 person' : `${countText(count)} people`),
    /** Credit used of the limit, in dollars as the shop writes them. */
    creditOf: (used: string, limit: string) => `${used} of ${limit}`,
    termsDays: daysText,
    date: dayText,
  },

  company: {
    title: (name: string) => `${name} — Companies — Axle`,
    back: 'All companies',
    loading: 'Loading the company',
    loadFailed: 'The company could not be loaded.',
    notFound: companyMessages.noCompany,
    details: 'Company details',
    billingAddress: 'Billing address',
    created: 'Created',

    accountHeading: 'Payment on account',
    changeAccount: 'Change payment on account',
    creditLimit: 'Credit limit',
    available: 'Available',
    onAccountLabel: 'Payment on account',
    onAccountChoice: 'Allow this company to pay on account',
    onAccountHint:
      'Its people check out without a card: each order is invoiced at once and due after the terms.',
    creditLimitLabel: 'Credit limit ($)',
    creditLimitHint: 'The most the company may owe at once on open invoices.',
    termsLabel: 'Terms (days)',
    termsHint: `Days after its invoice an order is due: 0 to ${TERMS_DAYS_MAX}, usually ${DEFAULT_TERMS_DAYS}.`,
    save: 'Save payment on account',
    saving: 'Saving',
    saved: (name: string) => `Payment on account of ${name} saved.`,

    peopleHeading: 'People',
    peopleCaption: 'The people of the company, their roles and spending limits',
    name: 'Name',
    email: 'E-mail',
    role: 'Role',
    limit: 'Spending limit per order',
    joined: 'Joined',
  },

  overdue: {
    title: 'Overdue invoices — Axle',
    intro:
      'Invoices on account past their due date, the oldest due first. Record a payment when it arrives: the company’s credit used goes down by its total.',
    loading: 'Loading the overdue invoices',
    loadFailed: 'The overdue invoices could not be loaded.',
    empty: 'No invoice on account is overdue.',
    toCompanies: 'See the companies and their credit',
    caption: 'Overdue invoices, oldest due first',
    list: 'Overdue invoices',
    invoice: 'Invoice',
    orderedBy: 'Ordered by',
    total: 'Total',
    due: 'Due',
    overdue: 'Overdue',
    action: 'Action',
    /** How long ago an invoice fell due, in whole days. */
    daysOverdue: (days: number) => (days < 1 ? 'Less than a day' : daysText(days)),
    date: dayText,
    company: 'Company page',
    /** An order on account is invoiced when it is placed; the order's id stands in until then. */
    orderId: (id: string) => `Order ${id.slice(0, 8)}`,
    record: 'Record payment',
    /** After a button's or link's visible text, for screen readers: which invoice it acts on. */
    which: (invoice: string) => ` of invoice ${invoice}`,
    settleTitle: (invoice: string) => `Record the payment of invoice ${invoice}?`,
    settleBody: (invoice: string, total: string, name: string, email: string) =>
      `Invoice ${invoice} (${total}) of ${name} (${email}) will be marked paid, and what the company owes goes down by its total.`,
    referenceLabel: 'Payment reference',
    referenceHint: 'As the bank transfer or cheque shows it, e.g. a transfer’s number.',
    confirm: 'Record the payment',
    recording: 'Recording',
    keep: 'Cancel',
    settled: (invoice: string) => `The payment of invoice ${invoice} was recorded.`,
  },

  invoices: {
    heading: 'Open invoices',
    intro:
      'Its invoices on account not yet paid, the oldest due first. Record a payment when it arrives: the credit used goes down by its total.',
    loading: 'Loading the open invoices',
    loadFailed: 'The open invoices could not be loaded.',
    empty: 'No open invoices: the company owes nothing on account.',
    caption: 'Open invoices, oldest due first',
    list: 'Open invoices',
    placedBy: 'Placed by',
    status: 'Status',
    /** Whether an open invoice is past its due date, and by how long in whole days. */
    overdueBy: (days: number) =>
      days < 1 ? 'Overdue by less than a day' : `Overdue by ${daysText(days)}`,
    notDue: 'Not yet due',
  },

  prices: {
    heading: 'Company prices',
    intro:
      'What the company’s people pay in place of the catalogue’s prices: a percentage off every part of a category (its subcategories too), or a fixed price for a part, which wins over a percentage.',
    loading: 'Loading the company’s prices',
    loadFailed: 'The company’s prices could not be loaded.',
    none: 'No prices of its own: its people pay the catalogue’s prices.',
    categoriesHeading: 'Percentages off by category',
    category: 'Category',
    percentOff: 'Off',
    percentText: (value: number) => `${percent.format(value)}%`,
    partsHeading: 'Fixed part prices',
    partNumber: 'Part number',
    name: 'Name',
    fixedPrice: 'Fixed price',

    changeHeading: 'Change company prices',
    discounts: {
      legend: 'Percentages off by category',
      hint: 'More than 0 and at most 99 per cent, e.g. 12.5.',
      none: 'No percentages off.',
      category: (n: number) => `Discount ${n}: category`,
      percentOff: (n: number) => `Discount ${n}: % off`,
      remove: (n: number) => `Remove discount ${n}`,
      add: 'Add a category discount',
    },
    fixed: {
      legend: 'Fixed part prices',
      hint: 'The part number in any spelling (04465-02220 or 0446502220) and its price in dollars.',
      none: 'No fixed prices.',
      partNumber: (n: number) => `Fixed price ${n}: part number`,
      price: (n: number) => `Fixed price ${n}: price ($)`,
      remove: (n: number) => `Remove fixed price ${n}`,
      add: 'Add a fixed price',
    },
    chooseCategory: 'Choose a category',
    loadingCategories: 'Loading the categories…',
    categoriesFailed: 'The categories could not be loaded: reload the page to choose one.',
    save: 'Save prices',
    saving: 'Saving',
    saved: (name: string) => `Prices of ${name} saved.`,

    /** Saving a list without some of the saved prices removes them: the admin is asked first. */
    removeTitle: (company: string) => `Remove saved prices of ${company}?`,
    removeBody: (count: number) =>
      `Saving removes ${count === 1 ? 'this price' : `these ${countText(count)} prices`}: the company’s people then pay the catalogue’s price, or another of the company’s prices.`,
    removedDiscount: (category: string, percent: string) => `${category}: ${percent} off`,
    removedFixed: (partNumber: string, name: string, price: string) =>
      `${partNumber} ${name}: ${price}`,
    removeConfirm: 'Save and remove',
    keepEditing: 'Keep editing',

    /** The form's own rules, beside the server's (percentOff, fixedPrice, unknownParts). */
    categoryRequired: 'Choose the category of this discount',
    partNumberRequired: (max: number) => `Give the part number (at most ${max} characters)`,
    sameCategory: 'This category already has a discount above',
    samePart: 'This part already has a fixed price above',
    tooMany: `At most ${countText(COMPANY_PRICES_MAX)} of each`,
  },
} as const;
