// @vitest-environment happy-dom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LoadingProgress, PROGRESS_CAP, nextProgress } from './loading-progress';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('nextProgress', () => {
  it('adds a random step of 1 to 10 and never passes 90', () => {
    expect(nextProgress(0, () => 0)).toBe(1);
    expect(nextProgress(0, () => 0.999)).toBe(10);
    expect(nextProgress(85, () => 0.999)).toBe(PROGRESS_CAP);
    expect(nextProgress(90, () => 0.5)).toBe(90);
  });
});

describe('LoadingProgress', () => {
  it('shows the spec texts and creeps up to 90 % every 500 ms', async () => {
    vi.useFakeTimers();
    render(<LoadingProgress />);
    expect(screen.getByText('Loading data')).toBeTruthy();
    expect(screen.getByText('This will only take a moment...')).toBeTruthy();
    const bar = screen.getByRole('progressbar', { name: 'Loading data' });
    expect(bar.getAttribute('aria-valuenow')).toBe('0');
    await act(async () => {
      vi.advanceTimersByTime(500);
    });
    const first = Number(bar.getAttribute('aria-valuenow'));
    expect(first).toBeGreaterThanOrEqual(1);
    expect(first).toBeLessThanOrEqual(10);
    await act(async () => {
      vi.advanceTimersByTime(60_000);
    });
    expect(bar.getAttribute('aria-valuenow')).toBe('90');
  });

  it('is full when complete', () => {
    render(<LoadingProgress complete />);
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('100');
  });
});
