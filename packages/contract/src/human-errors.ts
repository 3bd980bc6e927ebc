// The words a person reads when a value is refused by a rule that has no message of its own (issue
// 30 #3): zod's defaults ("Invalid input: expected string, received undefined", "Too small:
// expected string to have >=1 characters") are written for developers. The server's validation
// and the web's forms both install this map (zod's `config({ customError })`), so both say the
// same. A schema's own message always wins over it. Free of zod at run time (types only), so that
// the web's zod entry can install it before any schema is made.
import type { z } from 'zod';

const count = (n: number | bigint) => Number(n).toLocaleString('en-US');

export const fieldMessages = {
  required: 'This field is required',
  number: 'Enter a number',
  wholeNumber: 'Enter a whole number',
  text: 'Enter text here',
  yesOrNo: 'Choose yes or no',
  choose: 'Choose one of the options',
  section: 'Fill in this section',
  date: 'Enter a valid date',
  time: 'Enter a valid time',
  email: 'Enter a valid e-mail address',
  url: 'Enter a full web address, starting with https://',
  format: 'Check the format of what you entered',
  check: 'Check this field',
  cents: 'Use at most two decimals',
  atLeastCharacters: (n: number | bigint) => `Use at least ${count(n)} characters`,
  atMostCharacters: (n: number | bigint) => `Use at most ${count(n)} characters`,
  exactCharacters: (n: number | bigint) => `Use exactly ${count(n)} characters`,
  atLeast: (n: number | bigint) => `Enter ${count(n)} or more`,
  moreThan: (n: number | bigint) => `Enter more than ${count(n)}`,
  atMost: (n: number | bigint) => `Enter ${count(n)} or less`,
  lessThan: (n: number | bigint) => `Enter less than ${count(n)}`,
  atLeastItems: (n: number | bigint) =>
    Number(n) === 1 ? 'Add at least one' : `Add at least ${count(n)}`,
  atMostItems: (n: number | bigint) => `Add at most ${count(n)}`,
  multipleOf: (n: number | bigint) => `Enter a multiple of ${count(n)}`,
  unknownFields: (keys: readonly string[]) =>
    `${keys.length === 1 ? 'This field is' : 'These fields are'} not taken here: ${keys.join(', ')}`,
} as const;

type Issue = Parameters<z.core.$ZodErrorMap>[0];

const NUMBERS = new Set(['number', 'int', 'bigint']);
const SIZED = new Set(['array', 'set', 'map']);

function wrongType(issue: Extract<Issue, { code: 'invalid_type' }>): string {
  if (issue.input === undefined || issue.input === null) return fieldMessages.required;
  switch (issue.expected) {
    case 'int':
      return fieldMessages.wholeNumber;
    case 'number':
    case 'bigint':
    case 'nan':
      return fieldMessages.number;
    case 'string':
      return fieldMessages.text;
    case 'boolean':
      return fieldMessages.yesOrNo;
    case 'date':
      return fieldMessages.date;
    case 'object':
      return fieldMessages.section;
    case 'enum':
    case 'literal':
      return fieldMessages.choose;
    default:
      return fieldMessages.check;
  }
}

function tooSmall(issue: Extract<Issue, { code: 'too_small' }>): string {
  const { minimum, inclusive, origin } = issue;
  if (origin === 'string' && issue.exact) return fieldMessages.exactCharacters(minimum);
  if (origin === 'string')
    return Number(minimum) <= 1 ? fieldMessages.required : fieldMessages.atLeastCharacters(minimum);
  if (SIZED.has(origin)) return fieldMessages.atLeastItems(minimum);
  if (NUMBERS.has(origin) || origin === 'date')
    return inclusive ? fieldMessages.atLeast(minimum) : fieldMessages.moreThan(minimum);
  return fieldMessages.check;
}

function tooBig(issue: Extract<Issue, { code: 'too_big' }>): string {
  const { maximum, inclusive, origin } = issue;
  if (origin === 'string' && issue.exact) return fieldMessages.exactCharacters(maximum);
  if (origin === 'string') return fieldMessages.atMostCharacters(maximum);
  if (SIZED.has(origin)) return fieldMessages.atMostItems(maximum);
  if (NUMBERS.has(origin) || origin === 'date')
    return inclusive ? fieldMessages.atMost(maximum) : fieldMessages.lessThan(maximum);
  return fieldMessages.check;
}

function badFormat(issue: Extract<Issue, { code: 'invalid_format' }>): string {
  switch (issue.format) {
    case 'email':
      return fieldMessages.email;
    case 'url':
      return fieldMessages.url;
    case 'date':
    case 'datetime':
      return fieldMessages.date;
    case 'time':
      return fieldMessages.time;
    // An id is chosen from a list, never typed.
    case 'uuid':
    case 'guid':
      return fieldMessages.choose;
    default:
      return fieldMessages.format;
  }
}

/**
 * zod's error map for people: each kind of refusal in a sentence that says what to do, without a
 * type name, a pattern or a symbol. Install it with `config({ customError: humanError })`.
 */
export const humanError: z.core.$ZodErrorMap = (issue) => {
  switch (issue.code) {
    case 'invalid_type':
      return wrongType(issue);
    case 'too_small':
      return tooSmall(issue);
    case 'too_big':
      return tooBig(issue);
    case 'invalid_format':
      return badFormat(issue);
    case 'not_multiple_of':
      return Number(issue.divisor) === 0.01
        ? fieldMessages.cents
        : fieldMessages.multipleOf(issue.divisor);
    case 'invalid_value':
      return fieldMessages.choose;
    case 'unrecognized_keys':
      return fieldMessages.unknownFields(issue.keys);
    default:
      return fieldMessages.check;
  }
};
