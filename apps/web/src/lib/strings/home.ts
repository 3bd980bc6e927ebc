/** Words on screen for the home page sections (PRODUCT.md §2). */

export const homeStrings = {
  pageHeading: 'Axle car parts',

  banner: {
    label: 'Featured parts',
    previous: 'Previous slide',
    next: 'Next slide',
    goTo: (slide: number) => `Go to slide ${slide}`,
    position: (slide: number, total: number) => `${slide} of ${total}`,
    slides: [
      { img: '/images/banner/slide-1.svg', alt: 'A car raised on a lift in a repair workshop' },
      { img: '/images/banner/slide-2.svg', alt: 'A warehouse of car parts with a forklift' },
      { img: '/images/banner/slide-3.svg', alt: 'A car driving on an open road at sunset' },
      {
        img: '/images/banner/slide-4.svg',
        alt: 'A delivery truck carrying car parts through the city',
      },
    ],
  },

  showcase: {
    heading: 'Parts built to last',
    items: [
      { img: '/images/showcase/1.svg', caption: 'Engine parts', search: 'engine' },
      { img: '/images/showcase/2.svg', caption: 'Wheels and brakes', search: 'brake' },
      { img: '/images/showcase/3.svg', caption: 'Intake and filters', search: 'filter' },
    ],
  },

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

  reviews: {
    heading: 'What others Say',
    subheading: 'Client Reviews',
    carouselLabel: 'Client reviews, use the left and right arrow keys to move between reviews',
    rating: 'Rating: ',
    loading: 'Loading reviews',
    empty: 'No reviews yet.',
    failed: 'The reviews could not be loaded.',
    defaultAvatar: '/images/avatar-default.svg',
  },
} as const;
