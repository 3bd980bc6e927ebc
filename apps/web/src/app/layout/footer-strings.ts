/**
 * Words of the footer, which comes in a chunk of its own after the first screen: apart from the
 * shell's words, which every page's first JavaScript brings.
 */
export const footerText = {
  services: 'Services',
  company: 'Company',
  legal: 'Legal',
  partsCatalogue: 'Parts catalogue',
  orderTracking: 'Order tracking',
  bulkOrders: 'Orders from 100 pieces',
  blogs: 'Blogs',
  portfolio: 'Portfolio',
  createAccount: 'Create an account',
  terms: 'Terms of service',
  privacy: 'Privacy policy',
  cookies: 'Cookie policy',
  social: 'Axle on social media',
  facebook: 'Facebook',
  x: 'X',
  youtube: 'YouTube',
  copyright: (year: number) => `© ${year} Axle. All rights reserved.`,
} as const;
