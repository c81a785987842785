import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { accessTableMarkdown } from './test-support/access-table';

const file = fileURLToPath(new URL('../../docs/access-table.md', import.meta.url));

describe('docs/access-table.md', () => {
  it('is the access policy as it is', () => {
    if (process.env.UPDATE_ACCESS_TABLE === '1') writeFileSync(file, accessTableMarkdown());
    expect(readFileSync(file, 'utf8')).toBe(accessTableMarkdown());
  });
});
