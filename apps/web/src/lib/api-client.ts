/**
 * The one fetch wrapper: base `/api`, bearer header from localStorage["access-token"],
 * JSON in and out, error replies turned into ApiError, and replies typed with the contract.
 *
 * Replies are typed, not parsed again here: the server parses every reply with the contract's
 * schema before it leaves (its serializer refuses one that does not match), and leaving zod out
 * of this module keeps it off every page that has no form (docs/decisions/008).
 *
 * It also owns the session's access token and the 401/403 policy (SPEC §4, §8): a bearer call
 * answered 401 refreshes the token once (through the httpOnly refresh cookie) and retries; if that
 * fails the session has ended. What a 401/403 does beyond that is the caller's choice (`onDenied`).
 */
import type { tokenReply } from '@axle/contract';
import { REFRESH_AHEAD_SECONDS } from '@axle/contract/session';
import type { z } from 'zod';

export const TOKEN_KEY = 'access-token';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/**
 * What a 401 or 403 answer means for this call, beyond the one refresh-and-retry:
 * - 'signOut': sign the user out and go to / (user sync, own orders);
 * - 'home': go to / (order fetch, make admin; the caller shows its own toast).
 */
export type OnDenied = 'signOut' | 'home';

type Options = {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Sent as JSON; a Blob (a picture to upload) is sent as it is, with its own content type. */
  body?: unknown;
  query?: Record<string, string | number | undefined>;
  signal?: AbortSignal;
  /** Send the stored access token (default). Sign-in calls and the like go without it. */
  bearer?: boolean;
  onDenied?: OnDenied;
  /** The version of what an edit was made from (`If-Match`), so that a stale edit is refused. */
  ifMatch?: string;
  /** 'file': the reply is a file to save (an export), read as a Blob rather than JSON. */
  reply?: 'json' | 'file';
  /**
   * The attempt this call belongs to (`Idempotency-Key`): the server answers a retry of the same
   * attempt with the first reply instead of doing the work again (`useIdempotentMutation`).
   */
  idempotencyKey?: string;
};

export type ApiResult<T> = { data: T; headers: Headers };

/**
 * What the session did: a new access token was stored (here or in another tab), the session
 * ended (`revoke`: also end it on the server; `goHome`: leave the page for /), or a call was
 * denied and the page should go to /.
 */
export type SessionEvent =
  | { type: 'token'; otherTab: boolean }
  | { type: 'ended'; revoke: boolean; goHome: boolean }
  | { type: 'denied' };

const listeners = new Set<(event: SessionEvent) => void>();

function emit(event: SessionEvent) {
  for (const listener of [...listeners]) listener(event);
}

let watchingOtherTabs = false;

/** Listens to the session; returns the function that stops listening. */
export function onSessionEvent(listener: (event: SessionEvent) => void): () => void {
  if (!watchingOtherTabs && typeof window !== 'undefined') {
    watchingOtherTabs = true;
    // Tabs share the token: one that signs out or refreshes tells the others through storage.
    window.addEventListener('storage', (event) => {
      if (event.key !== TOKEN_KEY && event.key !== null) return;
      if (storedToken() === null) emit({ type: 'ended', revoke: false, goHome: false });
      else emit({ type: 'token', otherTab: true });
    });
  }
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function storedToken(): string | null {
  try {
    return localStorage.getItem(TOKEN_KEY);
  } catch {
    return null;
  }
}

/** The server's clock minus ours, learnt from the `iat` of each token the server hands this tab. */
let skewSeconds = 0;

/** Keeps a token the server just issued (sign-in, refresh, user sync) for every tab. */
export function storeToken(token: string): void {
  const iat = tokenClaims(token)?.iat;
  if (typeof iat === 'number') skewSeconds = iat - Date.now() / 1000;
  localStorage.setItem(TOKEN_KEY, token);
  emit({ type: 'token', otherTab: false });
}

/** Removes the access token and tells the listeners (the AuthProvider clears the user). */
export function endSession({ revoke = false, goHome = false } = {}): void {
  localStorage.removeItem(TOKEN_KEY);
  emit({ type: 'ended', revoke, goHome });
}

/** The claims of a JWT's payload (read, not verified: the server does that). */
function tokenClaims(token: string): { exp?: unknown; iat?: unknown } | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const claims: unknown = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/')));
    return typeof claims === 'object' && claims !== null ? claims : null;
  } catch {
    return null;
  }
}

/**
 * Seconds until a token expires, by the server's clock (a computer whose clock is off would
 * otherwise refresh over and over, or too late); null when it carries no expiry.
 */
export function secondsLeft(token: string): number | null {
  const exp = tokenClaims(token)?.exp;
  return typeof exp === 'number' ? exp - (Date.now() / 1000 + skewSeconds) : null;
}

