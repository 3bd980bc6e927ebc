/** Words on the home page's first screen (PRODUCT.md §2); the sections below are in section-strings.ts. */

export const homeStrings = {
  /** The first screen (issue 30 #7): one search box and the vehicle picker, leading to parts. */
  finder: {
    heading: 'Find the right part',
    loadingSearch: 'Loading the search',
    vehicleHeading: 'Shop by vehicle',
    loadingPicker: 'Loading the vehicle picker',
  },

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
} as const;
