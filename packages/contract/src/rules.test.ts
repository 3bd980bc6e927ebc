import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { invitationBody } from './companies.ts';
import { subscribeBody } from './newsletter.ts';
import {
  loginEmail,
  loginForm,
  orderForm,
  profileForm,
  registerEmail,
  registerForm,
  reviewForm,
} from './rules.ts';
import { CITIES, COUNTRIES, messages, quantityMessage } from './texts.ts';

/** The first message a schema gives for a field, or undefined when the field is valid. */
function messageFor(
  result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } },
  field: string,
) {
  return result.error?.issues.find((issue) => issue.path[0] === field)?.message;
}

describe('SPEC §5 texts, character for character', () => {
  it('keeps the exact wording, including the spellings as shown', () => {
    expect(messages).toMatchObject({
      invalidEmail: 'Invalid Email',
      enterValidEmail: 'Enter a Valid Email',
      sentEmail: 'Sent Email',
      password: 'Minimum six characters with at least one letter and one number',
      fullNameRequired: 'Full Name is required',
      registerEmail: 'Enter a Valid Eamil',
      location: 'Provide Valid Location',
      phone: 'Provide Valid phone Number',
      education: 'Provide Valid information',
    });
  });
});

describe('login', () => {
  const valid = { email: 'buyer@garage.com', password: 'brake99' };

  it.each([
    'buyer@garage.com',
    'first.last@parts.co.bd',
    'a-b_c@x-y.info',
    'x@y.io',
    'buyer@garage.museum',
  ])('accepts the e-mail %s', (email) => {
    expect(messageFor(loginForm.safeParse({ ...valid, email }), 'email')).toBeUndefined();
  });

  it.each([
    'buyer',
    'buyer@',
    '@garage.com',
    'buyer@garage',
    'buyer@garage.c',
    'buyer@garage.123',
    'buyer@garage.c0m',
    'buyer@garage.co_',
    `buyer@garage.${'a'.repeat(64)}`,
    'buyer+tag@garage.com',
    'buyer @garage.com',
  ])("says 'Invalid Email' for %s", (email) => {
    expect(messageFor(loginForm.safeParse({ ...valid, email }), 'email')).toBe('Invalid Email');
  });

  it.each(['abc123', 'A1b2C3d4', '1a2b3c'])('accepts the password %s', (password) => {
    expect(messageFor(loginForm.safeParse({ ...valid, password }), 'password')).toBeUndefined();
  });

  it.each([
    ['too short', 'ab12'],
    ['five characters', 'abc12'],
    ['no digit', 'abcdefg'],
    ['no letter', '1234567'],
    ['a symbol', 'abc123!'],
    ['a space', 'abc 123'],
    ['empty', ''],
  ])('refuses a password that is %s with the rule text', (_why, password) => {
    expect(messageFor(loginForm.safeParse({ ...valid, password }), 'password')).toBe(
      'Minimum six characters with at least one letter and one number',
    );
  });
});

describe('register', () => {
  const valid = { name: 'Nusrat Jahan', email: 'nusrat@garage.com', password: 'brake99' };

  it('accepts a complete form', () => {
    expect(registerForm.safeParse(valid).success).toBe(true);
  });

  it.each([
    ['empty', ''],
    ['blank', '   '],
    ['longer than 80 characters', 'N'.repeat(81)],
  ])("says 'Full Name is required' when the name is %s", (_why, name) => {
    expect(messageFor(registerForm.safeParse({ ...valid, name }), 'name')).toBe(
      'Full Name is required',
    );
  });

  it('accepts a name of exactly 80 characters', () => {
    expect(
      messageFor(registerForm.safeParse({ ...valid, name: 'N'.repeat(80) }), 'name'),
    ).toBeUndefined();
  });

  it.each(['', 'nusrat', 'nusrat@', 'nusrat@garage', 'nus rat@garage.com'])(
    "says 'Enter a Valid Eamil' for %j",
    (email) => {
      expect(messageFor(registerForm.safeParse({ ...valid, email }), 'email')).toBe(
        'Enter a Valid Eamil',
      );
    },
  );

  it('refuses addresses the login form would refuse, so every account can sign in', () => {
    for (const email of ['nusrat+orders@garage.com', 'n@garage.c0m']) {
      expect(messageFor(registerForm.safeParse({ ...valid, email }), 'email')).toBe(
        'Enter a Valid Eamil',
      );
      expect(messageFor(loginForm.safeParse({ email, password: 'brake99' }), 'email')).toBe(
        'Invalid Email',
      );
    }
  });

  it('applies the login password rule and message', () => {
    expect(messageFor(registerForm.safeParse({ ...valid, password: 'short' }), 'password')).toBe(
      messages.password,
    );
  });
});

