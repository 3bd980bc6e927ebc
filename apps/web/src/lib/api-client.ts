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
 *
 * Every failure is an ApiError whose message a page may show as it is (issue 30 #3): the server's
 * own words for a refusal, and this module's for what the server could not word (no connection, a
 * proxy's error page, a crash on the server's side).
 */
import type { FieldError, tokenReply } from '@axle/contract';
import { REFRESH_AHEAD_SECONDS } from '@axle/contract/session';
import type { z } from 'zod';

export const TOKEN_KEY = 'access-token';

/** What people read when the server could not say it (or must not: a crash's details). */
export const apiErrorMessages = {
  network: 'We could not reach the shop. Check your connection and try again.',
  server: 'Something went wrong on our side. Please try again in a moment.',
  // The web sends a new key with every attempt: these say what happened, not how.
  stillWorking:
    'Your request is still being worked on. Wait a moment, then check before you try again.',
} as const;

/** Codes of failures that never came from the server's error shape. */
export const NETWORK_ERROR = 'network';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    /** With `invalid`: each refused value's path in the request body and its message. */
    readonly fields: readonly FieldError[] = [],
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

type ErrorShape = { code?: unknown; message?: unknown; fields?: unknown };

/** The shop's error shape of a reply, or null when it is not (a proxy's page, an empty body). */
async function errorOf(response: Response): Promise<ErrorShape | null> {
  const payload: unknown = await response.json().catch(() => null);
  const error = (payload as { error?: unknown } | null)?.error;
  return typeof error === 'object' && error !== null ? (error as ErrorShape) : null;
}

const isFieldError = (value: unknown): value is FieldError =>
  typeof (value as FieldError | null)?.path === 'string' &&
  typeof (value as FieldError | null)?.message === 'string';

/**
 * A failed reply as an ApiError. A 5xx, or a reply without the shop's error shape, says that the
 * fault is the shop's, whatever it carried; a refusal keeps the server's code, words and fields.
 */
function failure(status: number, error: ErrorShape | null): ApiError {
  const code = typeof error?.code === 'string' ? error.code : 'http_error';
  if (status >= 500 || typeof error?.message !== 'string')
    return new ApiError(status, code, apiErrorMessages.server);
  if (code === 'idempotency_key_in_use')
    return new ApiError(status, code, apiErrorMessages.stillWorking);
  const fields = Array.isArray(error.fields) ? error.fields.filter(isFieldError) : [];
  return new ApiError(status, code, error.message, fields);
}

async function fail(response: Response): Promise<never> {
  throw failure(response.status, await errorOf(response));
}

/**
 * `fetch`, with a request that never reached the shop (no connection, the server down, a blocked
 * request: fetch rejects with a TypeError) as an ApiError with status 0 and code `network`. An
 * abort stays an abort: the caller asked for it.
 */
async function reach(input: URL | string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(input, init);
  } catch (error) {
    if (error instanceof TypeError) throw new ApiError(0, NETWORK_ERROR, apiErrorMessages.network);
    throw error;
  }
}

async function postRefresh(seen: string | null): Promise<string> {
  // Another tab may have refreshed while this one waited for the lock: its token is newer than
  // the one this tab saw, and the cookie it was given has replaced ours, so use it.
  const current = storedToken();
  if (current !== null && current !== seen && isFresh(current)) return current;
  const response = await reach('/api/auth/refresh', {
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
  return reach(url, {
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
    throw new ApiError(response.status, 'invalid_reply', apiErrorMessages.server);
  }
}

/** The wait a reply asks for (`Retry-After` in seconds), at most 5 s: a page does not hang. */
function retryAfterMs(response: Response): number {
  const seconds = Number(response.headers.get('retry-after') ?? '1');
  return Number.isFinite(seconds) ? Math.min(Math.max(seconds, 0), 5) * 1000 : 1000;
}

/** Calls the API; `T` is the reply's type from the contract (`Reply<typeof schema>`). */
export async function apiRequest<T>(path: string, options: Options = {}): Promise<ApiResult<T>> {
  const url = new URL(`/api${path}`, window.location.origin);
  for (const [key, value] of Object.entries(options.query ?? {})) {
    if (value !== undefined && value !== '') url.searchParams.set(key, String(value));
  }
  const token = options.bearer === false ? null : storedToken();
  let sentWith = token;
  let response = await send(url, options, token);

  if (response.status === 401 && token) {
    let fresh: string | null = null;
    try {
      fresh = await refreshAccessToken(token);
    } catch (error) {
      // No session any more (already ended by the refresh): report the 401. Without a
      // connection the session may well be alive: say so instead.
      if (!(error instanceof ApiError) || error.code === NETWORK_ERROR) throw error;
    }
    if (fresh) {
      sentWith = fresh;
      response = await send(url, options, fresh);
    }
  }

  // The same attempt is still at work on the server (this is the retry of one whose reply was
  // lost): once it is done, its reply is kept for this key, so one more ask after the wait the
  // server names gets it.
  if (response.status === 409 && options.idempotencyKey) {
    const error = await errorOf(response.clone());
    if (error?.code === 'idempotency_key_in_use') {
      await new Promise((resolve) => setTimeout(resolve, retryAfterMs(response)));
      response = await send(url, options, sentWith);
    }
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
