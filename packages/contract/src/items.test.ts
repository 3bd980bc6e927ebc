import { describe, expect, it } from 'vitest';
import { partBody, partForm } from './items.ts';
import { partImagePattern, partMessages } from './texts.ts';

const typed = {
  name: ' Timing Belt Kit ',
  description: 'Belt and tensioner',
  img: '',
  availableQuantity: '400',
  minimumQuantity: '50',
  price: '42.90',
  partNumber: '',
  supersededBy: '',
  brand: '',
  categoryId: '',
  weightKg: '',
  coreCharge: '',
  coreReturnDays: '30',
  oeNumbers: [],
  crossReferences: [],
  attributes: [],
  fitment: [],
  priceTiers: [],
};

describe('the Add a Product form', () => {
  it('turns the typed text into the body the server takes', () => {
    const body = partForm.parse(typed);
    expect(body).toEqual({
      name: 'Timing Belt Kit',
      description: 'Belt and tensioner',
      img: null,
      availableQuantity: 400,
      minimumQuantity: 50,
      price: 42.9,
      // Empty catalogue fields: a new part gets the shop's next number, and has none of the rest.
      partNumber: undefined,
      supersededBy: null,
      brand: null,
      categoryId: null,
      weightKg: null,
      coreCharge: null,
      coreReturnDays: 30,
      oeNumbers: [],
      crossReferences: [],
      attributes: [],
      fitment: [],
      priceTiers: [],
    });
    expect(partBody.parse(body)).toEqual(body);
  });

  it('reads a core charge in dollars and its return window, and refuses them out of range', () => {
    expect(partForm.parse({ ...typed, coreCharge: ' 35.50 ', coreReturnDays: '45' })).toMatchObject(
      {
        coreCharge: 35.5,
        coreReturnDays: 45,
      },
    );
    for (const wrong of [
      { coreCharge: '0' },
      { coreCharge: '12.345' },
      { coreCharge: '10000.01' },
      { coreCharge: 'free' },
      { coreReturnDays: '0' },
      { coreReturnDays: '366' },
      { coreReturnDays: '1.5' },
    ])
      expect(partForm.safeParse({ ...typed, ...wrong }).success, JSON.stringify(wrong)).toBe(false);
  });

  it('reads the catalogue fields as typed: numbers, a weight in kilograms, rows and empty units', () => {
    const body = partForm.parse({
      ...typed,
      partNumber: ' P 83 140 ',
      brand: ' Brembo ',
      categoryId: '9aa41048-0b2a-45bf-a108-41200d110caa',
      weightKg: '1.48',
      oeNumbers: [{ brand: 'Toyota', number: '04465-02220' }],
      attributes: [{ name: 'Width', value: '132.6', unit: ' ' }],
      fitment: [
        {
          vehicleId: '11111111-1111-4111-8111-111111111111',
          name: '2015 Toyota Corolla',
          note: '',
        },
      ],
    });
    expect(body).toMatchObject({
      partNumber: 'P 83 140',
      brand: 'Brembo',
      weightKg: 1.48,
      attributes: [{ name: 'Width', value: '132.6', unit: null }],
      fitment: [{ vehicleId: '11111111-1111-4111-8111-111111111111', note: null }],
    });
    expect(partBody.parse(body)).toEqual(body);
    for (const [field, value, message] of [
      ['weightKg', '1.2345', 'Weight is given to the gram (at most 3 decimals)'],
      ['partNumber', 'P_83', 'Part number is letters and digits'],
      ['categoryId', 'brakes', 'Choose a category of the list'],
    ] as const) {
      const result = partForm.safeParse({ ...typed, [field]: value });
      expect(result.error?.issues[0]?.path, field).toEqual([field]);
      expect(result.error?.issues[0]?.message, field).toContain(message);
    }
  });

  it.each([
    ['availableQuantity', '', partMessages.availableQuantity],
    ['availableQuantity', '1.5', partMessages.availableQuantity],
    ['availableQuantity', '-3', partMessages.availableQuantity],
    ['minimumQuantity', '0', partMessages.minimumQuantity],
    ['minimumQuantity', '1e3', partMessages.minimumQuantity],
    ['price', '0', partMessages.price],
    ['price', '0.001', partMessages.price],
    ['price', '12,50', partMessages.price],
    ['price', '2000000', partMessages.price],
    ['name', '  ', partMessages.name],
    ['img', 'https://cdn.example/a.png', partMessages.img],
  ])('refuses %s = %j with its message', (field, value, message) => {
    const result = partForm.safeParse({ ...typed, [field]: value });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]).toMatchObject({ path: [field], message });
  });

  it('a part body refuses prices the shop cannot store as a positive whole number of cents', () => {
    const body = partForm.parse(typed);
    for (const price of [1e-9, 5e-324, 0.001, 0.004, 0.005, 18.500000001, 1_000_000.01, -0.01]) {
      const result = partBody.safeParse({ ...body, price });
      expect(result.success, String(price)).toBe(false);
      expect(result.error?.issues[0]).toMatchObject({
        path: ['price'],
        message: partMessages.price,
      });
    }
    for (const price of [0.01, 0.07, 0.1, 18.5, 19.99, 1_000_000])
      expect(partBody.safeParse({ ...body, price }).success, String(price)).toBe(true);
  });

  it('accepts prices in whole cents, however they are written', () => {
    for (const price of ['0.01', '19.99', '7', '0.1', '999999.99'])
      expect(partForm.safeParse({ ...typed, price }).success).toBe(true);
  });
});

