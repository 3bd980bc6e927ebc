/** Words of the integrations (issue 19): the dashboard's API keys and Webhooks pages. */
const moment = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });
const counter = new Intl.NumberFormat('en-US');

export const integrationsText = {
  /** A date and time as the lists show it. */
  when: (iso: string) => moment.format(new Date(iso)),
  retry: 'Try again',
  docs: 'API documentation',

  /** The key or secret shown once, just after it was made. */
  secret: {
    copy: 'Copy',
    copied: 'Copied to the clipboard.',
    copyFailed: 'It could not be copied: select it and copy it yourself.',
    done: 'I have copied it',
  },

  keys: {
    title: 'API keys — Axle',
    intro:
      'Let your purchasing system use the shop as you: look up parts and your prices, fill the cart, and place and follow orders. A key may do only what its scopes allow, and stops working as soon as it is revoked.',
    caption: 'Your API keys, newest first',
    list: 'Your API keys',
    loading: 'Loading your API keys',
    loadFailed: 'Your API keys could not be loaded.',
    retry: 'Try again',
    empty: 'You have no API keys yet: create one below.',
    createFirst: 'Create a key',
    name: 'Name',
    scopes: 'Scopes',
    key: 'Key',
    starts: (start: string) => `${start}…`,
    created: 'Created',
    lastUsed: 'Last used',
    never: 'Never',
    actions: 'Actions',
    revoke: 'Revoke',
    /** After a button's visible text, for screen readers: which key it acts on. */
    which: (name: string) => ` the key ${name}`,
    revokeTitle: 'Revoke this API key?',
    revokeBody: (name: string, start: string) =>
      `The key ${name} (${start}…) stops working at once: every call made with it is refused from now on. This cannot be undone.`,
    revokeConfirm: 'Revoke the key',
    keep: 'Keep it',
    revoking: 'Revoking the key',
    revoked: (name: string) => `The key ${name} is revoked.`,

    createHeading: 'Create an API key',
    usage: 'Your system sends the key with every call, in the header',
    header: (prefix: string) => `Authorization: Bearer ${prefix}…`,
    docsBefore: 'The calls, and which scope each needs, are in the',
    nameLabel: 'Name',
    nameHint: 'What the key is for, e.g. "Purchasing system"',
    scopesLegend: 'What it may do',
    submit: 'Create the key',
    busy: 'Creating the key',
    createdToast: (name: string) => `The key ${name} is created.`,

    newHeading: 'Copy your new API key now',
    newNote:
      'It will not be shown again: the shop keeps only a fingerprint of it. If it is lost, revoke it and create another.',
    newLabel: (name: string) => `API key ${name}`,
  },

  webhooks: {
    title: 'Webhooks — Axle',
    intro:
      'Let the shop tell your system when one of your orders is placed, paid, shipped or cancelled: it sends each event to your endpoint as a signed JSON POST, and tries again for a day while the endpoint does not answer.',
    list: 'Your webhook endpoints',
    loading: 'Loading your webhook endpoints',
    loadFailed: 'Your webhook endpoints could not be loaded.',
    retry: 'Try again',
    empty: 'You have no webhook endpoints yet: add one below.',
    addFirst: 'Add an endpoint',
    events: 'Events',
    added: 'Added',
    pending: 'Waiting to be sent',
    lastDelivery: 'Last delivery',
    none: 'None yet',
    showDeliveries: 'Deliveries',
    delete: 'Delete',
    /** After the buttons' visible text, for screen readers: which endpoint they act on. */
    deliveriesOf: (url: string) => ` to ${url}`,
    which: (url: string) => ` the endpoint ${url}`,
    deleteTitle: 'Delete this endpoint?',
    deleteBody: (url: string) =>
      `Nothing more is sent to ${url}, and its deliveries are no longer listed. This cannot be undone.`,
    deleteConfirm: 'Delete the endpoint',
    keep: 'Keep it',
    deleting: 'Deleting the endpoint',
    deleted: (url: string) => `The endpoint ${url} is deleted.`,

    addHeading: 'Add an endpoint',
    url: 'URL',
    urlHint: 'An https address of your system that accepts POST requests',
    eventsLegend: 'Events to send',
    submit: 'Add the endpoint',
    busy: 'Adding the endpoint',
    addedToast: (url: string) => `The endpoint ${url} is added.`,

    secretHeading: 'Copy the signing secret now',
    secretNote:
      'It will not be shown again. Your endpoint uses it to check that a delivery comes from the shop.',
    secretLabel: (url: string) => `Signing secret of ${url}`,

    verifyHeading: 'Checking a delivery',
    verifyHeader: 'Every delivery carries the header',
    headerValue: (name: string) => `${name}: t={unix seconds},v1={signature}`,
    verifyHow: 'The signature is the HMAC-SHA256, in hex, of',
    signed: '{t}.{body}',
    verifyWith:
      '(t, a dot and the raw request body) with the endpoint’s signing secret. Accept a delivery only when v1 matches and t is no more than a few minutes old. An event may arrive twice with the same id: skip an id already handled.',
    more: 'More in the',
  },

  deliveries: {
    heading: (url: string) => `Deliveries to ${url}`,
    caption: 'Deliveries, newest first',
    list: 'Deliveries',
    loading: 'Loading the deliveries',
    loadFailed: 'The deliveries could not be loaded.',
    retry: 'Try again',
    empty: 'Nothing has been sent to this endpoint yet.',
    event: 'Event',
    order: 'Order',
    state: 'State',
    attempts: 'Attempts',
    lastAnswer: 'Last answer',
    nextAttempt: 'Next attempt',
    deliveredAt: 'Delivered',
    states: { pending: 'Pending', delivered: 'Delivered', failed: 'Failed' },
    status: (status: number) => `HTTP ${status}`,
    none: '—',
    showing: (shown: number, total: number | null) =>
      total === null
        ? `Showing ${counter.format(shown)}`
        : `Showing ${counter.format(shown)} of ${counter.format(total)}`,
    loadMore: 'Load more',
    loadingMore: 'Loading more',
    moreFailed: 'More deliveries could not be loaded.',
    hide: 'Hide the deliveries',
  },
} as const;
