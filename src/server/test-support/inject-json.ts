import type { TestApp } from './test-app';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * A request to the test app with `payload`, when there is one, sent as JSON: any JSON value,
 * strings included (inject would send a string as text/plain).
 */
export const injectJson = (
  t: TestApp,
  method: Method,
  url: string,
  headers: Record<string, string>,
  payload?: unknown,
) =>
  t.app.inject({
    method,
    url,
    headers: payload === undefined ? headers : { ...headers, 'content-type': 'application/json' },
    ...(payload === undefined ? {} : { payload: JSON.stringify(payload) }),
  });
