import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { serializerCompiler } from './serializer-compiler';

const serialize = (schema: z.ZodType, data: unknown) =>
  serializerCompiler({ schema, method: 'GET', url: '/x', httpStatus: '200' })(data);

describe('serializerCompiler', () => {
  const holder = z.object({
    id: z.string().uuid(),
    name: z.string(),
    email: z.string().nullable(),
    balance: z.string(),
    history: z.array(z.object({ shares: z.string(), origin: z.string().nullable() })),
  });

  it('writes only the declared properties, at every depth', () => {
    const text = serialize(holder, {
      id: '6c27c417-acbf-4404-9172-d5826c779f0b',
      name: 'Łukasz Żółć',
      email: null,
      balance: '10.50',
      passwordHash: '$argon2id$secret',
      history: [{ shares: '-1.00', origin: 'CS-1', token: 'leak' }],
    });
    expect(JSON.parse(text)).toEqual({
      id: '6c27c417-acbf-4404-9172-d5826c779f0b',
      name: 'Łukasz Żółć',
      email: null,
      balance: '10.50',
      history: [{ shares: '-1.00', origin: 'CS-1' }],
    });
    expect(text).not.toMatch(/argon2id|leak/);
  });

  it('refuses an answer that lacks a required property', () => {
    expect(() => serialize(z.object({ code: z.string(), message: z.string() }), {})).toThrow(
      /required/,
    );
  });

  it('keeps unions, records and open values as they are', () => {
    const schema = z.object({
      kind: z.union([z.literal('a'), z.literal('b')]),
      counts: z.record(z.string(), z.number()),
      before: z.unknown(),
    });
    const data = { kind: 'b', counts: { x: 1 }, before: { nested: [1, 'two', null] } };
    expect(JSON.parse(serialize(schema, data))).toEqual(data);
  });
});
