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
 * One call with the session cookie that gives up after 30 s (the timer covers reading the body
 * too). Non-2xx answers throw an ApiError carrying the server's code and field; `read` turns a
 * 2xx response into the result.
 */
async function call<T>(
  path: string,
  opts: RequestOptions,
  accept: string,
  read: (res: Response) => Promise<T>,
): Promise<T> {
  const url = new URL(path, window.location.origin);
  for (const [k, v] of Object.entries(opts.query ?? {}))
    if (v !== undefined && v !== '') url.searchParams.set(k, String(v));
  // A plain timer rather than AbortSignal.timeout, so tests can drive it with a fake clock.
  const timeout = new AbortController();
  const timer = setTimeout(() => timeout.abort(), HTTP_TIMEOUT_MS);
  const signal = opts.signal ? AbortSignal.any([opts.signal, timeout.signal]) : timeout.signal;
  // A FormData body (a file upload) goes as multipart/form-data, its boundary set by the browser.
  const form = opts.body instanceof FormData ? opts.body : undefined;
  const json = opts.body !== undefined && !form;
  try {
    const res = await fetch(url, {
      method: opts.method ?? 'GET',
      credentials: 'include',
      headers: {
        Accept: accept,
        ...(json ? { 'Content-Type': 'application/json' } : {}),
        ...opts.headers,
      },
      body: form ?? (json ? JSON.stringify(opts.body) : undefined),
      signal,
    });
    if (!res.ok) {
      const text = await res.text();
      const err = ((text ? safeJson(text) : undefined) ?? {}) as Partial<ErrorBody>;
      throw new ApiError(
        res.status,
        err.code ?? `HTTP_${res.status}`,
        err.message ?? `The request failed (${res.status}).`,
        err.field,
        err.details,
      );
    }
    return await read(res);
  } catch (e) {
    if (e instanceof ApiError) throw e;
    if (timeout.signal.aborted)
      throw new ApiError(0, 'TIMEOUT', 'The server did not answer within 30 seconds.');
    if (opts.signal?.aborted) throw e;
    throw new ApiError(
      0,
      'NETWORK',
      'Could not reach the server. Check your connection and try again.',
    );
  } finally {
    clearTimeout(timer);
  }
}

/** JSON over fetch with the session cookie; gives up after 30 s. */
export function apiRequest<T>(path: string, opts: RequestOptions = {}): Promise<T> {
  return call(path, opts, 'application/json', async (res) => {
    const text = await res.text();
    return (text ? safeJson(text) : undefined) as T;
  });
}

/** A file download (the statement PDF) with the file name the server gave it. */
export function apiDownload(
  path: string,
  opts: RequestOptions = {},
): Promise<{ blob: Blob; fileName: string | null }> {
  return call(path, opts, '*/*', async (res) => {
    const disposition = res.headers.get('content-disposition') ?? '';
    const fileName = /filename="([^"]+)"/.exec(disposition)?.[1] ?? null;
    return { blob: await res.blob(), fileName };
  });
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
