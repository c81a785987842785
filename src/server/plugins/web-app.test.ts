import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-support/test-app';

let t: TestApp;
const script = `export const big = ${JSON.stringify('registry '.repeat(500))};\n`;

beforeAll(async () => {
  const webDir = mkdtempSync(join(tmpdir(), 'registry-web-'));
  mkdirSync(join(webDir, 'assets'));
  writeFileSync(join(webDir, 'index.html'), '<!doctype html><div id="root"></div>');
  const file = join(webDir, 'assets', 'index-abc123.js');
  writeFileSync(file, script);
  writeFileSync(`${file}.gz`, gzipSync(script));
  writeFileSync(`${file}.br`, brotliCompressSync(script));
  writeFileSync(join(webDir, 'assets', 'plain-abc123.js'), 'void 0;');
  t = await createTestApp({ webDir });
});
afterAll(() => t.close());

const get = (url: string, acceptEncoding?: string) =>
  t.app.inject({
    method: 'GET',
    url,
    headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {},
  });

describe('precompressed assets', () => {
  it('sends the brotli copy to a browser that accepts it', async () => {
    const res = await get('/assets/index-abc123.js', 'gzip, deflate, br');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.rawPayload.length).toBeLessThan(script.length / 10);
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(script);
  });

  it('sends the gzip copy when only gzip is accepted', async () => {
    const res = await get('/assets/index-abc123.js', 'gzip');
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(res.rawPayload).toString()).toBe(script);
  });

  it('sends the file itself without Accept-Encoding, or when there is no copy', async () => {
    const plain = await get('/assets/index-abc123.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
    const small = await get('/assets/plain-abc123.js', 'br, gzip');
    expect(small.statusCode).toBe(200);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.body).toBe('void 0;');
  });
});
