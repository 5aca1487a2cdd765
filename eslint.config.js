// One flat config for the whole workspace; each package runs `eslint .` and ESLint finds this
// file by walking up. Import boundaries follow ARCHITECTURE.md: web → ui, api, realtime, i18n;
// api → contracts; server → contracts; ui imports no workspace package.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import globals from 'globals';

const ws = (names) => names.map((n) => ({ group: [`@servicedesk/${n}`, `@servicedesk/${n}/*`], message: `This package may not import @servicedesk/${n} (see ARCHITECTURE.md).` }));
const boundary = (files, forbidden) => ({
  files,
  rules: {
    'no-restricted-imports': ['error', { patterns: [...ws(forbidden), { group: ['../../*/src/*', '../../../packages/*', '../../../apps/*'], message: 'Import another workspace package by its name, never by a relative path.' }] }],
  },
});

export default tseslint.config(
  {
    ignores: ['**/node_modules/**', '**/dist/**', '**/storybook-static/**', '**/.turbo/**', '**/public/mockServiceWorker.js', '**/test-results/**', '**/playwright-report/**', '**/data/**', 'apps/server/src/db/migrations/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['**/*.tsx'],
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    rules: { ...reactHooks.configs.recommended.rules, ...jsxA11y.flatConfigs.recommended.rules },
  },
  boundary(['packages/ui/**'], ['contracts', 'api', 'realtime', 'i18n', 'web', 'server', 'storybook']),
  boundary(['packages/contracts/**'], ['ui', 'api', 'realtime', 'i18n', 'web', 'server', 'storybook']),
  boundary(['packages/api/**'], ['ui', 'realtime', 'i18n', 'web', 'server', 'storybook']),
  boundary(['packages/realtime/**'], ['ui', 'api', 'i18n', 'web', 'server', 'storybook']),
  boundary(['packages/i18n/**'], ['ui', 'api', 'realtime', 'contracts', 'web', 'server', 'storybook']),
  boundary(['apps/web/**'], ['server', 'storybook']),
  // The server may read @servicedesk/i18n: it serves assets/i18n/{lang}.json (SPEC §7).
  boundary(['apps/server/**'], ['ui', 'api', 'realtime', 'web', 'storybook']),
  boundary(['apps/storybook/**'], ['web', 'server', 'realtime']),
);
