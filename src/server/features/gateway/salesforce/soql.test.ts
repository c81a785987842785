import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { GatewayQueryBody } from '../../../../contract/gateway';
import { foldCase, parseSoql, runSoql } from '../../../test-support/soql-engine';
import { readGatewayQuery, type GatewayQuery } from '../gateway-query';
import { buildSoql, soqlEscape, soqlNumber, soqlValue } from './soql';

const soqlOf = (body: Omit<GatewayQueryBody, 'objectName'>, knownFields?: string[]) =>
  buildSoql(readGatewayQuery({ objectName: 'Contact', ...body }), knownFields);

type Row = Record<string, unknown>;

/** Runs a statement through the local server's SOQL parser over these rows: the Ids it selects. */
function selected(soql: string, rows: Row[]): unknown[] {
  const fields = new Map(
    [...new Set(rows.flatMap((r) => Object.keys(r)))].map((f) => [f.toLowerCase(), f]),
  );
  const parsed = parseSoql(
    soql,
    (name) => (name.toLowerCase() === 'contact' ? 'Contact' : undefined),
    () => fields,
  );
  return runSoql(parsed, rows).map((r) => r.Id);
}

describe('buildSoql', () => {
  it.each<[Omit<GatewayQueryBody, 'objectName'>, string]>([
    [{}, 'SELECT Id, Name FROM Contact'],
    [
      { fields: 'Id, Email', filter: 'Active__c=true', orderBy: 'Name DESC', limit: 5, offset: 10 },
      'SELECT Id, Email FROM Contact WHERE Active__c = true ORDER BY Name DESC LIMIT 5 OFFSET 10',
    ],
    [
      { filters: { Score__c: { operator: 'BETWEEN', value: [1.5, 10] }, Email: null } },
      'SELECT Id, Name FROM Contact WHERE (Score__c >= 1.5 AND Score__c <= 10) AND Email = null',
    ],
    [
      {
        filters: { Email: { operator: 'IS NOT NULL' }, Name: { operator: '<>', value: "O'Hara" } },
      },
      "SELECT Id, Name FROM Contact WHERE Email != null AND Name != 'O\\'Hara'",
    ],
    [
      { filters: { Type__c: { operator: 'IN', value: ['A', 2, true, null] } } },
      "SELECT Id, Name FROM Contact WHERE Type__c IN ('A', 2, true, null)",
    ],
    [
      { filters: { Name: { operator: 'LIKE', value: '50%_off' } } },
      "SELECT Id, Name FROM Contact WHERE Name LIKE '%50\\%\\_off%'",
    ],
    [
      {
        filters: { $or: [{ A__c: 1 }, { B__c: 2, C__c: { operator: '>=', value: 3 } }] },
        orderBy: ['Name', 'Id DESC'],
      },
      'SELECT Id, Name FROM Contact WHERE (A__c = 1 OR (B__c = 2 AND C__c >= 3)) ORDER BY Name ASC, Id DESC',
    ],
    [
      {
        filters: {
          Since__c: { operator: '>', value: '2024-01-31' },
          At__c: '2024-01-31T09:00:00Z',
        },
      },
      'SELECT Id, Name FROM Contact WHERE Since__c > 2024-01-31 AND At__c = 2024-01-31T09:00:00Z',
    ],
  ])('%o → %s', (body, soql) => {
    expect(soqlOf(body)).toBe(soql);
  });

  it('escapes every character Salesforce lists, and % and _ only in LIKE', () => {
    expect(soqlEscape('\\ \' " \n \r \t \b \f % _')).toBe('\\\\ \\\' \\" \\n \\r \\t \\b \\f % _');
    expect(soqlEscape('% _ \\', true)).toBe('\\% \\_ \\\\');
    expect(soqlValue("' OR Name != '")).toBe("'\\' OR Name != \\''");
    expect(soqlValue('2024-1-31')).toBe("'2024-1-31'");
    expect(soqlValue('2024-01-31T09:00:00')).toBe("'2024-01-31T09:00:00'");
  });

  it('writes numbers as plain decimals, never in exponent form', () => {
    expect([1e21, -2.5e-7, 1.5e-10, 123.456, -0, 1e300].map(soqlNumber)).toEqual([
      '1000000000000000000000',
      '-0.00000025',
      '0.00000000015',
      '123.456',
      '0',
      `1${'0'.repeat(300)}`,
    ]);
  });

  it('refuses a field the object does not have, naming where the request wrote it', () => {
    const known = ['Id', 'Name', 'Email'];
    expect(soqlOf({ fields: 'id,EMAIL', filters: { name: 'x' } }, known)).toContain(
      'SELECT id, EMAIL',
    );
    for (const [body, field] of [
      [{ fields: 'Id,Nope__c' }, 'fields.1'],
      [{ filters: { $or: [{ Name: 'a' }, { Nope__c: 1 }] } }, 'filters.$or.1.Nope__c'],
      [{ orderBy: 'Nope__c' }, 'orderBy.0'],
    ] as const)
      expect(() => soqlOf(body, known)).toThrow(
        expect.objectContaining({ code: 'HTTP.VALIDATION', field }),
      );
  });
});

