import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { shareholder } from './schema';
import { renderSql } from './sql';

const dialect = new PgDialect();
const byDialect = (statement: SQL) => {
  const query = dialect.sqlToQuery(statement);
  return { text: query.sql, values: query.params };
};

const plainValue = fc.oneof(
  fc.string(),
  fc.integer(),
  fc.double({ noNaN: true }),
  fc.boolean(),
  fc.bigInt(),
  fc.constant(null),
  fc.constant(undefined),
);

/** A value the ledger interpolates: plain, a list of plain values, or `sql.param` of either. */
const interpolated = fc.oneof(
  plainValue,
  fc.array(plainValue, { minLength: 1, maxLength: 3 }),
  fc.oneof(plainValue, fc.array(plainValue)).map((v) => sql.param(v)),
);

/** Statements as the ledger builds them: text, values and nested `sql`, joined or not. */
const { statement } = fc.letrec<{ statement: SQL }>((tie) => ({
  statement: fc.oneof(
    { depthSize: 'small' },
    fc
      .tuple(fc.string(), fc.array(fc.oneof(interpolated, tie('statement')), { maxLength: 4 }))
      .map(([text, parts]) =>
        parts.reduce<SQL>((acc, part) => sql`${acc} ${text}, ${part}`, sql.raw(text)),
      ),
    fc.array(tie('statement'), { maxLength: 4 }).map((parts) => sql`(${sql.join(parts, sql`, `)})`),
  ),
}));

describe('renderSql', () => {
  it('renders text, values and nested sql exactly as the dialect does', () => {
    fc.assert(
      fc.property(statement, (s) => {
        expect(renderSql(s)).toEqual(byDialect(s));
      }),
    );
  });

  it.each([
    ['a column', sql`select ${shareholder.name} from shareholder where id = ${'x'}`],
    ['a table', sql`select count(*) from ${shareholder} where ${1} = 1`],
    ['an identifier', sql`select ${sql.identifier('weird "name"')} where ${true}`],
    ['a placeholder', sql`select ${sql.placeholder('p')}, ${'x'}`],
    ['a list holding a column', sql`select 1 where id in ${['a', shareholder.id]}`],
    ['inlined values', sql`select ${"it's"}, ${3}`.inlineParams()],
    [
      'a nested statement with a column',
      sql`with a as (${sql`select ${shareholder.id}`}) select ${1}`,
    ],
  ])('renders a statement with %s as the dialect does', (_, s) => {
    expect(renderSql(s)).toEqual(byDialect(s));
  });

  it('numbers the values of a nested statement in order', () => {
    const inner = sql`b = ${'two'} and c = ${3}`;
    expect(renderSql(sql`select ${'one'} where ${inner} and d = ${null}`)).toEqual({
      text: 'select $1 where b = $2 and c = $3 and d = $4',
      values: ['one', 'two', 3, null],
    });
  });

  it('renders a list as "(…)" and sql.param as one value, as the ledger sends them', () => {
    const statement = sql`select 1 where id in ${['a', 'b']} and parts = ${sql.param(['x', 'y'])}::text[]`;
    expect(renderSql(statement)).toEqual({
      text: 'select 1 where id in ($1, $2) and parts = $3::text[]',
      values: ['a', 'b', ['x', 'y']],
    });
  });
});
