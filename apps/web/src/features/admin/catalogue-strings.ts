/**
 * Words of the catalogue's CSV page (issue 16 #7) and its import report: apart from strings.ts,
 * whose words every admin page loads first (ADR 008's budgets).
 */

const counter = new Intl.NumberFormat();
const countText = (count: number) => counter.format(count);

export const catalogueText = {
  title: 'Catalogue import and export — Axle',
  intro:
    'Add and update parts in bulk from a CSV file, or download the whole catalogue in the same columns. A line updates the part with its part number (however it is spelled) or adds it.',
  importHeading: 'Import a CSV file',
  file: 'CSV file',
  fileHelp:
    'Columns: partNumber, name, description, brand, category (its name, its path such as Brakes > Brake pads, or its slug, in any letter case), price (dollars), priceTiers (volume prices: 50:3.90; 200:3.50), availableQuantity, minimumQuantity, img, oeNumbers (Toyota:04465-02220; Honda:15400-PLM-A02), fitment (Toyota|Corolla|2015). A column left out keeps what each part has.',
  dryRun: 'Dry run: check the file and report, change nothing',
  import: 'Import',
  importing: 'Importing…',
  chooseFile: 'Choose a CSV file first.',
  exportHeading: 'Export the catalogue',
  exportHelp: "Every part in the import's columns; importing it again changes nothing.",
  export: 'Download the catalogue (CSV)',
  exporting: 'Preparing the file…',
  fileName: 'axle-catalogue.csv',
  reportHeading: (dryRun: boolean) => (dryRun ? 'Dry run: nothing was changed' : 'Import done'),
  inserted: (count: number) => `${countText(count)} added`,
  updated: (count: number) => `${countText(count)} updated`,
  refused: (count: number) => `${countText(count)} refused`,
  allGood: 'Every line was taken.',
  refusedCaption: (shown: number, count: number) =>
    shown < count
      ? `Refused lines: the first ${countText(shown)} of ${countText(count)}`
      : 'Refused lines',
  line: 'Line',
  reason: 'Reason',
  unknownCategoriesHeading: 'Categories the shop does not have',
  /** One category the file names that the shop has none of, and what it may have meant. */
  unknownCategory: (category: string, closest: string | null, lines: number) =>
    `“${category}” (${lines === 1 ? '1 line' : `${countText(lines)} lines`}): ${
      closest ? `did you mean “${closest}”?` : 'no category is like it'
    }`,
} as const;
