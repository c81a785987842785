import { describe, expect, it } from 'vitest';
import { ScopeBusy, ScopeLocks } from './scope-locks';

/** A promise and the function that settles it. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
}

describe('ScopeLocks', () => {
  it('lets readers share a scope, a writer have it alone, and other scopes run meanwhile', async () => {
    const locks = new ScopeLocks();
    const order: string[] = [];
    const held = gate();
    const reader = (name: string) =>
      locks.with('org-a', 'shared', 1000, async () => {
        order.push(`${name} in`);
        await held.opened;
        order.push(`${name} out`);
      });
    const first = reader('r1');
    const second = reader('r2');
    const writer = locks.with('org-a', 'exclusive', 1000, async () => {
      order.push('w');
    });
    // A reader after a waiting writer waits too: the writer is not starved.
    const late = reader('r3');
    await locks.with('org-b', 'exclusive', 1000, async () => {
      order.push('other scope');
    });
    held.open();
    await Promise.all([first, second, writer, late]);
    expect(order).toEqual([
      'r1 in',
      'r2 in',
      'other scope',
      'r1 out',
      'r2 out',
      'w',
      'r3 in',
      'r3 out',
    ]);
  });

  it('gives up on a wait longer than asked, and lets the next waiter go first', async () => {
    const locks = new ScopeLocks();
    const held = gate();
    const writer = locks.with('org', 'exclusive', 1000, () => held.opened);
    const impatient = locks.with('org', 'exclusive', 30, async () => 'ran');
    const patient = locks.with('org', 'shared', 1000, async () => 'ran');
    await expect(impatient).rejects.toBeInstanceOf(ScopeBusy);
    held.open();
    await writer;
    expect(await patient).toBe('ran');
  });

  it('frees the scope when the work fails', async () => {
    const locks = new ScopeLocks();
    await expect(
      locks.with('org', 'exclusive', 100, () => Promise.reject(new Error('refused'))),
    ).rejects.toThrow('refused');
    expect(await locks.with('org', 'exclusive', 100, async () => 'next')).toBe('next');
  });
});
