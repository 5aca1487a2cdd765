// One flat config for the whole workspace; each package runs `eslint .` and ESLint finds this
// file by walking up. Import boundaries follow ARCHITECTURE.md: web → ui, api, realtime, i18n;
// api → contracts; server → contracts; ui imports no workspace package.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import globals from 'globals';

import { readFileSync } from 'node:fs';

const ws = (names) => names.map((n) => ({ group: [`@servicedesk/${n}`, `@servicedesk/${n}/*`], message: `This package may not import @servicedesk/${n} (see ARCHITECTURE.md).` }));
const relativeWorkspace = { group: ['../../*/src/*', '../../../packages/*', '../../../apps/*'], message: 'Import another workspace package by its name, never by a relative path.' };
const boundary = (files, forbidden, more = [], ignores = []) => ({
  files,
  ignores,
  rules: {
    'no-restricted-imports': ['error', { patterns: [...ws(forbidden), relativeWorkspace, ...more] }],
  },
});

// The server's layers (apps/server/src/modules/modules.json). ESLint does not merge one rule's
// options across config objects, so each zone repeats the server's workspace restrictions.
const serverModules = JSON.parse(readFileSync(new URL('./apps/server/src/modules/modules.json', import.meta.url), 'utf8'));
const serverForbidden = ['ui', 'api', 'realtime', 'web', 'storybook'];
const businessModules = Object.keys(serverModules.business);
const moduleImport = (name, why) => ({ group: [`../${name}`, `../${name}/**`, `**/modules/${name}`, `**/modules/${name}/**`], message: `Do not import the ${name} module here: ${why} (apps/server/src/modules/modules.json).` });
const internals = {
  group: ['../*/*.repository', '../*/*.routes', '**/modules/*/*.repository', '**/modules/*/*.routes'],
  message: "Call the other module's service: its repository and routes are its own (apps/server/src/modules/modules.json).",
};
// Tests and their support files may reach across modules to set a scene up.
const serverTests = ['**/*.test.ts', '**/*.test-support.ts', '**/test-support.ts'];
const serverZones = [
  boundary(['apps/server/src/{lib,plugins,db,hub}/**'], serverForbidden, businessModules.map((m) => moduleImport(m, 'the foundation imports no business module')), serverTests),
  ...serverModules.platform.map((m) =>
    boundary([`apps/server/src/modules/${m}/**`], serverForbidden, [internals, ...businessModules.map((b) => moduleImport(b, 'a platform module imports no business module'))], serverTests),
  ),
  ...Object.entries(serverModules.business).map(([m, deps]) =>
    boundary(
      [`apps/server/src/modules/${m}/**`],
      serverForbidden,
      [internals, ...businessModules.filter((b) => b !== m && !deps.includes(b)).map((b) => moduleImport(b, `${m} does not list it among the modules it builds on`))],
      serverTests,
    ),
  ),
];

// The web app's features (apps/web/src/features/features.json). A relative import names its
// target by depth, so each zone is one folder depth of a feature: `../x` from its root files,
// `../../x` one folder down, and so on.
const webFeatures = JSON.parse(readFileSync(new URL('./apps/web/src/features/features.json', import.meta.url), 'utf8'));
const webForbidden = ['server', 'storybook'];
const businessFeatures = Object.keys(webFeatures.business);
const allFeatures = [...webFeatures.platform, ...businessFeatures];
const featureZones = (feature, banned, why) =>
  [1, 2, 3].map((depth) =>
    boundary(
      [`apps/web/src/features/${feature}/${'*/'.repeat(depth - 1)}*.{ts,tsx}`],
      webForbidden,
      banned.map((f) => ({ group: ['../'.repeat(depth) + f, `${'../'.repeat(depth)}${f}/**`], message: `Do not import the ${f} feature here: ${why} (apps/web/src/features/features.json).` })),
    ),
  );
const webZones = [
  ...featureZones('shared', allFeatures, 'the shared kit imports no feature'),
  ...webFeatures.platform.flatMap((f) => featureZones(f, businessFeatures, 'a platform feature imports no business feature')),
  ...Object.entries(webFeatures.business).flatMap(([f, deps]) =>
    featureZones(f, businessFeatures.filter((b) => b !== f && !deps.includes(b)), `${f} does not list it among the features it builds on`),
  ),
];

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
  boundary(['apps/web/**'], webForbidden),
  ...webZones,
  // The server may read @servicedesk/i18n: it serves assets/i18n/{lang}.json (SPEC §7).
  boundary(['apps/server/**'], serverForbidden),
  ...serverZones,
  boundary(['apps/storybook/**'], ['web', 'server', 'realtime']),
);
