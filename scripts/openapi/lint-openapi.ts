// `npm run lint:openapi`: writes the served OpenAPI document and runs Spectral's `spectral:oas`
// ruleset on it (.spectral.yaml); any warning or error fails.
import { spawnSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));
const out = join(root, 'test-results', 'openapi.json');
mkdirSync(join(root, 'test-results'), { recursive: true });
const bin = (name: string) => join(root, 'node_modules/.bin', name);
const steps: Array<[string, string[]]> = [
  [bin('tsx'), [join(root, 'scripts/openapi/write-openapi.ts'), out]],
  [
    bin('spectral'),
    ['lint', out, '--ruleset', join(root, '.spectral.yaml'), '--fail-severity=warn'],
  ],
];
for (const [cmd, args] of steps) {
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}
