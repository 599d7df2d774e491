import js from '@eslint/js'
import checkFile from 'eslint-plugin-check-file'
import astro from 'eslint-plugin-astro'
import { createNodeResolver, importX } from 'eslint-plugin-import-x'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'

export default tseslint.config(
  { ignores: ['build*/', '.astro/', 'node_modules/', 'playwright-report/', 'test-results/', 'bench-results/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  ...astro.configs.recommended,
  reactHooks.configs.flat.recommended,
  {
    // The build constants (app/globals.d.ts) are globals too.
    languageOptions: {
      globals: {
        ...globals.browser,
        ...globals.node,
        __SITE_ORIGIN__: 'readonly',
        __BOOKING_URL__: 'readonly',
        __GA_MEASUREMENT_ID__: 'readonly',
      },
    },
    plugins: { 'import-x': importX, 'check-file': checkFile },
    settings: { 'import-x/resolver-next': [createNodeResolver()] },
    rules: {
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // Imports flow one way: lib -> ui -> components -> islands -> layouts and pages
      // (README.md, "How it is put together"); the plain scripts use lib alone.
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: './app/components/ui',
              from: [
                './app/components/!(ui)/**',
                './app/components/*.tsx',
                './app/islands/**',
                './app/layouts/**',
                './app/pages/**',
              ],
            },
            { target: './app/components', from: ['./app/islands', './app/layouts', './app/pages'] },
            { target: './app/islands', from: ['./app/layouts', './app/pages'] },
            {
              target: './app/lib',
              from: ['./app/components', './app/islands', './app/layouts', './app/pages', './app/scripts'],
            },
            { target: './app/scripts', from: ['./app/components', './app/islands', './app/layouts', './app/pages'] },
          ],
        },
      ],
      'check-file/filename-naming-convention': [
        'error',
        { '{app,server,scripts,tests}/**/*.{ts,tsx}': 'KEBAB_CASE' },
        { ignoreMiddleExtensions: true },
      ],
      'check-file/folder-naming-convention': ['error', { '{app,server,scripts,tests,content}/**/': 'KEBAB_CASE' }],
    },
  },
)
