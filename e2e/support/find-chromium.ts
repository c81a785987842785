import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';

/**
 * A Chromium with no manual step: CHROMIUM_PATH, else Debian's /usr/bin/chromium, else the one
 * shipped inside the npm package @sparticuz/chromium when it is installed. Never skipped: when
 * none is found the browser tests fail with this message.
 */
export async function findChromium(): Promise<string> {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'];
  for (const c of candidates) if (c && existsSync(c)) return c;
  try {
    const require = createRequire(import.meta.url);
    const packageName = '@sparticuz/chromium';
    require.resolve(packageName);
    const mod = (await import(packageName)) as {
      default: { executablePath(): Promise<string> };
    };
    const path = await mod.default.executablePath();
    if (existsSync(path)) return path;
  } catch {
    // not installed: fall through to the error
  }
  throw new Error(
    'No Chromium found for the browser tests. Install one with `apt-get install -y chromium` ' +
      '(Debian), or set CHROMIUM_PATH to a Chromium binary, or `npm install @sparticuz/chromium`.',
  );
}

export const chromiumFlags = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];
