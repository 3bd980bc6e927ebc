import type { ApiKeyScope } from '@axle/contract';

/**
 * Who may make a call: its route's `schema.security`, as OpenAPI writes it. The document shows
 * it, and the API key check (http/auth.ts) reads the same value: a key is accepted only by a
 * call whose security names `apiKey` with one of the key's scopes. Admin calls check the role in
 * their own hook (`requireAdmin`) besides.
 */
type Security = Array<Record<string, string[]>>;

/** Anyone, without a token; an API key sent to it is refused. */
export const publicCall: Security = [];

/** Anyone; an API key sent to it must have the scope (a key's reads are counted and logged). */
export const publicOrKey = (scope: ApiKeyScope): Security => [{}, { apiKey: [scope] }];

/** A person's session only (accounts, company membership, admin): API keys are refused. */
export const signedIn: Security = [{ bearerAuth: [] }];

/** A person's session, or an API key with the scope. */
export const signedInOrKey = (scope: ApiKeyScope): Security => [
  { bearerAuth: [] },
  { apiKey: [scope] },
];

/** The scope a route's security lets a key use, or null when keys are refused there. */
export function keyScopeOf(security: unknown): ApiKeyScope | null {
  if (!Array.isArray(security)) return null;
  for (const requirement of security as Security) {
    const scopes = requirement.apiKey;
    if (scopes?.[0]) return scopes[0] as ApiKeyScope;
  }
  return null;
}
