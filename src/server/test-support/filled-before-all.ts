import { beforeAll } from 'vitest';

/**
 * An object the tests around the call (a file or a describe) can name at once, filled with what
 * `build` gives in a beforeAll: read its fields in hooks and tests, never while the file loads.
 */
export function filledBeforeAll<T extends object>(build: () => Promise<T> | T): T {
  const filled = {} as T;
  beforeAll(async () => {
    Object.assign(filled, await build());
  });
  return filled;
}
