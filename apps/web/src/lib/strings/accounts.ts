/** Words of the login and register screens (SPEC §2 and §5, character for character). */
import { messages } from '@axle/contract';

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
  },
  google: {
    button: 'Continue with Google',
    notConfigured: 'Google sign-in is not configured on this server.',
  },
  or: 'or',
  enterValidEmail: messages.enterValidEmail,
  sentEmail: messages.sentEmail,
} as const;
