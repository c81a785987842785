import { zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { unpackedSize, zipEntries } from './zip-entries';

describe('zipEntries', () => {
  it('lists each entry with what it unpacks to, from the directory alone', () => {
    const zip = zipSync({
      'a.json': new Uint8Array(10),
      'dir/b.txt': [new Uint8Array(5_000_000), { level: 9 }],
    });
    expect(zip.length).toBeLessThan(50_000);
    const entries = zipEntries(zip);
    expect(entries).toEqual([
      { name: 'a.json', originalSize: 10 },
      { name: 'dir/b.txt', originalSize: 5_000_000 },
    ]);
    expect(unpackedSize(entries)).toBe(5_000_010);
  });

  it('throws on bytes that are not a zip', () => {
    expect(() => zipEntries(new TextEncoder().encode('name,shares\n'))).toThrow();
  });
});
