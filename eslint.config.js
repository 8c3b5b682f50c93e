// One flat config for the whole repository. The import zones are the
// architecture of STYLE.md §2.3: a forbidden import fails `npm run lint`.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import reactHooks from 'eslint-plugin-react-hooks';
import pluginQuery from '@tanstack/eslint-plugin-query';
import checkFile from 'eslint-plugin-check-file';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import globals from 'globals';
import noImportCycle from './tooling/eslint/no-import-cycle.js';
import { readdirSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { fileURLToPath } from 'node:url';

// Every folder of web/src/features is a feature: a new one is covered at once.
const WEB_FEATURES = readdirSync(
  fileURLToPath(new URL('./web/src/features', import.meta.url)),
  { withFileTypes: true },
)
  .filter((d) => d.isDirectory())
  .map((d) => d.name);
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

// supabase/local: each protocol service answers one path (/auth/v1, /rest/v1,
// …) on a shared base; start.ts and server.ts wire them together.
const LOCAL = './supabase/local';
const LOCAL_SERVICES = [
  'auth',
  'rest',
  'storage',
  'realtime',
  'functions',
  'mail',
];
const LOCAL_BASE = [
  'db',
  'http.ts',
  'context.ts',
  'config.ts',
  'jwt.ts',
  'identity.ts',
  'api-keys.ts',
  'client-address.ts',
].map((b) => `${LOCAL}/${b}`);
const LOCAL_WIRING = ['start.ts', 'server.ts', 'main.ts'].map(
  (f) => `${LOCAL}/${f}`,
);

const localZones = [
  ...LOCAL_SERVICES.map((svc) => ({
    target: `${LOCAL}/${svc}`,
    from: LOCAL_SERVICES.filter((o) => o !== svc).map((o) => `${LOCAL}/${o}`),
    message:
      'Protocol services of supabase/local never import each other: share through db/, http.ts, jwt.ts, context.ts or config.ts.',
  })),
  {
    target: LOCAL_BASE,
    from: [
      ...LOCAL_SERVICES.map((svc) => `${LOCAL}/${svc}`),
      `${LOCAL}/jobs`,
      ...LOCAL_WIRING,
    ],
    message:
      "supabase/local's base (db, http, jwt, context, config, identity) knows no service, job or wiring: they depend on it.",
  },
  {
    target: `${LOCAL}/jobs`,
    from: [
      ...LOCAL_SERVICES.map((s) => `${LOCAL}/${s}`),
      './supabase/functions',
    ],
    message:
      'Background jobs only decide when to call the job edge functions (issue #24): the work itself lives in supabase/functions, once, for hosted and local.',
  },
  {
    target: LOCAL,
    from: ['./web', './extension', './tests', './scripts'],
    message:
      "supabase/local speaks Supabase's protocols and knows no app code: it never imports web/, extension/, tests/ or scripts/.",
  },
  {
    target: LOCAL,
    from: './shared',
    // Issue #34: the emulator's upload byte check (storage/sniff.ts) until
    // that rule has its hosted form; then these go too.
    except: [
      './domain/validation/media-bytes.ts',
      './domain/validation/files.ts',
    ],
    message:
      'supabase/local knows no product code: nothing from shared/ (what it needs of a rule is its own configuration, held equal to the product by a test).',
  },
  {
    target: LOCAL,
    from: './server',
    except: ['./index.ts'],
    message:
      'The embedded backend mounts the page server through server/index.ts only.',
  },
];

// server/: the product's page server, in front of hosted Supabase or mounted
// by the embedded backend; it reads Supabase only through supabase-js.
const serverZones = [
  {
    target: './server',
    from: ['./supabase', './web', './extension', './tests', './scripts'],
    message:
      'The page server talks to Supabase only through supabase-js: it never imports supabase/ (local or functions), the apps, tests or scripts.',
  },
];

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
    from: ['./web', './extension', './supabase', './server', './tests'],
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
    from: ['./supabase', './server'],
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
  ...localZones,
  ...serverZones,
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
    plugins: {
      'import-x': importX,
      'check-file': checkFile,
      peega: { rules: { 'no-import-cycle': noImportCycle } },
    },
    settings: {
      // Without these import-x parses no .ts file of the graph: cycles went unseen.
      'import-x/extensions':
        importX.flatConfigs.typescript.settings['import-x/extensions'],
      'import-x/parsers':
        importX.flatConfigs.typescript.settings['import-x/parsers'],
      'import-x/resolver-next': [
        createTypeScriptImportResolver({ project: './tsconfig.base.json' }),
      ],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones }],
      // Replaces import-x/no-cycle, which ignores type imports and stopped at depth 4.
      'peega/no-import-cycle': 'error',
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
  {
    // Browser code has no Node. tsc keeps Node's types out of web/; the
    // extension's program has them anyway (WXT's own types import Vite's, which
    // reference @types/node), so this rule is what holds there.
    files: ['web/src/**/*.{ts,tsx}', 'extension/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: builtinModules.map((name) => ({
            name,
            message: 'Browser code: no Node built-ins.',
          })),
          patterns: [
            { group: ['node:*'], message: 'Browser code: no Node built-ins.' },
          ],
        },
      ],
      'no-restricted-globals': [
        'error',
        ...[
          'process',
          'Buffer',
          '__dirname',
          '__filename',
          'require',
          'global',
        ].map((name) => ({ name, message: 'Browser code: no Node globals.' })),
      ],
    },
  },
  // TanStack Query's rules: complete query keys, one stable client, no
  // unstable query results in hook deps.
  ...pluginQuery.configs['flat/recommended'].map((c) => ({
    ...c,
    files: ['web/**/*.{ts,tsx}', 'extension/**/*.{ts,tsx}'],
  })),
  // Accessibility of the JSX (issue #20); axe-core checks the rendered pages.
  {
    ...jsxA11y.flatConfigs.recommended,
    files: ['web/**/*.tsx', 'extension/**/*.tsx'],
  },
);
