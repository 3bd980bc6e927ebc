/** Words of the vehicle picker and My garage (issue 16 #3). */
import { GARAGE_VEHICLES_MAX } from '@axle/contract/texts';

export const garageText = {
  picker: {
    label: 'Choose your vehicle',
    year: 'Year',
    make: 'Make',
    model: 'Model',
    engine: 'Engine',
    chooseYear: 'Choose a year',
    chooseMake: 'Choose a make',
    chooseModel: 'Choose a model',
    chooseEngine: 'Choose an engine',
    loading: 'Loading…',
    loadFailed: 'The vehicle list could not be loaded. Try again.',
    submit: 'Use this vehicle',
    vinLabel: 'Or enter a VIN',
    vinHint: 'The 17 letters and digits on the windscreen or the door frame',
    vinSubmit: 'Look up',
    vinBusy: 'Looking up',
    vinFound: (name: string) => `Found: ${name}. Check the choice above and confirm it.`,
    vinChooseEngine: (name: string) => `Found: ${name}. Choose its engine above.`,
    vinNotListed: (name: string) =>
      `Found: ${name}, which the shop's vehicle list does not hold. Choose a vehicle above.`,
  },
  page: {
    heading: 'My Garage',
    intro:
      'Keep the vehicles you buy parts for. The current one is the vehicle the shop filters by until you clear it.',
    list: 'Your vehicles',
    count: (n: number) => `${n} of ${GARAGE_VEHICLES_MAX} vehicles`,
    empty: 'No vehicles in your garage yet: add one below.',
    loading: 'Loading your garage',
    loadFailed: 'Your garage could not be loaded.',
    retry: 'Try again',
    current: 'Current vehicle',
    shop: 'Shop for this vehicle',
    clear: 'Stop filtering by it',
    remove: 'Remove',
    removed: (name: string) => `${name} was removed from your garage.`,
    cleared: 'The shop no longer filters by a vehicle.',
    addHeading: 'Add a vehicle',
    addSubmit: 'Add to garage',
    added: (name: string) => `${name} is in your garage.`,
  },
} as const;
