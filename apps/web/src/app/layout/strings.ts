/** Words of the app shell: the navbar and the error screen (the footer's: footer-strings.ts). */
export const layoutText = {
  brand: 'Axle',
  skipToContent: 'Skip to main content',
  nav: {
    label: 'Main',
    home: 'Home',
    parts: 'Parts',
    blogs: 'Blogs',
    dashboard: 'Dashboard',
    portfolio: 'My Portfolio',
    cart: 'Cart',
    login: 'Login',
    register: 'Register',
    signOut: 'SignOut',
    account: (name: string) => `${name}'s Account`,
    openMenu: 'Open menu',
    closeMenu: 'Close menu',
  },
  routeError: {
    title: 'Something went wrong',
    body: 'This page could not be shown. Reloading usually fixes it.',
    chunkBody: 'A part of the shop could not be loaded, perhaps because it was just updated.',
    notFound: 'This page does not exist.',
    reload: 'Reload page',
    home: 'Go to the home page',
  },
} as const;
