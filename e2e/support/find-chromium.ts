import { existsSync } from 'node:fs';

/** Our flags for a headless Chromium run as root in a container (see stack-notes). */
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

/** The part of @sparticuz/chromium we use. */
export interface PackagedChromium {
  args: string[];
  executablePath(): Promise<string>;
}

export interface ChromiumChoice {
  executablePath: string;
  /** Launch flags for this browser. */
  args: string[];
  source: 'CHROMIUM_PATH' | 'system' | '@sparticuz/chromium';
}

export interface FindChromiumOptions {
  env?: Record<string, string | undefined>;
  /** Where a system Chromium may be, in order. */
  systemPaths?: string[];
  exists?: (path: string) => boolean;
  /** The npm package, or undefined when it is not installed. */
  loadPackage?: () => Promise<PackagedChromium | undefined>;
}

export const NO_CHROMIUM_MESSAGE =
  'No Chromium found for the browser tests. Install one with `apt-get install -y chromium` ' +
  '(Debian), or set CHROMIUM_PATH to a Chromium binary, or `npm install @sparticuz/chromium` ' +
  '(an optional dependency: a Chromium inside an npm package).';

/**
 * Flags of the package's build (single process, no zygote, SwiftShader...) that weaken the web's
 * own security model: with them a browser test could pass a CORS or mixed-content check the
 * real browser of a user would fail. They are left out.
 */
const UNSAFE_PACKAGE_FLAGS = new Set([
  '--disable-web-security',
  '--allow-running-insecure-content',
]);

/**
 * The package's flags, minus the unsafe ones, then ours where the package has no say; the
 * `--disable-features` / `--enable-features` lists are joined.
 */
export function mergeChromiumFlags(packageArgs: string[], ours: string[]): string[] {
  const name = (flag: string) => flag.split('=')[0]!;
  const merged = packageArgs.filter((a) => !UNSAFE_PACKAGE_FLAGS.has(a));
  for (const flag of ours) {
    const at = merged.findIndex((a) => name(a) === name(flag));
    if (at < 0) merged.push(flag);
    else if (/^--(disable|enable)-features=/.test(flag)) {
      const values = new Set([
        ...merged[at]!.split('=')[1]!.split(','),
        ...flag.split('=')[1]!.split(','),
      ]);
      merged[at] = `${name(flag)}=${[...values].join(',')}`;
    }
  }
  return merged;
}

async function importPackage(): Promise<PackagedChromium | undefined> {
  const packageName = '@sparticuz/chromium'; // an optional dependency: not always installed
  try {
    const mod = (await import(packageName)) as { default: PackagedChromium };
    return mod.default;
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'ERR_MODULE_NOT_FOUND' || code === 'MODULE_NOT_FOUND') return undefined;
    throw e;
  }
}

/** The whole browser only: Lighthouse audits a page as a user's Chrome renders it. */
export const FULL_SYSTEM_PATHS = ['/usr/bin/chromium', '/usr/bin/chromium-browser'];
/**
 * What the browser tests take: Debian's headless shell (package chromium-headless-shell), the
 * build Playwright runs headless by default, then the whole browser, which took about 40 % more
 * CPU for the same journeys (decision 098).
 */
export const HEADLESS_SYSTEM_PATHS = ['/usr/bin/chromium-headless-shell', ...FULL_SYSTEM_PATHS];

/**
 * A Chromium with no manual step: CHROMIUM_PATH, else Debian's headless shell or Chromium, else
 * the one shipped inside the npm package @sparticuz/chromium when it is installed. Never skipped:
 * when none is found the browser tests fail with NO_CHROMIUM_MESSAGE.
 */
export async function findBrowser(options: FindChromiumOptions = {}): Promise<ChromiumChoice> {
  const env = options.env ?? process.env;
  const exists = options.exists ?? existsSync;
  const chosen = env.CHROMIUM_PATH;
  if (chosen) {
    if (!exists(chosen))
      throw new Error(`CHROMIUM_PATH is set to ${chosen}, which does not exist.`);
    return { executablePath: chosen, args: chromiumFlags, source: 'CHROMIUM_PATH' };
  }
  for (const path of options.systemPaths ?? HEADLESS_SYSTEM_PATHS)
    if (exists(path)) return { executablePath: path, args: chromiumFlags, source: 'system' };
  const packaged = await (options.loadPackage ?? importPackage)();
  if (packaged) {
    const path = await packaged.executablePath(); // unpacks the binary into the temp folder once
    if (exists(path))
      return {
        executablePath: path,
        args: mergeChromiumFlags(packaged.args, chromiumFlags),
        source: '@sparticuz/chromium',
      };
  }
  throw new Error(NO_CHROMIUM_MESSAGE);
}

/** Playwright's `launchOptions` for the browser found. */
export async function chromiumLaunchOptions(
  options?: FindChromiumOptions,
): Promise<{ executablePath: string; args: string[] }> {
  const { executablePath, args } = await findBrowser(options);
  return { executablePath, args };
}
