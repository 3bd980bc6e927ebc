/** Words of the newsletter sign-up in the footer. */
export const newsletterText = {
  heading: 'Newsletter',
  label: 'Enter your email address',
  placeholder: 'Your E-mail Address *',
  submit: 'Subscribe',
  busy: 'Subscribing',
  failed: 'Could not subscribe. Check your connection and try again.',
} as const;
