import js from '@eslint/js'
import checkFile from 'eslint-plugin-check-file'
import { createNodeResolver, importX } from 'eslint-plugin-import-x'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'

export default tseslint.config(
  { ignores: ['build*/', '.react-router/', 'node_modules/', 'playwright-report/', 'test-results/', 'bench-results/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  reactHooks.configs.flat.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'import-x': importX, 'check-file': checkFile },
    settings: { 'import-x/resolver-next': [createNodeResolver()] },
    rules: {
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // Imports flow one way: ui -> components -> routes (README.md, "How it is put together").
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: './app/components/ui',
              from: ['./app/components/!(ui)/**', './app/components/*.tsx', './app/routes/**'],
            },
            { target: './app/components', from: './app/routes' },
            { target: './app/lib', from: ['./app/components', './app/routes'] },
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
