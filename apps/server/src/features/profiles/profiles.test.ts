import { messages, profileInfo, updateProfileReply } from '@axle/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Customer, signInAdmin, signUp } from '../../../test/customers.ts';
import { createTestApp } from '../../../test/test-app.ts';
import { profiles } from './profiles.table.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;
let alice: Customer;
let bob: Customer;
let admin: Customer;

const valid = {
  location: 'Mirpur, Dhaka',
  phone: '+91 9876543210',
  education: 'BSc Mechanical Engineering',
  linkedin: 'https://www.linkedin.com/in/alice',
};

const read = (who: Customer | null, email: string) =>
  t.app.inject({
    method: 'GET',
    url: '/api/profileinfo',
    query: { email },
    headers: who?.headers ?? {},
  });
const write = (who: Customer | null, email: string, payload: object) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/profile/${encodeURIComponent(email)}`,
    headers: who?.headers ?? {},
    payload,
  });
const rowCount = async () => (await t.db.select().from(profiles)).length;

beforeAll(async () => {
  t = await createTestApp();
  alice = await signUp(t.app, 'alice');
  bob = await signUp(t.app, 'bob');
  admin = await signInAdmin(t.app, t.db);
});
afterAll(() => t.close());

describe('reading profile info', () => {
  it('a customer with no profile yet gets all nulls', async () => {
    const res = await read(bob, bob.email);
    expect(res.statusCode).toBe(200);
    expect(profileInfo.parse(res.json())).toEqual({
      email: bob.email,
      location: null,
      phone: null,
      education: null,
      linkedin: null,
      img: null,
    });
  });

  it('the e-mail is matched whatever its case', async () => {
    const res = await read(bob, bob.email.toUpperCase());
    expect(res.statusCode).toBe(200);
    expect(res.json().email).toBe(bob.email);
  });

  it("a customer cannot read someone else's profile", async () => {
    const res = await read(bob, alice.email);
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('forbidden');
  });

  it("an admin may read anyone's profile, and gets 404 for an address nobody has", async () => {
    await write(alice, alice.email, valid);
    const res = await read(admin, alice.email);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ email: alice.email, location: valid.location });
    expect((await read(admin, 'nobody@garage.com')).statusCode).toBe(404);
  });

  it('needs a token', async () => {
    const res = await read(null, alice.email);
    expect(res.statusCode).toBe(401);
  });
});

describe('updating the profile', () => {
  it('creates the profile, then updates it, and the reads show the saved values', async () => {
    const carol = await signUp(t.app, 'carol');
    const first = await write(carol, carol.email, valid);
    expect(first.statusCode).toBe(200);
    expect(updateProfileReply.parse(first.json())).toEqual({
      modifiedCount: 0,
      upsertedCount: 1,
      profile: { email: carol.email, ...valid, img: null },
    });

    const second = await write(carol, carol.email, {
      location: 'Zindabazar, Sylhet',
      phone: '9876543210',
      education: 'MSc Automotive Design',
      linkedin: '',
    });
    expect(second.statusCode).toBe(200);
    expect(second.json()).toMatchObject({ modifiedCount: 1, upsertedCount: 0 });

    const shown = profileInfo.parse((await read(carol, carol.email)).json());
    expect(shown).toEqual({
      email: carol.email,
      location: 'Zindabazar, Sylhet',
      phone: '9876543210',
      education: 'MSc Automotive Design',
      linkedin: null,
      img: null,
    });
  });

  it('linkedin is optional and unchecked; an absent one keeps the saved value', async () => {
    const dave = await signUp(t.app, 'dave');
    await write(dave, dave.email, { ...valid, linkedin: 'not even a url' });
    const { linkedin: _dropped, ...withoutLinkedin } = valid;
    const res = await write(dave, dave.email, withoutLinkedin);
    expect(res.statusCode).toBe(200);
    expect(res.json().profile.linkedin).toBe('not even a url');
  });

  it('ignores unknown fields (the photo and the owner are not the page’s to set)', async () => {
    const erin = await signUp(t.app, 'erin');
    const res = await write(erin, erin.email, {
      ...valid,
      img: 'https://evil.example/x.png',
      email: alice.email,
      userId: '00000000-0000-0000-0000-000000000000',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().profile).toMatchObject({ email: erin.email, img: null });
  });

  it.each([
    ['location', { location: 'Dhaka' }, messages.location],
    ['location', { location: '' }, messages.location],
    ['phone', { phone: '12345' }, messages.phone],
    ['phone', { phone: '+1 9876543210' }, messages.phone],
    ['education', { education: 'BSc' }, messages.education],
  ])('refuses a bad %s with SPEC §5’s message (%j)', async (field, change, message) => {
    const frank = await signUp(t.app, 'frank');
    const before = await rowCount();
    const res = await write(frank, frank.email, { ...valid, ...change });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toContainEqual({ path: field, message });
    expect(res.json().error.message).toBe(message);
    expect(await rowCount()).toBe(before);
  });

  it('refuses a body without location, phone or education', async () => {
    const res = await write(alice, alice.email, { linkedin: 'x' });
    expect(res.statusCode).toBe(400);
    for (const field of ['location', 'phone', 'education'])
      expect(res.json().error.fields).toContainEqual({ path: field, message: expect.any(String) });
  });

  it('a refused update changes nothing', async () => {
    const before = profileInfo.parse((await read(alice, alice.email)).json());
    const res = await write(alice, alice.email, { ...valid, phone: 'call me' });
    expect(res.statusCode).toBe(400);
    expect((await read(alice, alice.email)).json()).toEqual(before);
  });

  it("nobody writes someone else's profile, not even an admin", async () => {
    const before = await rowCount();
    const byBob = await write(bob, alice.email, { ...valid, location: 'Hacked, Town' });
    expect(byBob.statusCode).toBe(403);
    const byAdmin = await write(admin, alice.email, { ...valid, location: 'Hacked, Town' });
    expect(byAdmin.statusCode).toBe(403);
    expect(await rowCount()).toBe(before);
    expect((await read(alice, alice.email)).json().location).toBe(valid.location);
  });

  it('needs a token, checked before the input', async () => {
    const res = await write(null, alice.email, { nonsense: true });
    expect(res.statusCode).toBe(401);
  });
});