describe('volume prices on the Add a Product form', () => {
  const tiers = (...rows: [string, string][]) =>
    rows.map(([minQuantity, price]) => ({ minQuantity, price }));

  it('reads typed rows as the body takes them', () => {
    const body = partForm.parse({
      ...typed,
      priceTiers: tiers([' 50 ', '39.90'], ['200', '35']),
    });
    expect(body.priceTiers).toEqual([
      { minQuantity: 50, price: 39.9 },
      { minQuantity: 200, price: 35 },
    ]);
    expect(partBody.parse(body)).toEqual(body);
  });

  it.each([
    [tiers(['1', '30']), [0, 'minQuantity'], partMessages.tierQuantity],
    [tiers(['ten', '30']), [0, 'minQuantity'], partMessages.tierQuantity],
    [tiers(['10', '30.005']), [0, 'price'], partMessages.price],
    [tiers(['10', '']), [0, 'price'], partMessages.price],
    [tiers(['50', '30'], ['20', '25']), [], partMessages.tiersOrder],
    [tiers(['50', '30'], ['200', '31']), [], partMessages.tiersOrder],
    [tiers(['50', '42.90'], ['200', '30']), [0, 'price'], partMessages.tierPrice],
    [
      Array.from({ length: 11 }, (_, n) => ({ minQuantity: String(n + 2), price: String(40 - n) })),
      [],
      partMessages.tiersMax,
    ],
  ])('refuses %j with the body’s message', (priceTiers, at, message) => {
    const result = partForm.safeParse({ ...typed, priceTiers });
    expect(result.error?.issues.map((issue) => [issue.path, issue.message])).toContainEqual([
      ['priceTiers', ...at],
      message,
    ]);
  });

  it('compares the tiers with the price only once the price is one', () => {
    const result = partForm.safeParse({ ...typed, price: 'cheap', priceTiers: tiers(['50', '9']) });
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([partMessages.price]);
  });

  it('a body names the tier whose price is not below the part’s', () => {
    const body = partForm.parse(typed);
    const result = partBody.safeParse({
      ...body,
      priceTiers: [
        { minQuantity: 50, price: 45 },
        { minQuantity: 100, price: 40 },
      ],
    });
    expect(result.error?.issues).toMatchObject([
      { path: ['priceTiers', 0, 'price'], message: partMessages.tierPrice },
    ]);
  });
});

describe('part image paths', () => {
  it.each(['/images/parts/oil-filter.svg', '/api/images/3f2c1a52-1111-4a4a-9b9b-0123456789ab.png'])(
    'takes the shop’s own picture %s',
    (path) => expect(partImagePattern.test(path)).toBe(true),
  );
  it.each([
    'http://evil.example/a.png',
    '//evil.example/a.png',
    '/images/../secret.png',
    '/images/a.png?x=1',
    '/images/a.html',
    'data:image/png;base64,AAAA',
    '/other/a.png',
  ])('refuses %s', (path) => expect(partImagePattern.test(path)).toBe(false));
});

describe('a part body that is not an object', () => {
  it('is refused as such, never checked for its volume prices (a JSON null was a 500)', () => {
    for (const body of [null, 'null', 42, []]) {
      const result = partBody.safeParse(body);
      expect(result.success).toBe(false);
      expect(result.error?.issues.map((issue) => issue.path)).toEqual([[]]);
    }
  });
});
