import { describe, expect, it } from 'vitest';
import {
  catalogueCsvRow,
  formatBrandNumbers,
  formatFitmentVehicle,
  formatPriceTiers,
  neutraliseCell,
  restoreCell,
} from './catalogue-csv.ts';
import { partMessages } from './texts.ts';

const line = {
  partNumber: '04465-02220',
  name: 'Brake pads',
  description: 'Front axle',
  price: '18.50',
  availableQuantity: '100',
  minimumQuantity: '2',
};

describe('a catalogue file line', () => {
  it("is checked by the part form's own rules and messages", () => {
    const result = catalogueCsvRow.safeParse({ ...line, price: '18.505' });
    expect(result.error?.issues.map((issue) => issue.message)).toEqual([partMessages.price]);
    expect(catalogueCsvRow.safeParse({ ...line, partNumber: ' ' }).error?.issues[0]?.message).toBe(
      'Part number is required',
    );
  });

  it('reads empty cells as none, and OE numbers and fitment in the formats the export writes', () => {
    const oe = [
      { brand: 'Toyota', number: '04465-02220' },
      { brand: 'Honda', number: '15400-PLM-A02' },
    ];
    const vehicles = [
      { make: 'Toyota', model: 'Corolla', yearFrom: 2014, yearTo: 2019, variant: '1.8L 4-cyl' },
      { make: 'Ford', model: 'Focus', yearFrom: 2012, yearTo: 2012, variant: null },
    ];
    const row = catalogueCsvRow.parse({
      ...line,
      brand: '',
      category: '',
      img: '',
      oeNumbers: formatBrandNumbers(oe),
      fitment: `${vehicles.map(formatFitmentVehicle).join('; ')}; Honda|Civic|2016`,
    });
    expect(formatBrandNumbers(oe)).toBe('Toyota:04465-02220; Honda:15400-PLM-A02');
    expect(row).toMatchObject({ brand: null, category: null, img: null, price: 18.5 });
    expect(row.oeNumbers).toEqual(oe);
    expect(row.fitment).toEqual([
      { make: 'Toyota', model: 'Corolla', years: { from: 2014, to: 2019 }, variant: '1.8L 4-cyl' },
      { make: 'Ford', model: 'Focus', years: { from: 2012, to: 2012 }, variant: null },
      { make: 'Honda', model: 'Civic', years: { cover: 2016 } },
    ]);
  });

  it('says what a malformed OE number or fitment cell should look like', () => {
    const messages = (cells: Record<string, string>) =>
      catalogueCsvRow.safeParse({ ...line, ...cells }).error?.issues.map((issue) => issue.message);
    expect(messages({ oeNumbers: 'Toyota 04465-02220' })?.[0]).toMatch(/is not Brand:Number/);
    expect(messages({ fitment: 'Toyota Corolla 2015' })?.[0]).toMatch(/is not Make\|Model\|Years/);
    expect(messages({ fitment: 'Toyota|Corolla|15' })?.[0]).toMatch(/is not Make\|Model\|Years/);
  });
});

describe('a catalogue file line’s volume prices', () => {
  const tiersOf = (priceTiers: string) => catalogueCsvRow.safeParse({ ...line, priceTiers });

  it('reads Quantity:Price cells as the export writes them, and an empty cell as none', () => {
    const tiers = [
      { minQuantity: 50, price: 17.9 },
      { minQuantity: 200, price: 16 },
    ];
    expect(formatPriceTiers(tiers)).toBe('50:17.90; 200:16.00');
    expect(tiersOf(formatPriceTiers(tiers)).data?.priceTiers).toEqual(tiers);
    expect(tiersOf('50:17.90;200:16').data?.priceTiers).toEqual(tiers);
    expect(tiersOf('').data?.priceTiers).toEqual([]);
    expect(catalogueCsvRow.parse(line)).not.toHaveProperty('priceTiers');
  });

  it("refuses bad tiers with the part form's messages", () => {
    const messages = (cell: string) => tiersOf(cell).error?.issues.map((issue) => issue.message);
    expect(messages('50 at 17.90')?.[0]).toMatch(/^"50 at 17.90" is not Quantity:Price/);
    expect(messages('50:17:90')?.[0]).toMatch(/is not Quantity:Price/);
    expect(messages('1:17.90')).toEqual([partMessages.tierQuantity]);
    expect(messages('50:17.905')).toEqual([partMessages.price]);
    expect(messages('200:16; 50:17.90')).toEqual([partMessages.tiersOrder]);
    expect(messages('50:18.50')).toEqual([partMessages.tierPrice]);
    expect(tiersOf('50:18.50').error?.issues[0]?.path[0]).toBe('priceTiers');
  });
});

describe('formula neutralisation', () => {
  it('quotes a cell a spreadsheet would run, and the import takes the quote away again', () => {
    for (const cell of ['=SUM(A1)', '+1', '-2', '@cmd', '\tx', '\rx', "'=x", "''+x"]) {
      expect(neutraliseCell(cell)).toBe(`'${cell}`);
      expect(restoreCell(neutraliseCell(cell))).toBe(cell);
    }
    for (const cell of ['Brake pads', "'quoted", '04465-02220', '']) {
      expect(neutraliseCell(cell)).toBe(cell);
      expect(restoreCell(cell)).toBe(cell);
    }
  });
});
