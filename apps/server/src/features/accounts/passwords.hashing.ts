import { COMMON_PASSWORD_MESSAGE, isCommonPassword } from '@axle/contract/common-passwords';
import { hash, verify } from '@node-rs/argon2';
import { Invalid } from '../../domain/errors.ts';

// argon2id with the library's defaults (m = 19 MiB, t = 2, p = 1): OWASP's minimum for argon2id.

/**
 * A new password (sign-up, reset) must not be one of the 1,000 most common: SPEC §5's rule lets
 * 'abc123' and 'password1' through. Checked before anything else, so the answer is the same
 * whether or not the address has an account.
 */
export function refuseCommonPassword(password: string): void {
  if (isCommonPassword(password)) throw new Invalid(COMMON_PASSWORD_MESSAGE);
}

export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

export async function passwordMatches(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/**
 * The hash checked against when the address is unknown, so a wrong address costs as much time as
 * a wrong password and timing does not tell which addresses have accounts. Made on first use and
 * kept by whoever asked for it (the app's accounts context).
 */
export function createDecoyPasswordHash(): () => Promise<string> {
  let decoy: Promise<string> | undefined;
  return () => {
    decoy ??= hash('decoy-password-never-matches-1');
    return decoy;
  };
}
