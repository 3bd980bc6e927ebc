// `npm run seed:scale` on the embedded database of DATA_DIR: an empty folder is migrated first,
// the sizes come from the flags, and bad flags are refused with the usage.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseKind } from '../../../../test/test-app.ts';
import { runScaleCommand } from './scale.ts';

describe.skipIf(testDatabaseKind !== 'embedded')('the seed:scale command', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'axle-scale-'));
  });
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  it('migrates an empty DATA_DIR, generates the sizes asked for and prints its progress', async () => {
    const lines: string[] = [];
    const flags = ['--parts', '40', '--customers', '8', '--orders', '30', '--reviews', '5'];
    const summary = await runScaleCommand(
      [...flags, '--seed', '9'],
      { DATA_DIR: dataDir },
      (line) => lines.push(line),
    );
    expect(summary).toMatch(
      /Generated 40 parts \(fitting \d+ vehicles in all\), 8 customers, 30 orders/,
    );
    expect(summary).toContain('5 reviews');
    expect(summary).toMatch(/signs in with the password axlescale1/);
    expect(summary).toContain('--seed 9 --now ');
    expect(lines).toContain('Generating on the embedded database with --seed 9.');
    expect(lines.some((line) => /^orders +30 of 30 +[\d,]+ rows\/s$/.test(line))).toBe(true);

    const again = await runScaleCommand(flags, { DATA_DIR: dataDir }, () => undefined);
    expect(again).toContain('Generated 40 parts');
  }, 60_000);

  it('refuses sizes that are not whole numbers, naming the flag', async () => {
    await expect(runScaleCommand(['--orders', 'many'], { DATA_DIR: dataDir })).rejects.toThrow(
      '--orders must be a whole number',
    );
    await expect(runScaleCommand(['--size', '3'], { DATA_DIR: dataDir })).rejects.toThrow(
      'Usage: npm run seed:scale',
    );
    await expect(
      runScaleCommand(['--parts', '0', '--orders', '5'], { DATA_DIR: dataDir }),
    ).rejects.toThrow('Orders need parts');
  }, 30_000);
});
