// The account record itself (SPEC §7): user sync and the admin check.
import { authReply } from '@axle/contract';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { accountsTestApp, PASSWORD, type TestApp } from '../../../test/accounts.ts';
import { createUser } from './accounts.service.ts';
import { users } from './accounts.table.ts';

const kit = accountsTestApp();
const { uniqueEmail, login, me, registerUser } = kit;
let t: TestApp;
beforeAll(() => {
  t = kit.t();
});

describe('user sync and admin check (SPEC §7)', () => {
  const sync = (token: string, email: string, payload: object) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/user/${encodeURIComponent(email)}`,
      headers: { authorization: `Bearer ${token}` },
      payload,
    });
  const adminCheck = (token: string | null, email: string) =>
    t.app.inject({
      method: 'GET',
      url: `/api/admin/${encodeURIComponent(email)}`,
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });

  it('updates name and photo of the caller only, keeps the first provider, and returns a working token', async () => {
    const { email, token } = await registerUser();
    const res = await sync(token, email, {
      email,
      name: 'New Name',
      img: '/images/avatars/reviewer-2.svg',
      providerId: 'google.com',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({
      name: 'New Name',
      img: '/images/avatars/reviewer-2.svg',
      providerId: 'password',
    });
    expect((await me(res.json().token)).statusCode).toBe(200);
  });

  it("refuses to touch someone else's account", async () => {
    const victim = await registerUser();
    const attacker = await registerUser();
    const res = await sync(attacker.token, victim.email, { name: 'Hacked' });
    expect(res.statusCode).toBe(403);
    expect((await me(victim.token)).json().user.name).toBe('Nusrat Jahan');
    expect((await sync('', victim.email, { name: 'Hacked' })).statusCode).toBe(401);
  });

  it('tells a customer only about themself, and an admin about anyone', async () => {
    const customer = await registerUser();
    const other = await registerUser();
    const adminEmail = uniqueEmail('admin');
    await createUser(
      { db: t.db },
      { name: 'Admin', email: adminEmail, password: PASSWORD, admin: true },
    );
    const admin = authReply.parse((await login(adminEmail)).json());

    expect((await adminCheck(customer.token, customer.email)).json()).toEqual({ admin: false });
    expect((await adminCheck(customer.token, adminEmail)).statusCode).toBe(403);
    expect((await adminCheck(customer.token, other.email)).statusCode).toBe(403);
    expect((await adminCheck(null, customer.email)).statusCode).toBe(401);
    expect((await adminCheck(admin.token, adminEmail)).json()).toEqual({ admin: true });
    expect((await adminCheck(admin.token, customer.email)).json()).toEqual({ admin: false });
  });

  it('notices a demotion at once (the role is read with the session, not from the token)', async () => {
    const adminEmail = uniqueEmail('admin');
    await createUser(
      { db: t.db },
      { name: 'Admin', email: adminEmail, password: PASSWORD, admin: true },
    );
    const { token } = authReply.parse((await login(adminEmail)).json());
    await t.db
      .update(users)
      .set({ role: null })
      .where(sql`lower(${users.email}) = lower(${adminEmail})`);
    expect((await adminCheck(token, adminEmail)).json()).toEqual({ admin: false });
  });
});
