import { describe, expect, it } from 'vitest';
import { fileSlug } from './file-slug';

describe('fileSlug', () => {
  it.each([
    ['Łukasz Żółć', 'lukasz-zolc'],
    ['Acme Holdings, Inc.', 'acme-holdings-inc'],
    ['Ünïcode  & Co., S.A.', 'unicode-and-co-sa'],
    ['Straße Øresund Æble', 'strasse-oresund-aeble'],
    ['  --Spaces--  ', 'spaces'],
  ])('%s → %s', (text, slug) => {
    expect(fileSlug(text, 'x')).toBe(slug);
  });

  it('keeps at most 60 characters, never ending on a hyphen, and falls back when nothing is left', () => {
    const long = fileSlug(`${'a'.repeat(59)} b`, 'x');
    expect(long).toBe('a'.repeat(59));
    expect(fileSlug('***', 'company')).toBe('company');
    expect(fileSlug('山田 太郎', 'holder')).toBe('holder');
  });
});
