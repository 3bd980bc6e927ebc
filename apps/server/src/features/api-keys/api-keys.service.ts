import { createHash, randomBytes } from 'node:crypto';
import {
  API_KEY_PREFIX,
  API_KEYS_MAX,
  type ApiKey,
  type ApiKeyScope,
  type CreatedApiKey,
} from '@axle/contract';
import { and, count, desc, eq, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { RequestUser } from '../../domain/caller.ts';
import { Conflict, Forbidden, NotFound } from '../../domain/errors.ts';
import { lockAccount, verifiedCustomerCte } from '../accounts/accounts.service.ts';
import { isOwnerOf, membershipOf } from '../companies/companies.service.ts';
import { apiKeys } from './api-keys.table.ts';

// API keys (issue 19 #3): a customer's purchasing system calls the API with a key of its own
// instead of a person's 15-minute session. A key acts as the customer who made it, only on the
// calls its scopes allow (http/access.ts), and stops at once when revoked.

/** Who may hold keys and webhooks: a customer on their own, or an owner for their company. */
export const integrationsRefusals = {
  admins: 'API keys and webhooks are for customers; an admin works in the admin area',
  buyers: "Only the company's owners can set up API keys and webhooks",
} as const;

/**
 * The company a customer's key or webhook is for (null: their own), or a 403: admins do not get
 * keys, and in a company only an owner sets up what acts for it.
 */
export async function integrationOwner(db: Db, caller: RequestUser): Promise<string | null> {
  if (caller.role === 'admin') throw new Forbidden(integrationsRefusals.admins);
  const membership = await membershipOf(db, caller.id);
  if (membership && membership.role !== 'owner') throw new Forbidden(integrationsRefusals.buyers);
  return membership?.companyId ?? null;
}

const hashKey = (key: string) => createHash('sha256').update(key).digest('hex');
/** How much of a key is kept in the clear to recognise it by: `axk_` and six characters. */
const START_LENGTH = API_KEY_PREFIX.length + 6;

export async function createApiKey(
  db: Db,
  caller: RequestUser,
  input: { name: string; scopes: ApiKeyScope[] },
): Promise<CreatedApiKey> {
  const companyId = await integrationOwner(db, caller);
  const key = `${API_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
  return db.transaction(async (tx) => {
    // The customer's row is locked, so two keys made at once both count the other.
    await lockAccount(tx, caller.id);
    const [held] = await tx
      .select({ n: count() })
      .from(apiKeys)
      .where(and(eq(apiKeys.userId, caller.id), isNull(apiKeys.revokedAt)));
    if ((held?.n ?? 0) >= API_KEYS_MAX)
      throw new Conflict(`You have ${API_KEYS_MAX} API keys: revoke one to make another`);
    const [row] = await tx
      .insert(apiKeys)
      .values({
        userId: caller.id,
        companyId,
        name: input.name,
        scopes: input.scopes,
        tokenHash: hashKey(key),
        start: key.slice(0, START_LENGTH),
      })
      .returning({ id: apiKeys.id });
    if (!row) throw new Error('the new key was not returned');
    return { id: row.id, key };
  });
}

/** The caller's live keys, newest first: never the key, only how it starts. */
export async function listApiKeys(db: Db, caller: RequestUser): Promise<ApiKey[]> {
  const rows = await db
    .select()
    .from(apiKeys)
    .where(and(eq(apiKeys.userId, caller.id), isNull(apiKeys.revokedAt)))
    .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id))
    .limit(API_KEYS_MAX);
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    scopes: row.scopes as ApiKeyScope[],
    start: row.start,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  }));
}

/** Revokes one of the caller's keys; the next call with it is a 401. Another's key is a 404. */
export async function revokeApiKey(db: Db, caller: RequestUser, id: string): Promise<void> {
  const [row] = await db
    .update(apiKeys)
    .set({ revokedAt: new Date() })
    .where(and(eq(apiKeys.id, id), eq(apiKeys.userId, caller.id), isNull(apiKeys.revokedAt)))
    .returning({ id: apiKeys.id });
  if (!row) throw new NotFound('No such API key');
}

/** A key that checked out: the customer it acts for and what it may do. */
export type KeyHolder = { user: RequestUser; keyId: string; scopes: ApiKeyScope[] };

/** How stale `last_used_at` may get: a key used all day writes it once a minute, not per call. */
const LAST_USE_EVERY = sql`interval '1 minute'`;

/**
 * Checks an `axk_` key: live, its customer's address proven, and, for a company's key, its maker
 * still an owner of that company. Null for any other key. Notes the use (at most once a minute).
 */
export function apiKeyVerifier(db: Db): (key: string) => Promise<KeyHolder | null> {
  const live = db.$with('live').as(
    db
      .select({
        keyId: sql<string>`${apiKeys.id}`.as('key_id'),
        scopes: sql<string[]>`${apiKeys.scopes}`.as('scopes'),
        userId: sql<string>`${apiKeys.userId}`.as('user_id'),
      })
      .from(apiKeys)
      .where(
        and(
          eq(apiKeys.tokenHash, sql.placeholder('tokenHash')),
          isNull(apiKeys.revokedAt),
          or(isNull(apiKeys.companyId), isOwnerOf(apiKeys.userId, apiKeys.companyId)),
        ),
      ),
  );
  const customer = verifiedCustomerCte(db, sql`(select ${live.userId} from ${live})`);
  // Written only when stale, so a busy key does not write on every call.
  const touched = db
    .$with('touched')
    .as(
      db
        .update(apiKeys)
        .set({ lastUsedAt: sql`now()` })
        .where(
          sql`${apiKeys.id} = (select ${live.keyId} from ${live}) and (${apiKeys.lastUsedAt} is null or ${apiKeys.lastUsedAt} < now() - ${LAST_USE_EVERY})`,
        )
        .returning({ id: apiKeys.id }),
    );
  const check = db
    .with(live, customer, touched)
    .select({
      keyId: live.keyId,
      scopes: live.scopes,
      userId: customer.id,
      email: customer.email,
      name: customer.name,
    })
    .from(live)
    .innerJoin(customer, sql`true`)
    .prepare('live_api_key');
  return async (key) => {
    if (!key.startsWith(API_KEY_PREFIX)) return null;
    const [row] = await check.execute({ tokenHash: hashKey(key) });
    if (!row) return null;
    return {
      keyId: row.keyId,
      scopes: row.scopes as ApiKeyScope[],
      user: {
        id: row.userId,
        email: row.email,
        name: row.name,
        role: null,
        sessionId: `api-key:${row.keyId}`,
      },
    };
  };
}
