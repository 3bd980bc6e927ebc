/** Words of the admin's Warehouses page (issue 32 #2); a part's stock has its own (stock-strings.ts). */
import { WEEKDAYS } from '@axle/contract/warehouse-texts';

export const warehousesText = {
  page: {
    title: 'Warehouses · Axle',
    intro:
      'Where the parts are kept. An order takes its stock from the first warehouse that holds every line (the lowest position first); each warehouse promises to ship the same working day until its cutoff, in its own time zone.',
    caption: 'Warehouses, in the order stock is taken from them',
    list: 'Warehouses',
    loading: 'Loading the warehouses',
    loadFailed: 'The warehouses could not be loaded.',
    retry: 'Try again',
    empty: 'No warehouses yet: add the first one below.',
    code: 'Code',
    name: 'Name',
    city: 'City',
    cutoff: 'Cutoff',
    timeZone: 'Time zone',
    workingDays: 'Working days',
    position: 'Position',
    actions: 'Actions',
    edit: 'Edit',
    editOf: (name: string) => `Edit ${name}`,
    /** ISO weekdays as the table shows them: "Mon, Tue, Wed, Thu, Fri". */
    days: (days: readonly number[]) =>
      days.map((weekday) => WEEKDAYS[weekday - 1]?.slice(0, 3) ?? String(weekday)).join(', '),
  },

  form: {
    addHeading: 'Add a warehouse',
    code: 'Code',
    codeHint: '2 to 8 capital letters or digits, e.g. DHK; it cannot be changed later',
    name: 'Name',
    nameHint: 'As customers read it: “Ships from Dhaka”',
    city: 'City',
    cutoff: 'Cutoff',
    cutoffHint:
      'Orders placed before this time (24-hour clock, the warehouse’s own) ship the same day',
    timeZone: 'Time zone',
    timeZoneHint: 'Its IANA name, e.g. Asia/Dhaka',
    workingDays: 'Working days',
    position: 'Position',
    positionHint: 'Stock is taken from the lowest first; leave empty to put it last',
    positionEditHint: 'Stock is taken from the lowest first',
    weekdays: WEEKDAYS,
    add: 'Add the warehouse',
    adding: 'Adding the warehouse',
    added: (name: string) => `${name} was added.`,
    editTitle: (name: string) => `Edit ${name}`,
    save: 'Save',
    saving: 'Saving',
    cancel: 'Cancel',
    saved: (name: string) => `${name} was saved.`,
  },
} as const;
