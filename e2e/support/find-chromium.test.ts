import { chromium } from '@playwright/test';
import { describe, expect, it } from 'vitest';
import {
  chromiumFlags,
  findBrowser,
  mergeChromiumFlags,
  NO_CHROMIUM_MESSAGE,
  type PackagedChromium,
} from './find-chromium';

const SYSTEM = ['/usr/bin/chromium', '/usr/bin/chromium-browser'];
const PACKAGED_PATH = '/tmp/chromium';

/** A file system holding exactly these paths. */
const holding =
  (...paths: string[]) =>
  (p: string) =>
    paths.includes(p);

const packaged: PackagedChromium = {
  args: [
    '--single-process',
    '--disable-features=AudioServiceOutOfProcess,IsolateOrigins',
    '--use-angle=swiftshader',
    '--disable-web-security',
    '--allow-running-insecure-content',
    "--headless='shell'",
    '--no-sandbox',
    '--no-zygote',
  ],
  executablePath: async () => PACKAGED_PATH,
};
const withPackage = async () => packaged;
const withoutPackage = async () => undefined;

describe('findBrowser', () => {
  it('takes CHROMIUM_PATH first, with our flags', async () => {
    const found = await findBrowser({
      env: { CHROMIUM_PATH: '/opt/chrome/chrome' },
      systemPaths: SYSTEM,
      exists: holding('/opt/chrome/chrome', '/usr/bin/chromium', PACKAGED_PATH),
      loadPackage: withPackage,
    });
    expect(found).toEqual({
      executablePath: '/opt/chrome/chrome',
      args: chromiumFlags,
      source: 'CHROMIUM_PATH',
    });
  });

  it('refuses a CHROMIUM_PATH that does not exist rather than pick another browser', async () => {
    await expect(
      findBrowser({
        env: { CHROMIUM_PATH: '/nope/chrome' },
        systemPaths: SYSTEM,
        exists: holding('/usr/bin/chromium'),
        loadPackage: withPackage,
      }),
    ).rejects.toThrow('CHROMIUM_PATH is set to /nope/chrome, which does not exist.');
  });

  it("takes Debian's /usr/bin/chromium next, before the npm package", async () => {
    const found = await findBrowser({
      env: {},
      systemPaths: SYSTEM,
      exists: holding('/usr/bin/chromium', PACKAGED_PATH),
      loadPackage: withPackage,
    });
    expect(found).toEqual({
      executablePath: '/usr/bin/chromium',
      args: chromiumFlags,
      source: 'system',
    });
  });

  it("takes the npm package's Chromium next, with its own flags merged with ours", async () => {
    const found = await findBrowser({
      env: {},
      systemPaths: SYSTEM,
      exists: holding(PACKAGED_PATH),
      loadPackage: withPackage,
    });
    expect(found.source).toBe('@sparticuz/chromium');
    expect(found.executablePath).toBe(PACKAGED_PATH);
    expect(found.args).toEqual([
      '--single-process',
      '--disable-features=AudioServiceOutOfProcess,IsolateOrigins',
      '--use-angle=swiftshader',
      "--headless='shell'",
      '--no-sandbox',
      '--no-zygote',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
    ]);
  });

  it("takes Debian's headless shell before its whole browser when no paths are given", async () => {
    const found = await findBrowser({
      env: {},
      exists: holding('/usr/bin/chromium', '/usr/bin/chromium-headless-shell', PACKAGED_PATH),
      loadPackage: withPackage,
    });
    expect(found.executablePath).toBe('/usr/bin/chromium-headless-shell');
  });

  it('fails, saying how to get a Chromium, when there is none', async () => {
    await expect(
      findBrowser({ env: {}, systemPaths: SYSTEM, exists: holding(), loadPackage: withoutPackage }),
    ).rejects.toThrow(NO_CHROMIUM_MESSAGE);
    expect(NO_CHROMIUM_MESSAGE).toContain('apt-get install -y chromium');
    expect(NO_CHROMIUM_MESSAGE).toContain('CHROMIUM_PATH');
    expect(NO_CHROMIUM_MESSAGE).toContain('npm install @sparticuz/chromium');
  });
});

describe('mergeChromiumFlags', () => {
  it('drops the flags that disable web security and joins feature lists', () => {
    expect(
      mergeChromiumFlags(
        ['--disable-web-security', '--disable-features=A,B', '--no-sandbox'],
        ['--no-sandbox', '--disable-features=B,C', '--disable-sync'],
      ),
    ).toEqual(['--disable-features=A,B,C', '--no-sandbox', '--disable-sync']);
  });
});

describe("the npm package's Chromium (@sparticuz/chromium, an optional dependency)", () => {
  it('is found when nothing else is and launches with Playwright', async () => {
    const started = Date.now();
    const found = await findBrowser({ env: {}, systemPaths: [] });
    expect(found.source).toBe('@sparticuz/chromium');
    const browser = await chromium.launch({
      executablePath: found.executablePath,
      args: found.args,
    });
    try {
      const page = await browser.newPage();
      await page.setContent('<p>ready</p><script>document.title = String(6 * 7)</script>');
      expect(await page.title()).toBe('42');
    } finally {
      await browser.close();
    }
    const took = Date.now() - started;
    // Reported, not asserted: on a loaded shared machine unpacking alone has taken 13 s.
    console.log(`@sparticuz/chromium ${browser.version()} unpacked and launched in ${took} ms`);
  }, 90_000);
});
