import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';

/** The renderer is untrusted display code: no Node, no Solana SDK, no keys, no main. */
const RENDERER_FORBIDDEN = [
  'node:*',
  '@solana/*',
  'keytar',
  'tweetnacl',
  'electron',
  '*/main/*',
  '!*/main/shared/*',
];

/** An import of a test folder (test/, renderer/src/test/) from production code. */
const TEST_CODE = {
  regex: '(^|/)test(/|$)',
  message: 'Test-only code (fixtures, fakes, builders) must not be imported by production code.',
};

/**
 * An import of the sandbox (main/sandbox/) from the wallet's trusted side (issue 26): the sandbox
 * is a test network in its own process; what both know lives in main/shared/. Relative paths
 * only approximate it here; scripts/trust-boundary.test.ts checks it exactly.
 */
const SANDBOX_CODE = {
  regex: '(^(\\./|(\\.\\./)+)|/main/)sandbox/',
  message: 'The wallet never imports the sandbox: move what both sides need to main/shared/.',
};

export default tseslint.config(
  { ignores: ['out/**', 'node_modules/**', 'coverage/**', '.probe/**', '.scratch*/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,mts}'],
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      'no-console': 'off',
    },
  },
  {
    files: ['renderer/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // The renderer is untrusted display code: no Node, no Solana SDK, no keys.
      'no-restricted-imports': ['error', { patterns: RENDERER_FORBIDDEN }],
    },
  },
  // Production code never imports test code: fixtures, fakes and builders live under test/ (and
  // the renderer's component-test fakes under renderer/src/test/), and the build must not be
  // able to pull them in (scripts/test-only-imports.test.ts proves this rule fires).
  {
    files: ['main/**/*.ts', 'preload/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [TEST_CODE, SANDBOX_CODE] }] },
  },
  // The sandbox itself, and the web preview's shell (it plugs in the simulated Ledger).
  {
    files: ['main/sandbox/**/*.ts', 'main/preview/cli.ts'],
    ignores: ['**/*.test.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [TEST_CODE] }] },
  },
  {
    files: ['renderer/src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}', 'renderer/src/test/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: RENDERER_FORBIDDEN,
              message: 'The renderer imports no Node, Solana SDK, keys or main.',
            },
            TEST_CODE,
          ],
        },
      ],
    },
  },
  {
    files: ['scripts/**/*.mjs', '.ci/**', '*.mjs'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly', URL: 'readonly' } },
  },
);
