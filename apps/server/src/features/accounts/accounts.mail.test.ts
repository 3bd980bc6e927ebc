import { describe, expect, it } from 'vitest';
import {
  alreadyRegisteredMessage,
  passwordResetMessage,
  verifyEmailMessage,
} from './accounts.mail.ts';

const link = 'https://axle.test/verify-email?token=t0k&from=%2Forders';
const hostileName = '<script>alert("x")</script> & Co';

describe('the accounts e-mails', () => {
  it('a verification e-mail carries the link in its text and its HTML', () => {
    const mail = verifyEmailMessage({ to: 'ada@example.com', name: 'Ada', link });

    expect(mail.to).toBe('ada@example.com');
    expect(mail.subject).toContain('Axle');
    expect(mail.text).toContain('Hi Ada,');
    expect(mail.text).toContain(link);
    expect(mail.html).toContain(`href="${link.replaceAll('&', '&amp;')}"`);
    expect(mail.html).toContain('<html lang="en">');
    expect(mail.text).toContain('you are signed in');
    expect(mail.text).toContain('The link works once.');
  });

  it('a name that is not plain words (markup here) is quoted in no e-mail', () => {
    const mails = [
      verifyEmailMessage({ to: 'a@example.com', name: hostileName, link }),
      passwordResetMessage({ to: 'a@example.com', name: hostileName, link, minutes: 30 }),
      alreadyRegisteredMessage({
        to: 'a@example.com',
        name: hostileName,
        signInLink: link,
        resetLink: link,
      }),
    ];
    for (const mail of mails) {
      expect(mail.html).not.toContain('<script');
      expect(mail.html).not.toContain('script&gt;');
      expect(mail.text).not.toContain('script');
      expect(mail.text).toContain('Hi there,');
    }
  });

  it('a name cannot add lines to the e-mail', () => {
    const mail = verifyEmailMessage({
      to: 'a@example.com',
      name: 'Ada\n\nYour account is locked Call us\r\n',
      link,
    });
    expect(mail.text).toContain('Hi Ada Your account is locked Call us,\n');
  });

  it('a reset e-mail says the link works once and expires in the given minutes', () => {
    const mail = passwordResetMessage({ to: 'ada@example.com', name: 'Ada', link, minutes: 30 });

    expect(mail.subject).toBe('Reset your Axle password');
    for (const body of [mail.text, mail.html]) {
      expect(body).toContain('works once and expires in 30 minutes');
      expect(body).toContain('If you did not ask for this');
    }
    expect(mail.text).toContain(link);
    expect(passwordResetMessage({ to: 'a@b.c', name: 'A', link, minutes: 1 }).text).toContain(
      'expires in 1 minute.',
    );
  });

  it('an already-registered e-mail offers to sign in or reset the password', () => {
    const signInLink = 'https://axle.test/login';
    const resetLink = 'https://axle.test/forgot-password';
    const mail = alreadyRegisteredMessage({
      to: 'ada@example.com',
      name: 'Ada',
      signInLink,
      resetLink,
    });

    expect(mail.text).toContain('tried to create an account');
    expect(mail.text).toContain(signInLink);
    expect(mail.text).toContain(resetLink);
    expect(mail.html).toContain(`href="${signInLink}"`);
    expect(mail.html).toContain(`href="${resetLink}"`);
  });
});
