import type { AdminUser, AuthUser, UsersQuery } from '@axle/contract';
import {
  and,
  eq,
  inArray,
  isNull,
  lt,
  ne,
  or,
  type Placeholder,
  type SQL,
  type SQLWrapper,
  sql,
} from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import {
  countWhere,
  type KeysetSort,
  keysetList,
  matchesEveryWord,
  type Page,
  sortKeyText,
} from '../../db/paging.ts';
import { keptCount } from '../../db/row-counts.ts';
import type { RequestUser } from '../../domain/caller.ts';
import { Conflict, Forbidden, NotFound, Unauthorized } from '../../domain/errors.ts';
import {
  type AccountsContext,
  byEmail,
  findUserByEmail,
  now,
  PASSWORD_PROVIDER,
  toAuthUser,
  type UserRow,
} from './accounts.context.ts';
import { credentials, users } from './accounts.table.ts';
import { hashPassword } from './passwords.hashing.ts';
import { endAllSessions } from './sessions.service.ts';

// Account administration: the user record itself (SPEC §7's user sync and admin check), the
// operator's CLI, the admin area, and what other domains may know of an account.

// Other domains name the accounts context by this module, the one they call.
export type { AccountsContext } from './accounts.context.ts';

/**
 * SPEC §7 `PUT /user/{email}`: after any sign-in the web sends the user record; only the caller's
 * own record, and only name and photo change (the first provider stays). Replies with a fresh
 * access token for the same session.
 */
export async function syncUser(
  ctx: AccountsContext,
  caller: RequestUser,
  email: string,
  input: { name?: string | undefined; img?: string | null | undefined },
): Promise<{ token: string; user: AuthUser }> {
  if (email.toLowerCase() !== caller.email.toLowerCase())
    throw new Forbidden('You can only update your own account');
  const changes: Partial<typeof users.$inferInsert> = {};
  if (input.name !== undefined) changes.name = input.name;
  if (input.img !== undefined) changes.img = input.img;
  const [row] =
    Object.keys(changes).length > 0
      ? await ctx.db
          .update(users)
          .set({ ...changes, updatedAt: now(ctx) })
          .where(eq(users.id, caller.id))
          .returning()
      : await ctx.db.select().from(users).where(eq(users.id, caller.id));
  if (!row) throw new Unauthorized();
  const token = await ctx.accessTokens.sign(
    { userId: row.id, sessionId: caller.sessionId },
    now(ctx),
  );
  return { token, user: toAuthUser(row) };
}

/** SPEC §7 `GET /admin/{email}`: an admin may ask about anyone, a customer only about themself. */
export async function isAdmin(
  ctx: AccountsContext,
  caller: RequestUser,
  email: string,
): Promise<boolean> {
  if (email.toLowerCase() === caller.email.toLowerCase()) return caller.role === 'admin';
  if (caller.role !== 'admin') throw new Forbidden('You can only ask about your own account');
  const user = await findUserByEmail(ctx.db, email);
  return user?.role === 'admin';
}

/** For the `user` CLI: an account with a password, optionally an admin, verified by the operator. */
export async function createUser(
  ctx: Pick<AccountsContext, 'db'>,
  input: { name: string; email: string; password: string; admin: boolean },
): Promise<AuthUser> {
  if (await findUserByEmail(ctx.db, input.email))
    throw new Conflict(`An account for ${input.email} already exists`);
  const passwordHash = await hashPassword(input.password);
  return ctx.db.transaction(async (tx) => {
    const [user] = await tx
      .insert(users)
      .values({
        name: input.name,
        email: input.email,
        providerId: PASSWORD_PROVIDER,
        role: input.admin ? 'admin' : null,
        emailVerified: true,
      })
      .returning();
    if (!user) throw new Error('user not created');
    await tx.insert(credentials).values({ userId: user.id, passwordHash });
    return toAuthUser(user);
  });
}

export async function promoteToAdmin(
  ctx: Pick<AccountsContext, 'db'>,
  email: string,
): Promise<AuthUser> {
  const [user] = await ctx.db
    .update(users)
    .set({ role: 'admin', updatedAt: new Date() })
    .where(byEmail(email))
    .returning();
  if (!user) throw new NotFound(`No account for ${email}`);
  return toAuthUser(user);
}

/** What other features may know of an account: never credentials or sessions. */
export type AccountSummary = { id: string; email: string; name: string; img: string | null };

