import { expect } from 'vitest';
import { injectJson } from './inject-json';
import type { TestApp } from './test-app';

/** GET `url` from the test app as the caller of `headers`: expects 200, and reads the body. */
export async function getParsed<T>(
  t: TestApp,
  url: string,
  headers: Record<string, string>,
  schema: { parse(body: unknown): T },
): Promise<T> {
  const res = await injectJson(t, 'GET', url, headers);
  expect(res.statusCode).toBe(200);
  return schema.parse(res.json());
}