describe('business e-mail addresses (PRODUCT §3.12)', () => {
  const registerValid = { name: 'Fleet Orders', password: 'brake99' };

  it.each([
    'orders@fleet.company',
    'parts@garage.services',
    'buyer@workshop.engineering',
    `buyer@garage.${'a'.repeat(63)}`,
  ])('%s signs up, signs in, is invited and gets the newsletter', (email) => {
    expect(registerForm.safeParse({ ...registerValid, email }).success).toBe(true);
    expect(loginForm.safeParse({ email, password: 'brake99' }).success).toBe(true);
    expect(subscribeBody.safeParse({ email }).success).toBe(true);
    expect(invitationBody.safeParse({ email, role: 'buyer' }).success).toBe(true);
  });

  const label = fc.stringMatching(/^[a-z0-9]([a-z0-9-]{0,10}[a-z0-9])?$/);
  const local = fc.stringMatching(/^[a-z0-9]([a-z0-9._-]{0,10}[a-z0-9])?$/);
  const address = (ending: fc.Arbitrary<string>) =>
    fc
      .tuple(local, fc.array(label, { minLength: 1, maxLength: 3 }), ending)
      .map(([name, labels, end]) => `${name}@${labels.join('.')}.${end}`);

  it('accepts any ending of 2 to 63 letters, on every form', () => {
    fc.assert(
      fc.property(address(fc.stringMatching(/^[A-Za-z]{2,63}$/)), (email) => {
        expect(loginEmail.safeParse(email).success).toBe(true);
        expect(registerEmail.safeParse(email).success).toBe(true);
        expect(subscribeBody.safeParse({ email }).success).toBe(true);
      }),
    );
  });

  it('refuses an ending of one letter, of digits only, with a digit, or longer than 63 letters', () => {
    const badEnding = fc.oneof(
      fc.stringMatching(/^[A-Za-z]$/),
      fc.stringMatching(/^[0-9]{1,6}$/),
      fc.stringMatching(/^[A-Za-z]{0,4}[0-9][A-Za-z0-9]{0,4}$/),
      fc.stringMatching(/^[A-Za-z]{64,80}$/),
    );
    fc.assert(
      fc.property(address(badEnding), (email) => {
        expect(messageFor(loginForm.safeParse({ email, password: 'brake99' }), 'email')).toBe(
          'Invalid Email',
        );
        expect(messageFor(registerForm.safeParse({ ...registerValid, email }), 'email')).toBe(
          'Enter a Valid Eamil',
        );
        expect(subscribeBody.safeParse({ email }).success).toBe(false);
      }),
    );
  });
});

