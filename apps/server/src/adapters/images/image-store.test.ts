// A full disk while an admin uploads a part's picture (issue 34 #5): the upload is a clear 507,
// no part of the file stays behind, the pictures already there are served meanwhile, and uploads
// work again once there is room, without a restart. The disk is full at the adapter's edge (the
// file functions it calls; test/full-disk.ts).
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { uploadedImageReply } from '@axle/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type Customer, signInAdmin } from '../../../test/customers.ts';
import { type FullDisk, fillDisk } from '../../../test/full-disk.ts';
import { createTestApp } from '../../../test/test-app.ts';

/** A real 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==',
  'base64',
);

const insufficientStorage = {
  error: {
    code: 'insufficient_storage',
    message: 'The shop has no room to save this just now. Please try again later.',
  },
};

let root: string;
let uploadsDir: string;
let t: Awaited<ReturnType<typeof createTestApp>>;
let admin: Customer;

const upload = () =>
  t.app.inject({
    method: 'POST',
    url: '/api/images',
    headers: { ...admin.headers, 'content-type': 'image/png' },
    payload: PNG,
  });

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'axle-full-uploads-'));
  // Not made yet: the store makes it at the first upload.
  uploadsDir = join(root, 'uploads');
  t = await createTestApp({ uploadsDir });
  admin = await signInAdmin(t.app, t.db);
});
afterAll(async () => {
  await t.close();
  await rm(root, { recursive: true, force: true });
});
let disk: FullDisk | undefined;
afterEach(() => {
  disk?.free();
  disk = undefined;
});

describe("a full disk while a part's picture is uploaded", () => {
  it('a store whose folder cannot be made answers 507, and makes it once there is room', async () => {
    disk = fillDisk(root, 'EDQUOT');
    const refused = await upload();
    expect(refused.statusCode).toBe(507);
    expect(refused.json()).toEqual(insufficientStorage);
    expect(disk.refused).toBe(1);

    disk.free();
    const stored = await upload();
    expect(stored.statusCode, stored.body).toBe(201);
  });

  it('answers 507 with a sentence for people and leaves no part of the file behind', async () => {
    const before = await readdir(uploadsDir);
    disk = fillDisk(root);
    const res = await upload();
    expect(disk.refused).toBe(1);
    expect(res.statusCode).toBe(507);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json()).toEqual(insufficientStorage);
    // Neither the half-written temporary file nor a picture: the folder is as it was.
    expect(await readdir(uploadsDir)).toEqual(before);
  });

  it('serves the pictures already stored meanwhile, and stores new ones once there is room', async () => {
    const first = await upload();
    expect(first.statusCode).toBe(201);
    const { img } = uploadedImageReply.parse(first.json());

    disk = fillDisk(root);
    expect((await upload()).statusCode).toBe(507);
    const served = await t.app.inject(img);
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(PNG)).toBe(true);

    // Space is back: the same upload goes through, no restart, and its picture is whole.
    disk.free();
    const again = await upload();
    expect(again.statusCode, again.body).toBe(201);
    const stored = await t.app.inject(uploadedImageReply.parse(again.json()).img);
    expect(stored.rawPayload.equals(PNG)).toBe(true);
    expect((await readdir(uploadsDir)).filter((name) => name.startsWith('.'))).toEqual([]);
  });
});
