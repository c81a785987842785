import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readSosl } from '../../../test-support/sosl-reader';
import { buildSosl, soslTerm } from './sosl';

const contactFields = new Map(['Id', 'Name', 'Email'].map((f) => [f.toLowerCase(), f]));
const read = (sosl: string) =>
  readSosl(sosl, (name) => (name === 'Contact' ? contactFields : undefined));

describe('buildSosl', () => {
  it('writes FIND, RETURNING and LIMIT, and pages one object in Id order with OFFSET', () => {
    expect(buildSosl('Ann', { limit: 200 })).toBe('FIND {Ann} IN ALL FIELDS LIMIT 200');
    expect(buildSosl('Ann', { objectName: 'Contact', limit: 200 })).toBe(
      'FIND {Ann} IN ALL FIELDS RETURNING Contact(Id, Name ORDER BY Id LIMIT 200)',
    );
    expect(
      buildSosl('Ann', { objectName: 'Contact', fields: ['Id', ' Email'], limit: 5, offset: 10 }),
    ).toBe('FIND {Ann} IN ALL FIELDS RETURNING Contact(Id, Email ORDER BY Id LIMIT 5 OFFSET 10)');
  });

  it('escapes each of SOSL’s reserved characters with a backslash', () => {
    const reserved = '?&|!{}[]()^~*:\\"\'+-';
    expect(soslTerm(reserved)).toBe([...reserved].map((c) => `\\${c}`).join(''));
    expect(soslTerm('plain text 50% off_sale.')).toBe('plain text 50% off_sale.');
    expect(buildSosl('a} RETURNING User(Id', { limit: 200 })).toBe(
      'FIND {a\\} RETURNING User\\(Id} IN ALL FIELDS LIMIT 200',
    );
  });

  it.each([
    [{ objectName: 'Contact) RETURNING User(Id', limit: 1 }, 'objectName'],
    [{ objectName: 'Contact', fields: ['Id', 'Name) RETURNING User(Id'], limit: 1 }, 'fields.1'],
    [{ limit: 0 }, 'limit'],
    [{ limit: 2001 }, 'limit'],
    [{ limit: 1.5 }, 'limit'],
  ])('refuses %o with 400 naming %s', (opts, field) => {
    expect(() => buildSosl('Ann', opts)).toThrow(
      expect.objectContaining({ code: 'HTTP.VALIDATION', field }),
    );
  });

  it('searches for any term as written: the local server reads it back, never as operators', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string({ minLength: 1, maxLength: 30 }),
          fc.string({ unit: 'binary', minLength: 1, maxLength: 10 }),
        ),
        (term) => {
          const parsed = read(buildSosl(term, { objectName: 'Contact', fields: ['Id'], limit: 7 }));
          expect(parsed).toMatchObject({ objectName: 'Contact', fields: ['Id'], limit: 7 });
          expect(parsed.matches(`before ${term} after`)).toBe(true);
          // Only the term itself: a wildcard left unescaped would also match its shorter tail.
          expect(parsed.matches(term.slice(1))).toBe(false);
        },
      ),
      {
        numRuns: 300,
        examples: [['*'], ['?'], ['a*b'], ['} IN ALL FIELDS'], ['\\'], ['"x" OR y']],
      },
    );
  });
});