describe('purchase', () => {
  const part = { minimumQuantity: 100, availableQuantity: 2400 };

  it('accepts any whole quantity from the minimum to the stock', () => {
    expect(quantityMessage(100, part)).toBeNull();
    expect(quantityMessage(2400, part)).toBeNull();
  });

  it('names the real minimum below it (the observed product always said 100)', () => {
    expect(quantityMessage(99, part)).toBe('Minimum order 100');
    expect(quantityMessage(5, { minimumQuantity: 10, availableQuantity: 50 })).toBe(
      'Minimum order 10',
    );
    expect(quantityMessage(Number.NaN, part)).toBe('Minimum order 100');
  });

  it('says a quantity with a fraction must be whole, whether above the minimum or not', () => {
    expect(quantityMessage(100.5, part)).toBe(messages.wholeQuantity);
    expect(quantityMessage(2.5, { minimumQuantity: 1, availableQuantity: 50 })).toBe(
      messages.wholeQuantity,
    );
    expect(messages.wholeQuantity).toBe('Quantity must be a whole number of units');
  });

  it('names the available stock above it', () => {
    expect(quantityMessage(2401, part)).toBe('maximum order 2400');
  });

  it('offers Bangladesh and the six cities', () => {
    expect(COUNTRIES).toEqual(['Bangladesh']);
    expect(CITIES).toEqual(['Sylhet', 'Dhaka', 'Chattogram', 'Rajshahi', 'Cumilla', 'Rangpur']);
  });

  it('sends the city that was chosen, not always Sylhet', () => {
    const form = {
      tel: '01712345678',
      country: 'Bangladesh',
      address: '12 Station Road',
      quantity: 100,
    };
    for (const city of CITIES) expect(orderForm.parse({ ...form, city }).city).toBe(city);
  });

  it('requires phone, country and street address', () => {
    const result = orderForm.safeParse({
      tel: '',
      country: '',
      city: 'Dhaka',
      address: ' ',
      quantity: 100,
    });
    expect(messageFor(result, 'tel')).toBe(messages.telRequired);
    expect(messageFor(result, 'country')).toBe(messages.countryRequired);
    expect(messageFor(result, 'address')).toBe(messages.addressRequired);
  });
});

describe('review', () => {
  it.each([1, 2, 3, 4, 5, '5'])('accepts the rating %j', (rating) => {
    expect(reviewForm.safeParse({ rating, comment: 'Good pads' }).success).toBe(true);
  });

  it.each([0, 6, 2.5, -1, 'five', null])('refuses the rating %j', (rating) => {
    expect(messageFor(reviewForm.safeParse({ rating, comment: 'Good pads' }), 'rating')).toBe(
      messages.rating,
    );
  });

  it('requires a comment', () => {
    expect(messageFor(reviewForm.safeParse({ rating: 5, comment: '  ' }), 'comment')).toBe(
      messages.commentRequired,
    );
    expect(
      messageFor(reviewForm.safeParse({ rating: 5, comment: 'x'.repeat(1001) }), 'comment'),
    ).toBe(messages.commentTooLong);
  });
});

describe('profile update', () => {
  const valid = {
    location: 'Mirpur, Dhaka',
    phone: '0171234567',
    education: 'BSc Mechanical Engineering',
  };

  it('accepts a complete profile, linkedin optional and unchecked', () => {
    expect(profileForm.safeParse(valid).success).toBe(true);
    expect(profileForm.safeParse({ ...valid, linkedin: 'anything at all' }).success).toBe(true);
  });

  it.each(['Dhaka', 'Dhaka,', 'Dhaka, 1207', 'Dhaka, ১২০৭', ''])(
    "says 'Provide Valid Location' for %j",
    (location) => {
      expect(messageFor(profileForm.safeParse({ ...valid, location }), 'location')).toBe(
        'Provide Valid Location',
      );
    },
  );

  it.each([
    'Mirpur, Dhaka',
    'House 4, Road 7, Dhanmondi.',
    'Agrabad,Chattogram',
    'মিরপুর, ঢাকা',
    'Zürich, Genève',
    'Shibuya, 東京',
  ])('accepts the location %j', (location) => {
    expect(messageFor(profileForm.safeParse({ ...valid, location }), 'location')).toBeUndefined();
  });

  it.each(['0171234567', '+910171234567', '+91 0171234567'])('accepts the phone %s', (phone) => {
    expect(messageFor(profileForm.safeParse({ ...valid, phone }), 'phone')).toBeUndefined();
  });

  it.each(['12345', '01712345678', '+880171234567', 'phone12345', ''])(
    "says 'Provide Valid phone Number' for %j",
    (phone) => {
      expect(messageFor(profileForm.safeParse({ ...valid, phone }), 'phone')).toBe(
        'Provide Valid phone Number',
      );
    },
  );

  it.each(['BSc', '', '   '])("says 'Provide Valid information' for %j", (education) => {
    expect(messageFor(profileForm.safeParse({ ...valid, education }), 'education')).toBe(
      'Provide Valid information',
    );
  });
});
