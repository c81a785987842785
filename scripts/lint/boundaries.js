// @ts-check
// The zones of ARCHITECTURE.md for @boundaries/eslint-plugin: which zone may import which, which
// packages the pure zones may not use, and features that do not import each other.
import boundaries from '@boundaries/eslint-plugin';

/** Node built-ins and server packages: never in the pure zones (ledger, contract). */
const serverOnly = [
  'node:*',
  'pg',
  'pg-*',
  'fastify',
  '@fastify/*',
  'drizzle-orm',
  'drizzle-orm/*',
  'better-auth',
  'better-auth/*',
  '@electric-sql/*',
  'pino',
  'nodemailer',
];

const element = (type, extra = {}) => ({ to: { element: { type, ...extra } } });
const sameFeature = (type) =>
  element(type, { captured: { feature: '{{ from.captured.feature }}' } });

export const boundariesConfig = {
  plugins: { boundaries },
  settings: {
    'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js'] } },
    // Every way to depend on a file: static and dynamic imports, re-exports and require.
    'boundaries/dependency-nodes': ['import', 'dynamic-import', 'export', 'require'],
    'boundaries/elements': [
      { type: 'ledger', pattern: 'src/ledger' },
      { type: 'contract', pattern: 'src/contract' },
      { type: 'server-feature', pattern: 'src/server/features/*', capture: ['feature'] },
      { type: 'server', pattern: 'src/server' },
      { type: 'web-feature', pattern: 'src/web/features/*', capture: ['feature'] },
      { type: 'web', pattern: 'src/web' },
    ],
  },
  rules: {
    'boundaries/dependencies': [
      'error',
      {
        default: 'disallow',
        // Packages and Node built-ins are checked too: the pure zones may not use some.
        checkAllOrigins: true,
        policies: [
          { allow: { to: { module: { origin: ['external', 'core'] } } } },
          { from: { element: { type: 'ledger' } }, allow: [element('ledger')] },
          {
            from: { element: { type: 'contract' } },
            allow: [element('contract'), element('ledger')],
          },
          ...['ledger', 'contract', 'web', 'web-feature'].map((type) => ({
            from: { element: { type } },
            disallow: [
              { to: { module: { origin: 'core' } } },
              { to: { module: { source: serverOnly } } },
            ],
          })),
          {
            from: { element: { type: 'server' } },
            allow: [
              element('server'),
              element('server-feature'),
              element('contract'),
              element('ledger'),
            ],
          },
          {
            from: { element: { type: 'server-feature' } },
            allow: [
              element('server'),
              sameFeature('server-feature'),
              element('contract'),
              element('ledger'),
            ],
          },
          // The CRM gateway is an adapter: its registry provider runs the ledger's own use cases
          // (Transfer, profile Save) rather than copy them.
          {
            from: { element: { type: 'server-feature', captured: { feature: 'gateway' } } },
            allow: ['transactions', 'shareholders'].map((feature) =>
              element('server-feature', { captured: { feature } }),
            ),
          },
          {
            from: { element: { type: 'web' } },
            allow: [element('web'), element('web-feature'), element('contract'), element('ledger')],
          },
          {
            from: { element: { type: 'web-feature' } },
            allow: [
              element('web'),
              sameFeature('web-feature'),
              element('contract'),
              element('ledger'),
            ],
          },
        ],
      },
    ],
  },
};