/** Whether a token still has more than the refresh margin to live. */
export function isFresh(token: string): boolean {
  const left = secondsLeft(token);
  return left !== null && left > REFRESH_AHEAD_SECONDS;
}

async function fail(response: Response): Promise<never> {
  const payload: unknown = await response.json().catch(() => null);
  const error = (payload as { error?: { code?: string; message?: string } } | null)?.error;
  throw new ApiError(
    response.status,
    error?.code ?? 'http_error',
    error?.message ?? `Request failed (${response.status})`,
  );
}

async function postRefresh(seen: string | null): Promise<string> {
  // Another tab may have refreshed while this one waited for the lock: its token is newer than
  // the one this tab saw, and the cookie it was given has replaced ours, so use it.
  const current = storedToken();
  if (current !== null && current !== seen && isFresh(current)) return current;
  const response = await fetch('/api/auth/refresh', {
    method: 'POST',
    headers: { accept: 'application/json' },
    credentials: 'same-origin',
  });
  if (response.status === 401) {
    endSession();
    return fail(response);
  }
  if (!response.ok) return fail(response);
  const { token } = await replyBody<z.infer<typeof tokenReply>>(response);
  storeToken(token);
  return token;
}

let refreshing: Promise<string> | null = null;

/**
 * A new access token through the refresh cookie. `seen` is the token the caller found wanting
 * (null: none). Calls in this tab share one request; tabs take turns through a Web Lock, because
 * the server ends the whole session when a refresh cookie that was already rotated comes back.
 * Throws ApiError 401 (after ending the session locally) when there is no session.
 */
export function refreshAccessToken(seen: string | null): Promise<string> {
  if (refreshing) return refreshing;
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  const run = locks
    ? locks.request('axle-token-refresh', () => postRefresh(seen))
    : postRefresh(seen);
  refreshing = run.finally(() => {
    refreshing = null;
  });
  return refreshing;
}

async function send(url: URL, options: Options, token: string | null): Promise<Response> {
  const headers: Record<string, string> = {
    accept: options.reply === 'file' ? '*/*' : 'application/json',
  };
  if (token) headers.authorization = `Bearer ${token}`;
  if (options.ifMatch) headers['if-match'] = `"${options.ifMatch}"`;
  if (options.idempotencyKey) headers['idempotency-key'] = options.idempotencyKey;
  const { body } = options;
  // A file (an uploaded picture) goes as it is, with its own type; anything else as JSON.
  const file = body instanceof Blob;
  if (body !== undefined) headers['content-type'] = file ? body.type : 'application/json';
  return fetch(url, {
    method: options.method ?? 'GET',
    headers,
    body: body === undefined ? undefined : file ? body : JSON.stringify(body),
    signal: options.signal,
  });
}

/**
 * The JSON of a successful reply, typed as the contract says the call answers (null for 204). A
 * reply that is not JSON (a proxy's error page, say) is an ApiError, like any failed call.
 */
async function replyBody<T>(response: Response): Promise<T> {
  if (response.status === 204) return null as T;
  try {
    return (await response.json()) as T;
  } catch {
    throw new ApiError(
      response.status,
      'invalid_reply',
      'The server sent a reply that is not JSON',
    );
  }
}

/** Calls the API; `T` is the reply's type from the contract (`Reply<typeof schema>`). */
export async function apiRequest<T>(path: string, options: Options = {}): Promise<ApiResult<T>> {
  const url = new URL(`/api${path}`, window.location.origin);
  for (const [key, value] of Object.entries(options.query ?? {})) {
    if (value !== undefined && value !== '') url.searchParams.set(key, String(value));
  }
  const token = options.bearer === false ? null : storedToken();
  let response = await send(url, options, token);

  if (response.status === 401 && token) {
    let fresh: string | null = null;
    try {
      fresh = await refreshAccessToken(token);
    } catch (error) {
      // No session any more (already ended by the refresh) or no answer: report the 401.
      if (!(error instanceof ApiError)) throw error;
    }
    if (fresh) response = await send(url, options, fresh);
  }

  const denied = response.status === 401 || response.status === 403;
  if (denied && options.onDenied === 'signOut') {
    endSession({ revoke: true, goHome: true });
  } else {
    // Still 401 with a token after the one refresh: this browser's session is over.
    if (response.status === 401 && token && storedToken() !== null) endSession();
    if (denied && options.onDenied === 'home') emit({ type: 'denied' });
  }

  if (!response.ok) return fail(response);
  const data =
    options.reply === 'file' ? ((await response.blob()) as T) : await replyBody<T>(response);
  return { data, headers: response.headers };
}

/** `apiRequest` when only the reply's body matters. */
export async function api<T>(path: string, options?: Options): Promise<T> {
  return (await apiRequest<T>(path, options)).data;
}
