import { afterAll } from 'vitest';
import { filledBeforeAll } from './filled-before-all';

/** A local server for the tests around the call: started before them, closed after them. */
export function useTestServer<S extends { close(): Promise<void> }>(start: () => Promise<S>): S {
  const server = filledBeforeAll(start);
  afterAll(() => server.close());
  return server;
}
