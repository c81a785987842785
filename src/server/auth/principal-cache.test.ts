import { describe, expect, it } from 'vitest';
import type { Principal } from '../plugins/access-control';
import { PrincipalCache } from './principal-cache';

const principal = (userId: string): Principal => ({
  userId,
  email: `${userId}@example.test`,
  name: userId,
  sessionId: `s-${userId}`,
  holderId: `h-${userId}`,
  organizationId: 'org',
  timeZone: 'America/New_York',
  role: 'administrator',
  via: 'cookie',
});

/** A listening cache holding ann's and bob's sessions, stored at t = 0 and valid for an hour. */
function filled() {
  const cache = new PrincipalCache(10_000);
  cache.setListening(true);
  for (const who of ['ann', 'bob'])
    cache.remember(`cookie:${who}`, principal(who), 3_600_000, cache.generation, 0);
  return cache;
}

describe('PrincipalCache', () => {
  it('answers a remembered session until its maximum age', () => {
    const cache = filled();
    expect(cache.recall('cookie:ann', 9_999)).toEqual(principal('ann'));
    expect(cache.recall('cookie:ann', 10_000)).toBeUndefined();
  });

  it('never past the session’s own expiry', () => {
    const cache = filled();
    cache.remember('cookie:cy', principal('cy'), 500, cache.generation, 0);
    expect(cache.recall('cookie:cy', 499)).toBeDefined();
    expect(cache.recall('cookie:cy', 500)).toBeUndefined();
  });

  it('forgets one user on a user notice, everyone on any other', () => {
    const cache = filled();
    cache.notice('user:ann');
    expect(cache.recall('cookie:ann', 1)).toBeUndefined();
    expect(cache.recall('cookie:bob', 1)).toBeDefined();
    cache.notice('');
    expect(cache.recall('cookie:bob', 1)).toBeUndefined();
  });

  it('does not store an answer read before a forgetting', () => {
    const cache = filled();
    const before = cache.generation;
    cache.notice('user:someone-else');
    cache.remember('cookie:cy', principal('cy'), 3_600_000, before, 0);
    expect(cache.recall('cookie:cy', 1)).toBeUndefined();
  });

  it('remembers and answers nothing while the notifications are not heard', () => {
    const cache = filled();
    cache.setListening(false);
    expect(cache.recall('cookie:ann', 1)).toBeUndefined();
    cache.remember('cookie:ann', principal('ann'), 3_600_000, cache.generation, 0);
    expect(cache.recall('cookie:ann', 1)).toBeUndefined();
    cache.setListening(true);
    expect(cache.recall('cookie:ann', 1)).toBeUndefined();
  });

  it('hands out copies: a request cannot change what the next one gets', () => {
    const cache = filled();
    cache.recall('cookie:ann', 1)!.role = 'shareholder';
    expect(cache.recall('cookie:ann', 1)!.role).toBe('administrator');
  });
});
