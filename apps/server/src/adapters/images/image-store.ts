import { randomUUID } from 'node:crypto';
import { mkdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { UPLOAD_IMAGE_TYPES, type UploadImageType } from '@axle/contract';
import { writeWhole } from '../files.ts';

/** Uploaded part pictures, kept as files under one folder (DATA_DIR/uploads). */
export type ImageStore = {
  /** Stores checked bytes and answers the new file's name, e.g. `3f…9c.png`. */
  save(bytes: Buffer, type: UploadImageType): Promise<string>;
  /** The stored bytes and their type, or undefined when there is no such image. */
  read(name: string): Promise<{ bytes: Buffer; type: UploadImageType } | undefined>;
};

const typeByExtension = Object.fromEntries(
  Object.entries(UPLOAD_IMAGE_TYPES).map(([type, extension]) => [extension, type]),
) as Record<string, UploadImageType>;

/** The first bytes each picture format starts with (its "magic number"). */
const signatures: Record<UploadImageType, (b: Buffer) => boolean> = {
  'image/png': (b) => b.subarray(0, 8).equals(Buffer.from([137, 80, 78, 71, 13, 10, 26, 10])),
  'image/jpeg': (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff,
  'image/gif': (b) => ['GIF87a', 'GIF89a'].includes(b.subarray(0, 6).toString('latin1')),
  'image/webp': (b) =>
    b.subarray(0, 4).toString('latin1') === 'RIFF' &&
    b.subarray(8, 12).toString('latin1') === 'WEBP',
};

/**
 * Whether the bytes really are a picture of the declared type. A file is never trusted by its
 * name or its Content-Type alone: HTML or SVG (which can carry scripts) is refused.
 */
export function looksLike(bytes: Buffer, type: UploadImageType): boolean {
  return signatures[type](bytes);
}

export function createFileImageStore(folder: string): ImageStore {
  let ready: Promise<unknown> | undefined;
  return {
    async save(bytes, type) {
      // Made once; a folder that could not be made (a full disk) is tried again next time.
      ready ??= mkdir(folder, { recursive: true, mode: 0o700 }).catch((error: unknown) => {
        ready = undefined;
        throw error;
      });
      await ready;
      const name = `${randomUUID()}.${UPLOAD_IMAGE_TYPES[type]}`;
      // Whole or not at all: a crash or a full disk never leaves half a picture (a failed write
      // is thrown as it came, and the error mapping answers 507).
      await writeWhole(join(folder, name), bytes, { mode: 0o600 });
      return name;
    },
    async read(name) {
      const type = typeByExtension[name.split('.').pop() ?? ''];
      // Names are the store's own (a UUID and an ending); anything else is not an image here.
      if (!type || !/^[0-9a-f-]{36}\.[a-z]+$/.test(name)) return undefined;
      try {
        return { bytes: await readFile(join(folder, name)), type };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw error;
      }
    },
  };
}
