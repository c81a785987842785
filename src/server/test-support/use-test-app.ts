import { afterAll } from 'vitest';
import { filledBeforeAll } from './filled-before-all';
import { createTestApp, type TestApp, type TestAppOptions } from './test-app';

/**
 * The app of the tests around the call (a file or a describe): built before them (with `options`,
 * or what the function gives then), closed after them.
 */
export function useTestApp(options: TestAppOptions | (() => TestAppOptions) = {}): TestApp {
  const t = filledBeforeAll(() =>
    createTestApp(typeof options === 'function' ? options() : options),
  );
  afterAll(() => t.close());
  return t;
}