const summary = (row: UserRow): AccountSummary => ({
  id: row.id,
  email: row.email,
  name: row.name,
  img: row.img,
});

export async function accountByEmail(db: Db, email: string): Promise<AccountSummary | undefined> {
  const row = await findUserByEmail(db, email.trim());
  return row ? summary(row) : undefined;
}

export async function accountById(db: Db, id: string): Promise<AccountSummary | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row ? summary(row) : undefined;
}

/** Several accounts at once (a company's members), in no particular order. */
export async function accountsByIds(
  db: Db | Tx,
  ids: readonly string[],
): Promise<AccountSummary[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select()
    .from(users)
    .where(inArray(users.id, [...ids]));
  return rows.map(summary);
}

/** For the admin area (SPEC §7 `GET /users`): every account, oldest first; never credentials. */
/** All User's sorts: each one index range (migration 0008), the id breaking ties. */
const accountSorts = {
  newest: { name: 'newest', key: users.createdAt, type: 'timestamptz', direction: 'desc' },
  oldest: { name: 'oldest', key: users.createdAt, type: 'timestamptz', direction: 'asc' },
  name: { name: 'name', key: sql`lower(${users.name})`, type: 'text', direction: 'asc' },
  email: { name: 'email', key: sql`lower(${users.email})`, type: 'text', direction: 'asc' },
} satisfies Record<NonNullable<UsersQuery['sort']>, KeysetSort>;

/** What All User's search reads: name and e-mail, lower-cased (a trigram index covers it). */
const accountSearchText = sql`lower(${users.name} || ' ' || ${users.email})`;

/**
 * A page of accounts for All User (oldest first unless sorted otherwise): searched by name or
 * e-mail (every word), filtered by role, with the count of every matching account.
 */
export async function listAccounts(db: Db, query: UsersQuery): Promise<Page<AdminUser>> {
  const sort = accountSorts[query.sort ?? 'oldest'];
  const filter = and(
    matchesEveryWord(accountSearchText, query.q),
    query.role === 'admin'
      ? eq(users.role, 'admin')
      : query.role === 'customer'
        ? or(isNull(users.role), ne(users.role, 'admin'))
        : undefined,
  );
  const unfilteredCount = {
    admin: keptCount('admins'),
    customer: sql<number>`(${keptCount('users')} - ${keptCount('admins')})`.mapWith(Number),
    all: keptCount('users'),
  }[query.role ?? 'all'];
  return keysetList({
    db,
    sort,
    id: users.id,
    limit: query.limit,
    cursor: query.cursor,
    total: query.q?.trim() ? countWhere(users, filter) : unfilteredCount,
    rows: (page) =>
      db
        .select({
          id: users.id,
          name: users.name,
          email: users.email,
          role: users.role,
          emailVerified: users.emailVerified,
          createdAt: users.createdAt,
          sortKey: sortKeyText(sort),
          total: page.total,
        })
        .from(users)
        .where(and(filter, page.after))
        .orderBy(page.orderBy)
        .limit(page.limit),
    toItem: (row) => ({
      _id: row.id,
      name: row.name,
      email: row.email,
      role: row.role === 'admin' ? 'admin' : null,
      emailVerified: row.emailVerified,
      createdAt: row.createdAt.toISOString(),
    }),
  });
}

/** Makes the account of this e-mail an admin, unless it is one already or there is none. */
export async function grantAdmin(
  tx: Db | Tx,
  email: string,
): Promise<'granted' | 'already-admin' | 'unknown'> {
  const [row] = await tx
    .update(users)
    .set({ role: 'admin', updatedAt: new Date() })
    .where(and(byEmail(email), or(isNull(users.role), ne(users.role, 'admin'))))
    .returning({ id: users.id });
  if (row) return 'granted';
  return (await findUserByEmail(tx, email)) ? 'already-admin' : 'unknown';
}

/**
 * For removing an account, inside the caller's transaction: the account of this e-mail and the
 * number of admins, with every admin row locked, so two admins removing each other at the same
 * time cannot leave the shop without one.
 */
export async function accountForRemoval(
  tx: Tx,
  email: string,
): Promise<{ account: AccountSummary & { admin: boolean }; admins: number } | undefined> {
  const admins = await tx
    .select({ id: users.id })
    .from(users)
    .where(eq(users.role, 'admin'))
    .for('update');
  const [row] = await tx.select().from(users).where(byEmail(email)).for('update');
  if (!row) return undefined;
  return { account: { ...summary(row), admin: row.role === 'admin' }, admins: admins.length };
}

