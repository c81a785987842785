// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import { boundariesConfig } from './scripts/lint/boundaries.js';

export default tseslint.config(
  {
    ignores: [
      'node_modules',
      'dist',
      'data',
      'src/server/db/migrations',
      'test-results',
      'playwright-report',
      '.tmp',
      // Plain browser scripts copied as they are (the Google popup's last page; no bundler).
      'src/web/public/*.js',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        // Plain JavaScript entry points (scripts/start.mjs) are linted outside the TS project.
        projectService: { allowDefaultProject: ['scripts/*.mjs'] },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': [
        'error',
        { checksVoidReturn: { attributes: false } },
      ],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/only-throw-error': 'error',
      // Fastify plugins and resolvers are async by contract even when they do not await.
      '@typescript-eslint/require-await': 'off',
      'no-restricted-syntax': [
        'error',
        {
          selector: "MemberExpression[object.name='process'][property.name='env']",
          message: 'Read configuration through src/server/config.ts',
        },
      ],
    },
  },
  {
    // Only the config module, scripts, tests and tool configs may read the environment.
    files: [
      'src/server/config.ts',
      'scripts/**',
      'e2e/**',
      '**/*.test.ts',
      '**/*.pg-test.ts',
      'src/server/test-support/**',
      '*.config.ts',
      '*.config.js',
    ],
    rules: { 'no-restricted-syntax': 'off' },
  },
  {
    files: ['**/*.test.ts', '**/*.test.tsx', 'e2e/**', 'scripts/**'],
    rules: {
      '@typescript-eslint/no-non-null-assertion': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
    },
  },
  {
    // Small enough to read at once: files under 400 lines, server functions under 80.
    files: ['src/**'],
    rules: { 'max-lines': ['error', { max: 400 }] },
  },
  {
    files: ['src/server/**'],
    ignores: [
      '**/*.test.ts',
      '**/*.pg-test.ts',
      'src/server/test-support/**',
      '**/test-*.ts',
      '**/*.fixture.ts',
    ],
    rules: { 'max-lines-per-function': ['error', { max: 80 }] },
  },
  {
    // The in-memory model of the ledger checks the real one in tests; it is no part of the app.
    files: ['src/**'],
    ignores: ['**/*.test.ts', '**/*.pg-test.ts', 'src/ledger/in-memory-ledger.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/in-memory-ledger'], message: 'The in-memory model is for tests.' },
          ],
        },
      ],
    },
  },
  {
    // The zones of ARCHITECTURE.md, the packages the pure zones may not use, and features that
    // do not import each other (scripts/lint/boundaries.js).
    files: ['src/**'],
    ...boundariesConfig,
  },
  { files: ['eslint.config.js', 'scripts/lint/*.js'], ...tseslint.configs.disableTypeChecked },
);
