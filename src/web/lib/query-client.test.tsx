// @vitest-environment happy-dom
import { act, cleanup, render, screen } from '@testing-library/react';
import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QueryState } from '../components/query-state';
import { ApiError, apiRequest, HTTP_TIMEOUT_MS } from './api-client';
import { createQueryClient, shouldRetry } from './query-client';

/** A server that never answers: the request ends only when it is aborted. */
const silentServer = vi.fn((_url: unknown, init?: RequestInit) => {
  return new Promise<Response>((_resolve, reject) => {
    init?.signal?.addEventListener('abort', () =>
      reject(new DOMException('The operation was aborted.', 'AbortError')),
    );
  });
});

function Screen() {
  const query = useQuery({ queryKey: ['slow'], queryFn: () => apiRequest<{ ok: true }>('/slow') });
  return (
    <QueryState query={query} what="the slow thing">
      {() => <p>loaded</p>}
    </QueryState>
  );
}

beforeEach(() => {
  vi.useFakeTimers();
  silentServer.mockClear();
  vi.stubGlobal('fetch', silentServer);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('the 30 s HTTP timeout (spec section 9)', () => {
  it('shows the error panel at 30 s, without a second 30 s attempt', async () => {
    render(
      <QueryClientProvider client={createQueryClient()}>
        <Screen />
      </QueryClientProvider>,
    );
    await act(async () => {
      await vi.advanceTimersByTimeAsync(HTTP_TIMEOUT_MS - 1);
    });
    expect(screen.queryByRole('progressbar')).not.toBeNull();
    expect(screen.queryByText('Could not load the slow thing')).toBeNull();
    // The abort at 30 s, then a few ms for the query to settle and React to render.
    await act(async () => {
      await vi.advanceTimersByTimeAsync(50);
    });
    expect(screen.getByText('Could not load the slow thing')).toBeTruthy();
    expect(screen.getByText('The server did not answer within 30 seconds.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(2 * HTTP_TIMEOUT_MS);
    });
    expect(silentServer).toHaveBeenCalledTimes(1);
  });
});

describe('shouldRetry', () => {
  it('never retries an ApiError, and anything else once', () => {
    for (const code of ['TIMEOUT', 'NETWORK', 'HTTP_500', 'LEDGER.NOT_FOUND'])
      expect(shouldRetry(0, new ApiError(0, code, code))).toBe(false);
    expect(shouldRetry(0, new TypeError('x is undefined'))).toBe(true);
    expect(shouldRetry(1, new TypeError('x is undefined'))).toBe(false);
  });
});