/**
 * Deletes an account inside the caller's transaction: its sessions end first, then the row goes
 * (credentials, identities, sessions and e-mail links cascade). Returns the number of rows deleted.
 */
export async function deleteAccount(
  ctx: Pick<AccountsContext, 'db' | 'now'>,
  tx: Tx,
  userId: string,
): Promise<number> {
  await endAllSessions(ctx, userId, tx);
  const deleted = await tx.delete(users).where(eq(users.id, userId)).returning({ id: users.id });
  return deleted.length;
}

/**
 * For the statement that places an order (a common table expression, `admitted`, as the
 * catalogue's `reserveStock` is): the customer's id if their address is verified and they hold
 * fewer than `limit` unpaid orders, else nothing. It locks the customer's row until the statement
 * ends, and PostgreSQL re-checks the condition on the row as the previous holder committed it, so
 * parallel placements by one customer take turns and each sees the orders placed before it
 * (`unpaid_orders` is kept by a trigger on orders). `whyNotAdmitted` says why nothing came back.
 */
export function admitOrder(db: Db | Tx, userId: Placeholder, limit: Placeholder) {
  return db.$with('admitted').as(
    db
      .update(users)
      .set({ unpaidOrders: sql`${users.unpaidOrders}` })
      .where(
        and(eq(users.id, userId), eq(users.emailVerified, true), lt(users.unpaidOrders, limit)),
      )
      .returning({ id: users.id }),
  );
}

/**
 * A customer whose address is proven, by id (an SQL value), as a common table expression
 * (`id`, `email`, `name`; no row for an admin, an unverified address or nobody): who an API key
 * acts for (issue 19).
 */
export function verifiedCustomerCte(db: Db | Tx, userId: SQLWrapper) {
  return db.$with('customer').as(
    db
      .select({
        id: sql<string>`${users.id}`.as('customer_id'),
        email: sql<string>`${users.email}`.as('customer_email'),
        name: sql<string>`${users.name}`.as('customer_name'),
      })
      .from(users)
      .where(and(eq(users.id, sql`${userId}`), eq(users.emailVerified, true), isNull(users.role))),
  );
}

/**
 * Locks a customer's row until the caller's transaction ends, so that what they add one at a
 * time against a cap (API keys, webhooks) takes turns and each counts the ones before it.
 */
export async function lockAccount(tx: Tx, userId: string): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('no key update');
}

/** What decides whether a customer may order now (`admissionOf`); null for nobody. */
export type Admission = { verified: boolean; held: number } | null;

/**
 * Whether the customer `userId` names may order now, as one SQL value (JSON, an `Admission`) for
 * a use case's statement: it locks their row until the transaction ends, so that parallel
 * checkouts by one customer take turns and each sees the orders placed before it
 * (`unpaid_orders` is kept by a trigger on orders). FOR NO KEY UPDATE leaves the key-share locks
 * of their other rows' foreign keys free: putting a part in their cart meanwhile does not wait.
 * `refusalOf` reads it.
 */
export function admissionOf(userId: SQLWrapper): SQL {
  return sql`(select json_build_object('verified', ${users.emailVerified}, 'held', ${users.unpaidOrders})
    from ${users} where ${users.id} = ${userId} for no key update)`;
}

/** Why an admission refuses an order: 'unverified', 'held' (`limit` unpaid orders), or null. */
export function refusalOf(admission: Admission, limit: number): 'unverified' | 'held' | null {
  if (!admission?.verified) return 'unverified';
  return admission.held >= limit ? 'held' : null;
}

/** Why `admitOrder` admitted nothing: 'unverified', 'held' (the cap), or null (it would now). */
export async function whyNotAdmitted(
  db: Db,
  userId: string,
  limit: number,
): Promise<'unverified' | 'held' | null> {
  const [row] = await db
    .select({ verified: users.emailVerified, held: users.unpaidOrders })
    .from(users)
    .where(eq(users.id, userId));
  return refusalOf(row ?? null, limit);
}

/** The admins' addresses (the back office's mail: issue 33 #4's low stock). */
export async function adminAddresses(db: Db | Tx): Promise<{ email: string; name: string }[]> {
  return db
    .select({ email: users.email, name: users.name })
    .from(users)
    .where(eq(users.role, 'admin'))
    .orderBy(users.email);
}
