/**
 * Words of the admin pages: All User, Manage All Orders and the audit log (SPEC §2, §4, §7), the
 * mail and jobs that did not go through (the catalogue's CSV page has its own, catalogue-strings.ts). The company tools have
 * theirs in features/admin-companies.
 */
import type { AuditAction } from '@axle/contract';
import { orderNumberText } from '@axle/contract/order-texts';
import {
  ADMIN_FAILED_TEXT,
  ADMIN_MADE_TEXT,
  DELETED_NONE_TEXT,
  DELETED_TEXT,
  DELETED_TITLE,
  ORDER_SHIPPED_TEXT,
} from '@axle/contract/texts';

const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

const counter = new Intl.NumberFormat();
const countText = (count: number) => counter.format(count);

export const adminText = {
  retry: 'Try again',

  /** The search, filters and sort of the admin lists. */
  tools: {
    sort: 'Sort by',
    dates: 'Placed between',
    from: 'From',
    to: 'To',
    noMatch: 'Nothing matches this search and these filters.',
    clear: 'Clear search and filters',
  },

  /** Where an empty list leads. */
  next: {
    addParts: 'Add parts to the catalogue',
  },

  users: {
    title: 'All User — Axle',
    loading: 'Loading the users',
    loadFailed: 'The users could not be loaded.',
    empty: 'No users yet.',
    searchLabel: 'Search users',
    searchPlaceholder: 'Name or e-mail',
    role: 'Role',
    roles: [
      { value: '', label: 'Every role' },
      { value: 'admin', label: 'Admins' },
      { value: 'customer', label: 'Customers' },
    ],
    /** The server's own order (oldest first) comes without a `sort`. */
    sorts: [
      { value: '', label: 'Oldest first' },
      { value: 'newest', label: 'Newest first' },
      { value: 'name', label: 'Name' },
      { value: 'email', label: 'E-mail' },
    ],
    list: 'Users',
    caption: 'Every account of the shop',
    index: '#',
    name: 'Name',
    email: 'Email',
    modify: 'Modify',
    adminBadge: 'Admin',
    /** Beside the signed-in admin's own name: why that row offers nothing to do. */
    youBadge: 'You',
    makeAdmin: 'Make Admin',
    makingAdmin: 'Making Admin',
    removeUser: 'Remove User',
    /** After a button's visible text, for screen readers: whom the button acts on. */
    whom: (email: string) => ` ${email}`,
    adminMade: ADMIN_MADE_TEXT,
    adminFailed: ADMIN_FAILED_TEXT,
    makeAdminTitle: (name: string, email: string) => `Make ${name} (${email}) an admin?`,
    makeAdminBody:
      'An admin sees every account and every order, ships and deletes orders, changes the catalogue and can make other admins. The shop offers no way to make an admin a customer again.',
    cancel: 'Cancel',
    confirmTitle: (name: string) => `Remove ${name}?`,
    confirmBody: (name: string, email: string) =>
      `${name} (${email}) will be removed and can no longer sign in. Their unpaid orders are cancelled and the parts go back into stock; paid orders and reviews stay. This cannot be undone.`,
    confirm: 'Yes, remove the user',
    keep: 'Keep the user',
    removing: 'Removing',
    removed: (email: string) => `${email} was removed.`,
    removedNone: (email: string) => `No account was removed: ${email} was already gone.`,
  },

  orders: {
    title: 'Manage All Orders — Axle',
    loading: 'Loading the orders',
    loadFailed: 'The orders could not be loaded.',
    empty: 'No orders yet.',
    searchLabel: 'Search orders',
    searchPlaceholder: 'Order number, customer or part',
    states: 'Order state',
    stateTabs: [
      { value: '', label: 'All' },
      { value: 'unpaid', label: 'Unpaid' },
      { value: 'paid', label: 'Paid' },
      { value: 'shipped', label: 'Shipped' },
      { value: 'cancelled', label: 'Cancelled' },
    ],
    /** How many orders a state tab holds. */
    stateCount: (count: number) => countText(count),
    /** The server's own order (newest first) comes without a `sort`. */
    sorts: [
      { value: '', label: 'Newest first' },
      { value: 'oldest', label: 'Oldest first' },
      { value: 'total', label: 'Total, highest first' },
    ],
    caption: 'Every order, newest first',
    list: 'Orders',
    item: 'Item',
    payment: 'Payment',
    paid: 'Paid',
    unpaid: 'Unpaid',
    orderedBy: 'Ordered by',
    quantity: 'Quantity',
    price: 'Price',
    status: 'Status',
    action: 'Action',
    number: orderNumberText,
    placed: 'Placed',
    unitPrice: (unit: string, quantity: number) => `${quantity} × ${unit}`,
    lineCount: (count: number) => `${countText(count)} lines`,

    /** An order's lines and what else it carries (issue 17). */
    lines: (number: number) => `Lines of order ${number}`,
    /** Beside a volume price: the part's own price when the order was placed. */
    listPrice: (list: string) => `list price ${list}`,
    lineSum: (quantity: number, unit: string, total: string) => `${quantity} × ${unit} = ${total}`,
    /** The company's fleet vehicle a line was ordered for (issue 32 #5). */
    forVehicle: (label: string) => `For ${label}`,
    showAll: (count: number) => `Show all ${countText(count)} lines`,
    showFirst: (count: number) => `Show the first ${countText(count)} lines`,
    loadingLines: 'Loading the lines…',
    linesFailed: 'The lines could not be loaded.',
    poNumber: 'PO number',
    note: 'Note',
    invoiceNumber: 'Invoice',
    downloadInvoice: 'Download invoice',
    downloadingInvoice: 'Preparing the invoice…',
    invoiceFile: (invoiceNumber: string) => `${invoiceNumber}.pdf`,
    pending: 'Pending',
    shipped: 'Shipped',
    ship: 'Ship',
    /** A paid order's tick, to ship it with others (issue 33 #2). */
    select: 'Select',
    shipping: 'Shipping',
    shippedToast: ORDER_SHIPPED_TEXT,
    alreadyShipped: 'This order was already shipped.',
    shipTitle: (number: number) => `Ship order ${number}?`,
    shipBody: (number: number, total: string, name: string, email: string) =>
      `Order ${number} (${total}) of ${name} (${email}) will be marked shipped, and the customer e-mailed.`,
    trackingLabel: 'Tracking number (optional)',
    trackingHint:
      'As the carrier gives it: letters, digits, spaces and dashes. The customer’s e-mail carries it.',
    confirmShip: 'Ship the order',
    keepPending: 'Not yet',
    delete: 'Delete',
    /** After a button's visible text, for screen readers: which order the button acts on. */
    which: (number: number, email: string) => ` order ${number} of ${email}`,
    confirmTitle: (number: number) => `Delete order ${number}?`,
    confirmBody: (number: number, name: string, email: string, what: string, total: string) =>
      `Order ${number} of ${name} (${email}), ${what} for ${total}, is unpaid: it will be deleted and the parts go back into stock. This cannot be undone.`,
    /** What an order holds, as the delete dialog names it: "10 × Brake pads" or "3 lines". */
    holds: (lineCount: number, quantity: number, part: string) =>
      lineCount === 1 ? `${quantity} × ${part}` : `${countText(lineCount)} lines`,
    confirm: 'Yes, delete the order',
    keep: 'Keep the order',
    deleting: 'Deleting',
    deletedTitle: DELETED_TITLE,
    deletedText: DELETED_TEXT,
    deletedNone: DELETED_NONE_TEXT,
    ok: 'OK',
    /**
     * Core charges (issue 32 #4): the deposits an order holds and what came back of them. The
     * rest of their words, core-strings.ts, come with the parts that show them.
     */
    deposits: (amount: string) => `Core deposits ${amount}`,
    credited: (amount: string) => `Credited back ${amount}`,
    recordCores: 'Record returned cores',
  },

  auditLog: {
    title: 'Audit Log — Axle',
    intro: 'What admins did, newest first.',
    searchLabel: 'Search the audit log',
    searchPlaceholder: 'Admin e-mail or target',
    action: 'Action',
    everyAction: 'Every action',
    list: 'Admin actions',
    loading: 'Loading the audit log',
    loadFailed: 'The audit log could not be loaded.',
    empty: 'No admin actions yet.',
    caption: 'Admin actions, newest first',
    when: 'When',
    who: 'Who',
    what: 'What',
    target: 'Target',
    actions: {
      'make-admin': 'Made an admin',
      'remove-user': 'Removed a user',
      'ship-order': 'Shipped an order',
      'delete-order': 'Deleted an order',
      'add-part': 'Added a part',
      'edit-part': 'Edited a part',
      'import-catalogue': 'Imported the catalogue',
      'company-account': 'Changed a company’s payment on account',
      'settle-invoice': 'Recorded an invoice’s payment',
      'company-prices': 'Changed a company’s prices',
      'add-warehouse': 'Added a warehouse',
      'edit-warehouse': 'Edited a warehouse',
      'set-stock': 'Set a part’s stock in a warehouse',
      'set-reorder-point': 'Set a part’s reorder point',
      'core-return': 'Recorded old parts returned (a credit note)',
    } satisfies Record<AuditAction, string>,
    formatDate: (iso: string) => dateTime.format(new Date(iso)),
  },

  jobs: {
    title: 'Mail and jobs — Axle',
    intro:
      'E-mails and invoices are sent after the change that causes them. A job that fails is tried again, waiting longer each time; after its last try it waits here until you send it again.',
    states: 'Which jobs',
    /** The filter's choices by state ('' is every stuck job), each but the first with its count. */
    filters: [
      { value: '', label: 'All stuck' },
      { value: 'retrying', label: 'Retrying' },
      { value: 'dead', label: 'Failed' },
    ],
    stateCount: (count: number) => countText(count),
    loading: 'Loading the stuck jobs',
    loadFailed: 'The stuck jobs could not be loaded.',
    empty: 'Nothing is stuck: every e-mail and invoice went out.',
    toDashboard: 'Back to the dashboard',
    /** A state's tab that holds nothing while the other one does. */
    noneRetrying: 'No job is waiting for another try.',
    noneDead: 'No job has failed its last try.',
    showAll: 'Show all stuck jobs',
    /** When the list holds fewer jobs than the filter counts (the server sends the newest). */
    newest: (shown: number, count: number) =>
      `The newest ${countText(shown)} of ${countText(count)} are shown.`,
    caption: 'Stuck jobs, newest first',
    list: 'Stuck jobs',
    job: 'Job',
    state: 'State',
    lastError: 'Last error',
    noError: 'No message was kept.',
    action: 'Action',
    created: 'Created',
    /** A retrying job's state, before the time of its next try. */
    willRetry: 'Will try again at',
    willRetrySoon: 'Will try again soon',
    dead: 'Failed — waiting for you',
    tried: (count: number) => (count === 1 ? 'Tried once' : `Tried ${countText(count)} times`),
    formatDate: (iso: string) => dateTime.format(new Date(iso)),
    sendAgain: 'Send again',
    sending: 'Sending',
    /** After the button's visible text, for screen readers: which job it sends again. */
    which: (about: string) => ` ${about}`,
    sent: 'Sent to the queue again.',
  },
} as const;
