// @vitest-environment happy-dom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { COMPLETE_HOLD_MS, QueryState } from './query-state';

const query = (data: string | undefined, error: unknown = null) => ({
  data,
  error,
  isPending: data === undefined && !error,
  isError: Boolean(error),
  refetch: vi.fn(),
});

const view = (q: ReturnType<typeof query>) => (
  <QueryState query={q} what="the thing">
    {(d) => <p>data: {d}</p>}
  </QueryState>
);

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('QueryState', () => {
  it('creeps, then shows the bar complete for a moment, then the data', async () => {
    const { rerender } = render(view(query(undefined)));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(60_000);
    });
    const bar = screen.getByRole('progressbar', { name: 'Loading data' });
    expect(bar.getAttribute('aria-valuenow')).toBe('90');
    rerender(view(query('ready')));
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('100');
    expect(screen.queryByText('data: ready')).toBeNull();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(COMPLETE_HOLD_MS);
    });
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(screen.getByText('data: ready')).toBeTruthy();
  });

  it('shows data that is already there at once', () => {
    render(view(query('cached')));
    expect(screen.getByText('data: cached')).toBeTruthy();
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it('shows what failed with a Retry', () => {
    const failed = query(undefined, new Error('Could not reach the server.'));
    render(view(failed));
    expect(screen.getByRole('alert').textContent).toContain('Could not load the thing');
    expect(screen.getByRole('alert').textContent).toContain('Could not reach the server.');
    act(() => screen.getByRole('button', { name: 'Retry' }).click());
    expect(failed.refetch).toHaveBeenCalledTimes(1);
  });
});
