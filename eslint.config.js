import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import noUiLiteralsPlugin from './scripts/eslint-no-ui-literals.mjs';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      '**/drizzle/**',
      'test-results/**',
      'playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  // Text people read goes through the translations, or it stays English in every language. Tests
  // and the artifact preview's runtime (code the model writes runs there) are left out; the allowed
  // words are examples of technical input that reads the same in every language.
  {
    files: ['packages/web/src/**/*.tsx'],
    ignores: ['packages/web/src/**/*.test.tsx'],
    plugins: { parley: noUiLiteralsPlugin },
    rules: { 'parley/no-ui-literals': ['error', { allow: ['read write', 'X-Api-Key'] }] },
  },
  {
    files: ['packages/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  // Walls between the web app's layers. A feature folder is used through its index.ts only, so its
  // other files can change without breaking another feature; features never reach up into app/
  // (the router and root layout), and the lower layers (api, store, lib, components, i18n) never
  // reach up into features or app. Lazily loaded screens are the exception: a dynamic import()
  // names the file so that it stays a chunk of its own (this rule does not look at import()).
  {
    files: ['packages/web/src/features/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: '^\\.\\./[^./][^/]*/', message: 'Import another feature through its index.ts.' },
            {
              regex: '^(\\.\\./)+app(/|$)',
              message: 'Features may not import app/ (move shared code to api/, lib/ or store/).',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['packages/web/src/app/**/*.{ts,tsx}', 'packages/web/src/main.tsx'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: '^(\\.\\./|\\./)+features/[^/]+/', message: 'Import a feature through its index.ts.' },
          ],
        },
      ],
    },
  },
  {
    files: ['packages/web/src/{api,store,lib,components,i18n}/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(\\.\\./)+(features|app)(/|$)',
              message:
                'api/, store/, lib/, components/ and i18n/ sit below the features and app/: move the shared code down instead.',
            },
          ],
        },
      ],
    },
  },
  // The server's layers: routes/ and http/ (requests and answers) sit above services/ (what the
  // app does), which sits above db/. A service or the database reaching up into the HTTP layer
  // could not be used without it (from the CLI, a job, a test) and closes import cycles; what both
  // need goes below them (validation/parse.ts, errors/). Type imports count: they tie the layers
  // together as much. Dynamic import() is not checked by this rule.
  {
    files: ['packages/server/src/{services,db}/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(\\.\\./)+(http|routes)(/|$)',
              message:
                'services/ and db/ sit below http/ and routes/: move what both need down (e.g. validation/, errors/).',
            },
          ],
        },
      ],
    },
  },
  // The areas of @parley/schema the web's first pages import at run time hold no zod: their
  // schemas live in <area>-schemas.ts, so the bundler leaves zod (27 kB gzip) off those pages.
  // Types from zod or from a schemas file are fine (they vanish when compiled).
  {
    files: [
      'packages/schema/src/{constants,errors,permissions,prompts,prompt-command,prompt-variables,files,code-run,parameters,speech,speech-defaults,tag,fork,sso,model-specs,artifacts}.ts',
      'packages/schema/src/stream/{read-event,step-fold}.ts',
    ],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'zod', message: 'Keep zod schemas in <area>-schemas.ts.', allowTypeImports: true }],
          patterns: [
            {
              regex: '-schemas(\\.ts)?$',
              message: 'A zod-free area may import only types from a schemas file.',
              allowTypeImports: true,
            },
          ],
        },
      ],
    },
  },
);
