/** Words of the home page's sections below its first screen, which load after it (PRODUCT.md §2). */

export const homeSectionStrings = {
  stats: {
    heading: 'Business Trust us',
    items: [
      { title: 'Happy Clients', value: '175+', delta: '12% more than last year' },
      { title: 'Annual Revenue', value: '31K', delta: '8% more than last year' },
      { title: 'Parts', value: '150+', delta: '21% more than last year' },
      { title: 'Complete Projects', value: '90+', delta: '14% more than last year' },
    ],
    upArrow: '↗︎',
  },

  tyrePromo: {
    heading: 'Win The Cost Of Your Tyres Back',
    text: 'Order a full set of tyres for any vehicle in your fleet this season and you could win back every dollar you spent. Fitting kits, valves and balancing weights ship with every set.',
    cta: 'Discover Now',
    imgAlt: 'A stack of new car tyres',
  },
} as const;
