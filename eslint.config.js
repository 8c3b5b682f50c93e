// One flat config for the whole repository. The import zones are the
// architecture of STYLE.md §2.3: a forbidden import fails `npm run lint`.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import reactHooks from 'eslint-plugin-react-hooks';
import checkFile from 'eslint-plugin-check-file';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import globals from 'globals';

const WEB_FEATURES = [
  'auth',
  'consumer',
  'company',
  'blog',
  'admin',
  'landing',
  'legal',
];
const EXT_ENTRYPOINTS = ['background', 'popup', 'options', 'page-info.content'];

const featureZones = WEB_FEATURES.map((f) => ({
  target: `./web/src/features/${f}`,
  from: './web/src/features',
  except: [`./${f}`],
  message:
    'Features never import each other: move the shared piece to web/src/components, or compose both in a route.',
}));

const entrypointZones = EXT_ENTRYPOINTS.map((e) => ({
  target: `./extension/entrypoints/${e}`,
  from: './extension/entrypoints',
  except: [`./${e}`],
  message:
    'Entrypoints run in separate contexts: talk through extension/lib/messaging.ts.',
}));

const zones = [
  {
    target: './shared/domain',
    from: [
      './shared/data',
      './shared/db',
      './web',
      './extension',
      './supabase',
      './tests',
    ],
    message: 'shared/domain holds pure rules only.',
  },
  {
    target: './shared',
    from: ['./web', './extension', './supabase', './tests'],
    message: 'shared/ is imported by the apps, never the other way round.',
  },
  {
    target: './web',
    from: './extension',
    message: 'web/ and extension/ never import each other.',
  },
  {
    target: './extension',
    from: './web',
    message: 'web/ and extension/ never import each other.',
  },
  {
    target: ['./web', './extension', './shared'],
    from: './supabase',
    message:
      'Apps talk to the backend only through supabase-js; nothing outside supabase/local knows it is local.',
  },
  {
    target: './supabase/functions',
    from: ['./web', './extension', './supabase/local'],
    message: 'Edge functions may import only _shared and shared/.',
  },
  {
    target: './web/src/features',
    from: './web/src/app',
    message: 'Features must not import the app layer.',
  },
  {
    target: './web/src/features',
    from: './web/src/lib/supabase.ts',
    message: 'Features reach the backend through web/src/api.',
  },
  {
    target: './web/src/api',
    from: ['./web/src/features', './web/src/app', './web/src/components'],
    message: 'web/src/api wraps shared/data; it knows no UI.',
  },
  ...featureZones,
  ...entrypointZones,
];

export default tseslint.config(
  {
    ignores: [
      'node_modules/',
      '.output/',
      '.wxt/',
      '.data/',
      '.scratch/',
      'web/dist/',
      'shared/db/database.types.ts',
      'tests/fixtures/lint/',
      'test-results/',
      'playwright-report/',
      'bench-results/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      globals: { ...globals.browser, ...globals.node },
    },
    plugins: { 'import-x': importX, 'check-file': checkFile },
    settings: {
      'import-x/resolver-next': [
        createTypeScriptImportResolver({ project: './tsconfig.json' }),
      ],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones }],
      'import-x/no-cycle': ['error', { maxDepth: 4 }],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      // Kebab-case files and folders (STYLE.md §2.4); dots allowed for `x.test.ts`, `page-info.content`.
      'check-file/filename-naming-convention': [
        'error',
        { '**/*.{ts,tsx}': 'KEBAB_CASE' },
        { ignoreMiddleExtensions: true },
      ],
      'check-file/folder-naming-convention': [
        'error',
        {
          '{web,extension,shared,supabase,tests}/**/':
            '(_|)+([a-z0-9])*(-+([a-z0-9]))',
        },
      ],
    },
  },
  {
    files: ['shared/domain/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [
                '@supabase/*',
                'react',
                'react-dom',
                'wxt',
                'wxt/*',
                '#imports',
                'node:*',
              ],
              message:
                'shared/domain is pure: no I/O, frameworks or platform APIs.',
            },
          ],
        },
      ],
      'no-restricted-globals': [
        'error',
        { name: 'fetch', message: 'shared/domain does no I/O.' },
      ],
      'no-restricted-properties': [
        'error',
        { object: 'Date', property: 'now', message: 'Pass the clock in.' },
        { object: 'Math', property: 'random', message: 'Pass randomness in.' },
      ],
    },
  },
  {
    files: ['shared/data/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['react', 'react-dom', 'wxt', 'wxt/*', '#imports'],
              message: 'shared/data is framework-free data access.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['web/**/*.{ts,tsx}', 'extension/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  // Accessibility of the JSX (issue #20); axe-core checks the rendered pages.
  {
    ...jsxA11y.flatConfigs.recommended,
    files: ['web/**/*.tsx', 'extension/**/*.tsx'],
  },
);
