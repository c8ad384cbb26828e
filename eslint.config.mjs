import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';

export default tseslint.config(
  { ignores: ['out/**', 'node_modules/**', 'coverage/**', '.probe/**', '.scratch*/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,mts}'],
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': 'off',
    },
  },
  {
    files: ['renderer/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // The renderer is untrusted display code: no Node, no Solana SDK, no keys.
      'no-restricted-imports': [
        'error',
        { patterns: ['node:*', '@solana/*', 'keytar', 'tweetnacl', 'electron', '*/main/*', '!*/main/shared/*'] },
      ],
    },
  },
  {
    files: ['scripts/**/*.mjs', '.ci/**', '*.mjs'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly', URL: 'readonly' } },
  },
);