describe('buildSoql against the local server’s SOQL parser', () => {
  const query = (field: string, operator: string, value: unknown): GatewayQuery =>
    readGatewayQuery({
      objectName: 'Contact',
      fields: ['Id'],
      filters: { [field]: { operator, value } },
    });
  const anyText = fc.oneof(
    fc.string({ maxLength: 40 }),
    fc.string({ unit: 'binary', maxLength: 20 }),
  );
  const hostile = [
    ["' OR Name != '"],
    ["\\' OR Id != null OR Name = '"],
    ['%'],
    ['_'],
    ['\\'],
    ['\\%'],
    ["') OR (Name LIKE '%"],
    ['2024-01-31'],
    ['a\nb\tc\r\b\f"'],
    ['\\u0041'],
  ];

  it('matches any text literally with =: no value becomes part of the statement', () => {
    fc.assert(
      fc.property(anyText, (text) => {
        const rows = [
          { Id: 1, Name: text },
          { Id: 2, Name: `${text}x` },
          { Id: 3, Name: "' OR Name != '" },
          { Id: 4, Name: 'other' },
        ];
        const expected = rows.filter((r) => foldCase(r.Name) === foldCase(text)).map((r) => r.Id);
        expect(selected(buildSoql(query('Name', '=', text)), rows)).toEqual(expected);
        expect(expected).toContain(1);
      }),
      { numRuns: 300, examples: hostile },
    );
  });

  it('matches any text as a literal part with LIKE, its % and _ included', () => {
    fc.assert(
      fc.property(anyText, anyText, (text, around) => {
        const rows = [
          { Id: 1, Name: `${around}${text}${around}` },
          { Id: 2, Name: around },
          { Id: 3, Name: '50% off_sale' },
          { Id: 4, Name: null },
        ];
        const expected = rows
          .filter((r) => r.Name !== null && foldCase(r.Name).includes(foldCase(text)))
          .map((r) => r.Id);
        expect(selected(buildSoql(query('Name', 'LIKE', text)), rows)).toEqual(expected);
      }),
      { numRuns: 300, examples: hostile.map(([t]) => [t, 'x']) },
    );
  });

  it('keeps every number and every IN list exactly', () => {
    fc.assert(
      fc.property(
        fc.double({ noNaN: true, noDefaultInfinity: true }),
        fc.array(fc.oneof(fc.string({ maxLength: 8 }), fc.integer()), {
          minLength: 1,
          maxLength: 5,
        }),
        (n, list) => {
          const rows = [
            { Id: 1, N__c: n, Name: String(list[0]) },
            { Id: 2, N__c: n === 1 ? 2 : 1, Name: '\u0000' },
          ];
          expect(selected(buildSoql(query('N__c', '=', n)), rows)).toEqual([1]);
          const inList = selected(buildSoql(query('Name', 'IN', list)), rows);
          // A number never equals a text: '5' IN (5) is false, as the field's type decides.
          const expected = rows.filter((r) =>
            list.some((v) => typeof v === 'string' && foldCase(v) === foldCase(r.Name)),
          );
          expect(inList).toEqual(expected.map((r) => r.Id));
        },
      ),
      { numRuns: 200 },
    );
  });
});
