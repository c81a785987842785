import type { ErrorBody } from '../../contract/common';

/** The spec's HTTP timeout. */
export const HTTP_TIMEOUT_MS = 30_000;

/** A failed call: `code` is the server's stable error code (or NETWORK / TIMEOUT). */
export class ApiError extends Error {
  override name = 'ApiError';
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly field?: string,
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
  }
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  query?: Record<string, string | number | undefined>;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

/** Replaces ":id"-style parameters in a contract path. */
export const pathWith = (path: string, params: Record<string, string>): string =>
  path.replace(/:(\w+)/g, (_, k: string) => encodeURIComponent(params[k] ?? ''));

/**
 * JSON over fetch with the session cookie; gives up after 30 s. Non-2xx answers throw an
 * ApiError carrying the server's code and field.
 */
export async function apiRequest<T>(path: string, opts: RequestOptions = {}): Promise<T> {
  const url = new URL(path, window.location.origin);
  for (const [k, v] of Object.entries(opts.query ?? {}))
    if (v !== undefined && v !== '') url.searchParams.set(k, String(v));
  const timeout = AbortSignal.timeout(HTTP_TIMEOUT_MS);
  const signal = opts.signal ? AbortSignal.any([opts.signal, timeout]) : timeout;
  let res: Response;
  try {
    res = await fetch(url, {
      method: opts.method ?? 'GET',
      credentials: 'include',
      headers: {
        Accept: 'application/json',
        ...(opts.body !== undefined ? { 'Content-Type': 'application/json' } : {}),
        ...opts.headers,
      },
      body: opts.body !== undefined ? JSON.stringify(opts.body) : undefined,
      signal,
    });
  } catch (e) {
    if (timeout.aborted)
      throw new ApiError(0, 'TIMEOUT', 'The server did not answer within 30 seconds.');
    if (opts.signal?.aborted) throw e;
    throw new ApiError(
      0,
      'NETWORK',
      'Could not reach the server. Check your connection and try again.',
    );
  }
  const text = await res.text();
  const data: unknown = text ? safeJson(text) : undefined;
  if (!res.ok) {
    const err = (data ?? {}) as Partial<ErrorBody>;
    throw new ApiError(
      res.status,
      err.code ?? `HTTP_${res.status}`,
      err.message ?? `The request failed (${res.status}).`,
      err.field,
      err.details,
    );
  }
  return data as T;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
