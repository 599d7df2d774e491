import js from '@eslint/js'
import checkFile from 'eslint-plugin-check-file'
import astro from 'eslint-plugin-astro'
import { createNodeResolver, importX } from 'eslint-plugin-import-x'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'

// Imports flow one way: lib -> ui -> components -> islands -> layouts and pages
// (README.md, "How it is put together"); the plain scripts use lib alone.
const appZones = [
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
  // Every icon's drawing, for what the server renders only (app/components/ui/inline-icon.tsx).
  { target: './app/islands', from: ['./app/components/ui/icon-drawings.ts', './app/components/ui/inline-icon.tsx'] },
  {
    target: './app/lib',
    from: ['./app/components', './app/islands', './app/layouts', './app/pages', './app/scripts'],
  },
  { target: './app/scripts', from: ['./app/components', './app/islands', './app/layouts', './app/pages'] },
]

// The server's folders likewise (server/README.md, "Modules"), their tests and test helpers aside:
// the process composes the folders; none of them imports the process or the renderer, and only the
// process the Node server's parts.
const serverZones = [
  {
    target: ['./server/!(api|astro)/**', './app/lib/**'],
    from: ['./server/{app,start,index}.ts', './server/{api,astro}/**'],
  },
  { target: ['./server/!(http|api|astro)/**', './app/lib/**'], from: './server/site-services.ts' },
  { target: ['./server/!(http|api|astro)/**', './app/lib/**'], from: './server/http/**' },
  { target: './server/hosting/**', from: ['./server/!(hosting)/**', './server/*.ts'] },
  // The store takes the booking's rules alone from the booking; the leads, the bookings and the
  // outbox work on it, never it on them.
  {
    target: './server/store',
    from: './server/booking',
    except: ['./availability.ts', './limits.ts', './slots.ts', './zoned-time.ts'],
  },
  { target: './server/store/**', from: ['./server/leads/**', './server/outbox/**', './server/audit/**'] },
  // The instant audit works on the store; the leads, the bookings and the outbox know nothing of it.
  { target: './server/audit/**', from: ['./server/leads/**', './server/booking/**', './server/outbox/**'] },
  { target: ['./server/leads/**', './server/booking/**', './server/outbox/**'], from: './server/audit/**' },
  { target: './server/booking/**', from: ['./server/outbox/**', './server/leads/!(intake).ts'] },
  { target: './server/outbox/**', from: './server/leads/**' },
  // The server never reaches into the site's components, islands, layouts, pages or scripts.
  { target: './server/**', from: './app/{components,islands,layouts,pages,scripts}/**' },
]

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
      'import-x/no-restricted-paths': ['error', { zones: appZones }],
      'check-file/filename-naming-convention': [
        'error',
        { '{app,server,scripts,tests}/**/*.{ts,tsx}': 'KEBAB_CASE' },
        { ignoreMiddleExtensions: true },
      ],
      'check-file/folder-naming-convention': ['error', { '{app,server,scripts,tests,content}/**/': 'KEBAB_CASE' }],
    },
  },
  {
    files: ['server/**/*.ts', 'app/lib/**/*.{ts,tsx}'],
    ignores: [
      '**/*.test.ts',
      '**/*.test.tsx',
      '**/test-*.ts',
      'server/store/store-suite.ts',
      'server/store/postgres-global-setup.ts',
    ],
    rules: { 'import-x/no-restricted-paths': ['error', { zones: [...appZones, ...serverZones] }] },
  },
)
