// @ts-check
// The import boundaries of ARCHITECTURE.md as one ESLint rule. It resolves every relative import
// (static, re-export, type-only, dynamic `import()` and `require`) to a folder of the project, so
// that `../shareholders/x` from a feature is seen for what it is; package imports such as
// `stream/web` or `react-dom/server` are never ours and never flagged.
import { dirname, relative, resolve, sep } from 'node:path';

/** Which zones each zone may import (its own included). */
const allowed = {
  ledger: ['ledger'],
  contract: ['contract', 'ledger'],
  server: ['server', 'contract', 'ledger'],
  web: ['web', 'contract', 'ledger'],
};

const messages = {
  ledger: 'ledger imports nothing of ours (it may not import {{target}})',
  contract: 'contract may import only ledger (not {{target}})',
  server: 'server never imports {{target}}',
  web: 'web never imports {{target}}',
  feature:
    'features do not import each other: {{from}} imports {{target}}; move what they share out of features/',
};

/**
 * Where a path lies: its zone (src/<zone>) and, under src/server/features or src/web/features,
 * its feature. Undefined outside src/.
 * @param {string} root
 * @param {string} path
 */
export function locate(root, path) {
  const parts = relative(root, path).split(sep);
  if (parts[0] !== 'src' || !parts[1] || !(parts[1] in allowed)) return undefined;
  const zone = /** @type {keyof typeof allowed} */ (parts[1]);
  const feature =
    (zone === 'server' || zone === 'web') && parts[2] === 'features' && parts[3]
      ? `src/${zone}/features/${parts[3]}`
      : undefined;
  return { zone, feature };
}

/** @type {import('eslint').Rule.RuleModule} */
export const importBoundaries = {
  meta: {
    type: 'problem',
    docs: { description: 'Import boundaries between the zones and features of ARCHITECTURE.md' },
    schema: [
      {
        type: 'object',
        properties: { root: { type: 'string' } },
        required: ['root'],
        additionalProperties: false,
      },
    ],
    messages,
  },
  create(context) {
    const root = /** @type {{ root: string }} */ (context.options[0]).root;
    const from = locate(root, context.filename);
    if (!from) return {};

    /** @param {import('estree').Node | null | undefined} source */
    const check = (source) => {
      if (!source) return;
      let spec;
      if (source.type === 'Literal' && typeof source.value === 'string') spec = source.value;
      else if (source.type === 'TemplateLiteral' && source.expressions.length === 0)
        spec = source.quasis[0]?.value.cooked ?? undefined;
      // Only relative (or absolute) paths are ours; anything else is a package.
      if (spec === undefined || !/^(\.{1,2}(\/|$)|\/)/.test(spec)) return;
      const to = locate(root, resolve(dirname(context.filename), spec));
      if (!to) return;
      const target = relative(root, resolve(dirname(context.filename), spec))
        .split(sep)
        .join('/');
      if (!allowed[from.zone].includes(to.zone)) {
        context.report({ node: source, messageId: from.zone, data: { target } });
      } else if (from.feature && to.feature && from.feature !== to.feature) {
        context.report({
          node: source,
          messageId: 'feature',
          data: { from: from.feature, target },
        });
      }
    };

    return {
      ImportDeclaration: (node) => check(node.source),
      ExportNamedDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source),
      CallExpression: (node) => {
        if (node.callee.type === 'Identifier' && node.callee.name === 'require')
          check(/** @type {import('estree').Node} */ (node.arguments[0]));
      },
      /** `import x = require('...')` (TypeScript) */
      /** @param {any} node */
      TSExternalModuleReference: (node) => check(node.expression),
    };
  },
};

export default { rules: { 'import-boundaries': importBoundaries } };
