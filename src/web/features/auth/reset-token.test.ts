// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { captureResetToken } from './reset-token';

describe('captureResetToken (RST-07)', () => {
  it('leaves other pages alone', () => {
    window.history.replaceState(null, '', '/login?token=not-a-reset-token');
    expect(captureResetToken()).toBeNull();
    expect(window.location.search).toBe('?token=not-a-reset-token');
  });

  it('removes the token from the address at once and keeps it in memory', () => {
    window.history.replaceState(null, '', '/reset-password?token=tok_123-abc');
    expect(captureResetToken()).toBe('tok_123-abc');
    expect(window.location.pathname + window.location.search).toBe('/reset-password');
    // Read again (React may call the page's initializer twice): still there.
    expect(captureResetToken()).toBe('tok_123-abc');
  });
});
