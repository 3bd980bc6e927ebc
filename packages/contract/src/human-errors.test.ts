// Issue 30 #3: where a rule has no message of its own, people read what to do, never zod's
// developer words (a type name, a pattern, ">=").
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { humanError } from './human-errors.ts';
import { messages } from './texts.ts';

const said = (schema: z.ZodType, value: unknown) => {
  const result = schema.safeParse(value, { error: humanError });
  return result.success ? null : result.error.issues.map((issue) => issue.message);
};

describe('humanError', () => {
  it.each([
    ['a missing text', z.string(), undefined, 'This field is required'],
    ['a missing number', z.number(), undefined, 'This field is required'],
    ['an empty text', z.string().min(1), '', 'This field is required'],
    ['a text too short', z.string().min(8), 'abc', 'Use at least 8 characters'],
    ['a text too long', z.string().max(80), 'x'.repeat(81), 'Use at most 80 characters'],
    ['a code of the wrong length', z.string().length(4), 'abcdef', 'Use exactly 4 characters'],
    ['a fraction for a whole number', z.number().int(), 1.5, 'Enter a whole number'],
    ['words for a number', z.coerce.number(), 'ten', 'Enter a number'],
    ['a number below the least', z.number().min(10), 3, 'Enter 10 or more'],
    ['zero where more is needed', z.number().positive(), 0, 'Enter more than 0'],
    ['a number above the most', z.number().max(1_000_000), 2_000_000, 'Enter 1,000,000 or less'],
    ['tenths of a cent', z.number().multipleOf(0.01), 1.234, 'Use at most two decimals'],
    ['an option not offered', z.enum(['card', 'account']), 'cash', 'Choose one of the options'],
    ['an id that is not one', z.uuid(), 'abc', 'Choose one of the options'],
    ['a bad address', z.email(), 'ann', 'Enter a valid e-mail address'],
    ['a bad web address', z.url(), 'ann', 'Enter a full web address, starting with https://'],
    ['a bad date', z.iso.date(), '2026-13-01', 'Enter a valid date'],
    [
      'text that does not fit its pattern',
      z.string().regex(/^\d+$/),
      'a1',
      'Check the format of what you entered',
    ],
    ['an empty list', z.array(z.string()).min(1), [], 'Add at least one'],
    ['a missing section', z.object({ city: z.string() }), undefined, 'This field is required'],
    [
      'a field nobody asked for',
      z.strictObject({}),
      { _id: 'x' },
      'This field is not taken here: _id',
    ],
  ])('words %s for people', (_label, schema, value, message) => {
    expect(said(schema, value)).toEqual([message]);
  });

  it('never wins over a rule’s own message (SPEC’s words stay exact)', () => {
    const password = z.string().min(6, messages.password);
    expect(said(password, 'abc')).toEqual([messages.password]);
    expect(said(z.number({ error: 'Rating must be a whole number from 1 to 5' }), 'x')).toEqual([
      'Rating must be a whole number from 1 to 5',
    ]);
  });

  it('names no type, pattern or comparison sign', () => {
    const schemas: [z.ZodType, unknown][] = [
      [z.string(), 5],
      [z.boolean(), 'yes'],
      [z.number().lt(5), 7],
      [z.number().gt(5), 2],
      [z.string().length(4), 'abcdef'],
      [z.literal('on'), 'off'],
      [z.union([z.string(), z.number()]), true],
      [z.array(z.number()).max(2), [1, 2, 3]],
    ];
    for (const [schema, value] of schemas)
      for (const message of said(schema, value) ?? ['(accepted)'])
        expect(message).not.toMatch(/expected|received|Invalid|>|<|\/|\(accepted\)/);
  });
});
