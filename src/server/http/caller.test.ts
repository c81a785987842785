import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { Principal } from '../plugins/access-control';
import { companyCallerOf, signedInOf } from './caller';

const person: Principal = {
  userId: 'u1',
  email: 'a@example.com',
  name: 'A',
  sessionId: 's1',
  holderId: null,
  organizationId: null,
  timeZone: 'UTC',
  role: null,
  via: 'cookie',
};
const requestOf = (principal: Principal | null) => ({ principal }) as FastifyRequest;

describe('the caller accessors', () => {
  it('a signed-in accessor refuses a request without a caller (a route mounted too low)', () => {
    expect(() => signedInOf(requestOf(null))).toThrow(
      expect.objectContaining({ code: 'AUTH.UNAUTHENTICATED' }),
    );
    expect(signedInOf(requestOf(person)).userId).toBe('u1');
  });

  it('a company accessor refuses a login of no company, and gives the company of one', () => {
    expect(() => companyCallerOf(requestOf(person))).toThrow(
      expect.objectContaining({ code: 'AUTH.FORBIDDEN' }),
    );
    const member = { ...person, organizationId: 'o1', role: 'shareholder' as const };
    expect(companyCallerOf(requestOf(member)).organizationId).toBe('o1');
  });
});
