import { newsletterMessages } from '@axle/contract/texts';

/** Words of the newsletter sign-up in the footer, and of the page its e-mailed link opens. */
export const newsletterText = {
  heading: 'Newsletter',
  label: 'Enter your email address',
  placeholder: 'Your E-mail Address *',
  submit: 'Subscribe',
  busy: 'Subscribing',
  failed: 'Could not subscribe. Check your connection and try again.',
  confirm: {
    title: 'Newsletter',
    busy: 'Confirming your subscription',
    invalid: newsletterMessages.linkInvalid,
    toHome: 'Go to the home page',
  },
} as const;
