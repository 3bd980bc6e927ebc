import { rename, rm, writeFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';

/**
 * Writes `data` to `path` whole or not at all: under a dotted temporary name beside it (readers
 * that list the folder skip it), then renamed in place. A write that fails (a crash, a full disk:
 * ENOSPC, EDQUOT) takes its part-written file away with it and is thrown as it came.
 */
export async function writeWhole(
  path: string,
  data: string | Buffer,
  options: { mode?: number } = {},
): Promise<void> {
  const temporary = join(dirname(path), `.${basename(path)}.part`);
  try {
    await writeFile(temporary, data, { flag: 'wx', mode: options.mode });
    await rename(temporary, path);
  } catch (error) {
    await rm(temporary, { force: true }).catch(() => undefined);
    throw error;
  }
}
