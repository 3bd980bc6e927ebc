/**
 * Words on screen for the static pages: Blogs, My Portfolio and the 404 page.
 * In blog answers, text between backticks is shown as code.
 */

export const contentStrings = {
  blogs: {
    title: 'Blogs — Axle',
    heading: 'Blogs',
    intro:
      'Short answers to questions we get about building Axle, a car-parts web shop written in React.',
    posts: [
      {
        id: 'react-performance',
        question: 'How can you improve the performance of a React application?',
        answer: [
          'Measure first: the React DevTools Profiler shows which components re-render and how long each render takes, so we fix real bottlenecks instead of guessed ones.',
          'Keep state close to where it is used, so typing in the parts search box re-renders the search box, not the whole page.',
          'Memoise expensive calculations with `useMemo`, keep callbacks stable with `useCallback`, and wrap pure components such as a part card in `React.memo` so an unchanged card is skipped.',
          'Split the code by route with `lazy()`, so a visitor on the home page never downloads the admin dashboard, and show long lists such as all parts or all orders in pages or with virtualisation.',
          'Cache server data with a library such as TanStack Query, so the parts list is fetched once and reused instead of being fetched again on every visit.',
        ],
      },
      {
        id: 'state-management',
        question: 'What are the different ways to manage state in a React application?',
        answer: [
          'Local state with `useState` or `useReducer` covers most needs: the quantity typed into the purchase form belongs to that form.',
          'State that several components need is lifted to their nearest common parent and passed down as props; when it has to reach many levels, such as the signed-in user or the colour theme, React Context provides it without passing props through every level.',
          'Server state, such as the parts list, your orders and the reviews, is best kept in a data-fetching cache such as TanStack Query, which handles loading, errors, caching and refreshing for us.',
          'Some state belongs in the URL, like the search text and page number of our parts list, so that reloading, the back button and shared links keep it.',
          'For large client-side state shared across the whole app, external stores such as Redux Toolkit, Zustand or Jotai are available.',
        ],
      },
      {
        id: 'prototypal-inheritance',
        question: 'How does prototypal inheritance work in JavaScript?',
        answer: [
          'Every JavaScript object has a hidden link, called its prototype, to another object or to `null`.',
          'When you read a property the object does not have itself, JavaScript looks for it on the prototype, then on the prototype’s prototype, and so on along the prototype chain until it finds it or reaches `null`.',
          'Calling a function with `new` links the new object to that function’s `prototype` property, and `class` syntax is a tidier way to write the same thing: if `class BrakeDisc extends Part`, a brake disc finds the methods of `Part` through its chain instead of having its own copies.',
          'You can also link objects directly with `Object.create(proto)` and read the link with `Object.getPrototypeOf(obj)`.',
          'Because methods live on the prototype and are shared, a thousand parts use one copy of each method, and a method added to the prototype is available to all of them at once.',
        ],
      },
      {
        id: 'setting-state-directly',
        question: 'Why do we not set state directly in React?',
        answer: [
          'A component’s variables are created afresh on every render, so writing `products = [...]` only changes a local variable that is thrown away, and React never learns that anything changed.',
          'Calling `setProducts` tells React that the state changed, so it renders the component again and the parts list on screen shows the new value.',
          'Changing the existing array, as in `products.push(part)`, is just as wrong: React compares old and new state by reference, sees the same array and may skip the update, and memoised children keep showing stale data.',
          'So we always pass a new value, as in `setProducts([...products, part])`, or an updater function such as `setProducts((current) => current.filter((p) => p._id !== id))` when the next state depends on the previous one.',
          'Treating state as read-only also keeps the data of earlier renders intact, which makes batched updates, concurrent rendering and debugging predictable.',
        ],
      },
      {
        id: 'unit-tests',
        question: 'What are unit tests and why should we write them?',
        answer: [
          'A unit test checks one small piece of code, such as a function, a hook or a component, on its own, with fixed inputs and its dependencies replaced by simple stand-ins.',
          'For example, a test can check that an order total is the unit price times the quantity, or that an order below the part’s minimum quantity is refused.',
          'We write them because they catch mistakes early, when they are cheapest to fix, and a runner such as Vitest or Jest runs hundreds of them in seconds on every change.',
          'They let us change code with confidence, because if the tests still pass the behaviour is unchanged, and they document how each piece is meant to be used.',
          'Unit tests do not replace integration and end-to-end tests, which check that the pieces work together, but they are the fast, broad base of a good test suite.',
        ],
      },
    ],
  },

  portfolio: {
    title: 'My Portfolio — Axle',
    name: 'Sam Rivera',
    role: 'Founding engineer at Axle · Full-stack TypeScript developer',
    portraitAlt: 'Illustrated portrait of Sam Rivera at a laptop',
    summary:
      'I build fast, accessible web shops for businesses. At Axle I designed the parts catalogue, ordering and payments, and the admin tools our team uses every day.',
    skillsHeading: 'Skills',
    skills: [
      'TypeScript',
      'JavaScript',
      'React',
      'React Router',
      'TanStack Query',
      'Tailwind CSS and daisyUI',
      'Node.js and Fastify',
      'PostgreSQL and Drizzle ORM',
      'REST APIs and OpenAPI',
      'Vitest and Playwright',
      'Web accessibility (WCAG)',
      'Git',
    ],
    educationHeading: 'Education',
    education: [
      {
        title: 'BSc (Hons) Computer Science',
        place: 'Northfield University',
        years: '2015 – 2018',
        note: 'Final-year project: a stock-control system for a local garage.',
      },
      {
        title: 'Certificate in Web Accessibility',
        place: 'Open Web Academy',
        years: '2021',
        note: 'Building and testing interfaces that work with keyboards and screen readers.',
      },
    ],
    projectsHeading: 'Projects',
    projects: [
      {
        name: 'Axle web shop',
        description:
          'This shop: car parts for business customers, with ordering by the case, card payments, order tracking, public reviews and an admin area.',
        stack: 'React, Tailwind CSS, Fastify, PostgreSQL',
        link: { to: '/', label: 'Visit the Axle shop' },
      },
      {
        name: 'Workshop Planner',
        description:
          'A booking board for small garages: service bays, mechanics and the parts each job needs, reserved as soon as the job is booked.',
        stack: 'React, Node.js, SQLite',
        link: null,
      },
      {
        name: 'Fleet Service Tracker',
        description:
          'Tracks mileage and service intervals for a fleet of delivery vans and reminds the fleet manager which parts to order before each service.',
        stack: 'TypeScript, React, PostgreSQL',
        link: null,
      },
    ],
    stackLabel: 'Built with:',
    contactHeading: 'Contact',
    contactText: 'Questions about Axle or a project? Write to me at',
    email: 'sam.rivera@axle.example',
  },

  notFound: {
    title: 'Page not found — Axle',
    heading: 'Page not found',
    imageAlt: 'Page not found (404)',
    backHome: 'Back to home',
  },
} as const;
