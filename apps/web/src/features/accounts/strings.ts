/** Words of the account screens (SPEC §2 and §5, character for character) and My Profile. */
import { authMessages, messages } from '@axle/contract/texts';

export const accountsText = {
  promo: {
    heading: 'Welcome to Axle',
    blurb:
      'Our parts come from the same workshops that build hand-finished grand tourers for a luxury car maker: every piece is machined to tight tolerances, tested twice and made to last for hundreds of thousands of miles.',
  },
  login: {
    title: 'Sign Into Your Account',
    email: 'Email',
    password: 'Password',
    forgotPassword: 'Forgot password?',
    submit: 'Login',
    noAccount: "Dont't have an account?",
    registerHere: 'Register here',
    busy: 'Signing in',
    // After the right password of an address not verified yet (authMessages.verifyFirst).
    resendLink: 'Send the e-mail again',
    resending: 'Sending the e-mail again',
  },
  register: {
    title: 'Create Your Account',
    fullName: 'Full Name',
    email: 'Email',
    password: 'Password',
    terms: 'I agree to the terms of service',
    submit: 'Register',
    haveAccount: 'Already have an Account? Login here',
    busy: 'Creating your account',
    // After Register, for every address alike (no account discovery).
    checkTitle: 'Check Your E-mail',
    sentTo: (email: string) =>
      `We sent an e-mail to ${email}. Open the link in it in this browser to sign in; it works once.`,
    resend: 'Send the e-mail again',
    resending: 'Sending the e-mail again',
    otherAddress: 'Use another address',
  },
  google: {
    button: 'Continue with Google',
    busy: 'Opening Google sign-in',
    notConfigured: authMessages.googleNotConfigured,
    failed: authMessages.googleFailed,
    unverified: authMessages.googleEmailUnverified,
  },
  googleComplete: {
    title: 'Signing you in',
    busy: 'Completing sign-in',
  },
  // Choosing a password from an e-mailed link: a reset, or a verification opened elsewhere.
  newPassword: {
    password: 'New password',
    confirm: 'Confirm new password',
    mismatch: 'The passwords do not match',
  },
  resetPassword: {
    title: 'Reset Your Password',
    submit: 'Change password',
    busy: 'Changing your password',
    invalid: authMessages.resetInvalid,
    toLogin: 'Go to login',
    loadingForm: 'Loading the password form',
  },
  verifyEmail: {
    title: 'Verify Your E-mail',
    busy: 'Verifying your e-mail address',
    invalid: authMessages.verifyInvalid,
    // Opened in the browser that signed up: said once the customer is signed in.
    verified: authMessages.verified,
    // Opened in another browser: the address is verified, the password is chosen here.
    verifiedElsewhere: authMessages.verifiedElsewhere,
    whyChoose:
      'You opened the link in another browser than the one you signed up in, so the password chosen at sign-up no longer works.',
    choose: 'Choose password and sign in',
    choosing: 'Signing you in',
    loadingForm: 'Loading the password form',
    toLogin: 'Sign in',
    toProfile: 'Go to My Profile',
    toHome: 'Go to the home page',
  },
  profile: {
    avatar: (name: string) => `${name}'s photo`,
    name: 'Name',
    email: 'Email',
    verified: 'Verified',
    notVerified: 'Not verified',
    resend: 'Resend verification e-mail',
    resending: 'Sending',
  },
  or: 'or',
  enterValidEmail: messages.enterValidEmail,
  sentEmail: messages.sentEmail,
} as const;

/** The `googleError` the server puts on /login after a failed Google sign-in, in words. */
export function googleErrorText(code: string | null): string | null {
  if (code === null) return null;
  if (code === 'unverified') return accountsText.google.unverified;
  if (code === 'not_configured') return accountsText.google.notConfigured;
  return accountsText.google.failed;
}
