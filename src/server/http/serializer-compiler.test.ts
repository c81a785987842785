import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import fastJson from 'fast-json-stringify';
import { dataListResponse, dataRows } from '../../contract/data-api';
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

  it('writes rows of free-form scalar cells as fast-json-stringify does, with JSON.stringify', () => {
    const rows = [
      {
        id: 'c1',
        first_name: 'Zoë "Z" O\'Neil',
        amount: '12.50',
        count: 3,
        active: true,
        note: null,
      },
      { id: 'c2', 'count(*)': 7, sum_amount: '1e3 is text', '\u0000': 'x' },
    ];
    const schema = z.toJSONSchema(dataRows, { io: 'output', target: 'draft-7' });
    expect(serialize(dataRows, rows)).toBe(JSON.stringify(rows));
    expect(serialize(dataRows, rows)).toBe(fastJson(schema as never)(rows));
    // A schema that names properties still goes through fast-json-stringify and filters.
    const page = { data: rows, page: 1, pageSize: 50, total: 2, secret: 'no' };
    expect(JSON.parse(serialize(dataListResponse, page))).not.toHaveProperty('secret');
  });
});
