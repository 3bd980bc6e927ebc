import { describe, expect, it } from 'vitest';
import { commonPasswords, isCommonPassword } from './common-passwords.ts';
import { passwordPattern } from './rules.ts';

describe('the common-password list', () => {
  it('holds the 1,000 most common passwords, lower-cased and distinct', () => {
    expect(commonPasswords.size).toBe(1000);
    for (const entry of commonPasswords) expect(entry).toBe(entry.toLowerCase());
    expect([...commonPasswords].slice(0, 3)).toEqual(['123456', 'password', '12345678']);
  });

  it('knows the common ones SPEC §5’s rule lets through, in any case', () => {
    for (const password of ['abc123', 'password1', 'Password1', 'QWERTY123', 'a1b2c3']) {
      expect(passwordPattern.test(password), password).toBe(true);
      expect(isCommonPassword(password), password).toBe(true);
    }
  });

  it('leaves alone the passwords the tests and demos sign up with', () => {
    for (const password of ['brake99', 'admin123', 'brandnew42', 'newpass42', 'secret19x']) {
      expect(isCommonPassword(password), password).toBe(false);
    }
  });
});
