import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createApiKeyForm } from './api-keys';
import { asSentence, issueWordsFor } from './issue-words';
import { saveProfileForm } from './ledger';

const messages = (schema: z.ZodType, value: unknown, labels: Record<string, string>) =>
  Object.fromEntries(
    (schema.safeParse(value, { error: issueWordsFor(labels) }).error?.issues ?? []).map((i) => [
      i.path.join('.'),
      i.message,
    ]),
  );

const profile = {
  FullName: 'Ada',
  State: '',
  City: '',
  Address: '',
  ZipCode: '',
  Phone: '',
  CellPhone: '',
  Notes: '',
};

describe('issueWordsFor', () => {
  it('words what zod says in its own terms, with the label the person sees', () => {
    expect(
      messages(
        saveProfileForm,
        { ...profile, FullName: '  ', City: 'x'.repeat(101) },
        {
          FullName: 'Name',
          City: 'City',
        },
      ),
    ).toEqual({
      FullName: 'Name is required.',
      City: 'City can be at most 100 characters long; it has 101.',
    });
  });

  it("leaves the schema's own words alone", () => {
    expect(messages(saveProfileForm, { ...profile, ZipCode: '12#34' }, {})).toEqual({
      ZipCode: 'Zip Code accepts letters, digits, spaces and hyphens.',
    });
    expect(messages(createApiKeyForm, { name: '', scopes: [] }, { name: 'Name' })).toEqual({
      name: 'Give the key a name.',
      scopes: 'Choose at least one scope.',
    });
  });

  it('words formats, options and missing values', () => {
    const schema = z.object({
      email: z.email(),
      holder: z.uuid(),
      type: z.enum(['a', 'b']),
      when: z.iso.date(),
      count: z.string(),
    });
    expect(
      messages(
        schema,
        { email: 'nope', holder: '', type: 'c', when: '31/01/2026' },
        { email: 'E-mail', holder: 'From Shareholder', type: 'Type', when: 'Date', count: 'Count' },
      ),
    ).toEqual({
      email: 'Enter an e-mail address such as name@example.com.',
      holder: 'Choose the From Shareholder.',
      type: 'Choose one of the Type options.',
      when: 'Date: enter a date such as 2026-01-31.',
      count: 'Count is required.',
    });
  });
});

describe('asSentence', () => {
  it('makes an API fragment a sentence about the field; a sentence stays as it is', () => {
    expect(asSentence('must be a date between 1900-01-01 and 9999-12-31', 'Date')).toBe(
      'Date must be a date between 1900-01-01 and 9999-12-31.',
    );
    expect(asSentence('Zip Code accepts digits only.', 'Zip Code')).toBe(
      'Zip Code accepts digits only.',
    );
  });
});
