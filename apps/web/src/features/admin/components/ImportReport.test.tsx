// The report an admin sees after a catalogue import: counts, then the refused lines with their
// reasons, at most 200 of them with how many there are in all.
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ImportReport } from './ImportReport.tsx';

afterEach(cleanup);

describe('the catalogue import report', () => {
  it('shows what was added, updated and refused, and why each refused line was', () => {
    render(
      <ImportReport
        report={{
          dryRun: false,
          inserted: 1200,
          updated: 3,
          refusedCount: 2,
          refused: [
            { line: 4, reason: 'price: Price must be more than 0' },
            { line: 9, reason: 'partNumber: DUP-1 is also on line 2' },
          ],
          unknownCategories: [],
        }}
      />,
    );
    expect(screen.getByRole('heading', { name: 'Import done' })).toBeTruthy();
    expect(screen.getByText('1,200 added')).toBeTruthy();
    expect(screen.getByText('3 updated')).toBeTruthy();
    expect(screen.getByText('2 refused')).toBeTruthy();
    const table = screen.getByRole('table', { name: 'Refused lines' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      '4price: Price must be more than 0',
      '9partNumber: DUP-1 is also on line 2',
    ]);
  });

  it('says a dry run changed nothing, and that every line was taken', () => {
    render(
      <ImportReport
        report={{
          dryRun: true,
          inserted: 0,
          updated: 5,
          refusedCount: 0,
          refused: [],
          unknownCategories: [],
        }}
      />,
    );
    expect(screen.getByRole('heading', { name: 'Dry run: nothing was changed' })).toBeTruthy();
    expect(screen.getByText('Every line was taken.')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('lists the first 200 refused lines and says how many there are', () => {
    const refused = Array.from({ length: 1000 }, (_, n) => ({ line: n + 2, reason: 'bad' }));
    render(
      <ImportReport
        report={{
          dryRun: false,
          inserted: 0,
          updated: 0,
          refusedCount: 5000,
          refused,
          unknownCategories: [],
        }}
      />,
    );
    const table = screen.getByRole('table', {
      name: 'Refused lines: the first 200 of 5,000',
    });
    expect(within(table).getAllByRole('row')).toHaveLength(201);
  });

  it('names the categories the shop does not have, with the closest it has', () => {
    render(
      <ImportReport
        report={{
          dryRun: true,
          inserted: 0,
          updated: 0,
          refusedCount: 3,
          refused: [
            { line: 2, reason: 'category: No category is named "Brake pad"' },
            { line: 3, reason: 'category: No category is named "Brake pad"' },
            { line: 4, reason: 'category: No category is named "Hovercraft"' },
          ],
          unknownCategories: [
            { category: 'Brake pad', closest: 'Brakes > Brake pads', lines: 2 },
            { category: 'Hovercraft', closest: null, lines: 1 },
          ],
        }}
      />,
    );
    const list = screen.getByRole('list', { name: 'Categories the shop does not have' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      '“Brake pad” (2 lines): did you mean “Brakes > Brake pads”?',
      '“Hovercraft” (1 line): no category is like it',
    ]);
  });
});
