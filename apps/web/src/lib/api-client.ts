/**
 * The one fetch wrapper: base `/api`, bearer header from localStorage["access-token"],
 * JSON in and out, error replies turned into ApiError, and replies parsed with the contract.
 */
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

type Options = {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  query?: Record<string, string | number | undefined>;
  signal?: AbortSignal;
};

export type ApiResult<T> = { data: T; headers: Headers };

export async function apiRequest<S extends z.ZodType>(
  path: string,
  schema: S,
  options: Options = {},
): Promise<ApiResult<z.infer<S>>> {
  const url = new URL(`/api${path}`, window.location.origin);
  for (const [key, value] of Object.entries(options.query ?? {})) {
    if (value !== undefined && value !== '') url.searchParams.set(key, String(value));
  }
  const headers: Record<string, string> = { accept: 'application/json' };
  const token = localStorage.getItem(TOKEN_KEY);
  if (token) headers.authorization = `Bearer ${token}`;
  if (options.body !== undefined) headers['content-type'] = 'application/json';

  const response = await fetch(url, {
    method: options.method ?? 'GET',
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    signal: options.signal,
  });
  const payload: unknown = response.status === 204 ? null : await response.json().catch(() => null);
  if (!response.ok) {
    const error = (payload as { error?: { code?: string; message?: string } } | null)?.error;
    throw new ApiError(
      response.status,
      error?.code ?? 'http_error',
      error?.message ?? `Request failed (${response.status})`,
    );
  }
  return { data: schema.parse(payload), headers: response.headers };
}

export async function api<S extends z.ZodType>(
  path: string,
  schema: S,
  options?: Options,
): Promise<z.infer<S>> {
  return (await apiRequest(path, schema, options)).data;
}
