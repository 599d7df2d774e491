import { readdirSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'
import { buildDefines, readBuildEnv } from './app/lib/site/build-env.ts'

// Unit and component tests beside the code (x.test.ts), without Astro: the
// components are tested as React (docs/stack.md).

/** Every test file, by its path from the project's root. */
const testFiles = ['app', 'server', 'scripts', 'tests/gates'].flatMap((dir) =>
  readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.test\.tsx?$/.test(file))
    .map((file) => `${dir}/${file}`),
)

/**
 * Whether a test file changes what other files' modules would see: it runs
 * in a browser-like document (`@vitest-environment`), or replaces a module,
 * a global or the clock. A method replaced with `vi.spyOn` is put back after
 * each test (`restoreMocks`).
 */
const ownsGlobals = (file: string) =>
  /@vitest-environment|\bvi\.(mock|doMock|stubGlobal|stubEnv|useFakeTimers)\(/.test(readFileSync(file, 'utf8'))
export default defineConfig({
  define: buildDefines(readBuildEnv({})),
  // The page queries read the collections through astro:content; here, the
  // same files through the same checks (app/lib/content/test-collections.ts),
  // and name their pictures' files without drawing them (./app/lib/content/test-assets.ts).
  resolve: {
    alias: {
      'astro:content': fileURLToPath(new URL('./app/lib/content/test-collections.ts', import.meta.url)),
      'astro:assets': fileURLToPath(new URL('./app/lib/content/test-assets.ts', import.meta.url)),
    },
  },
  test: {
    environment: 'node',
    // One throwaway PostgreSQL cluster for the run: the store suite and the two-instance test use it.
    globalSetup: ['server/store/postgres-global-setup.ts'],
    projects: [
      // Most files share their worker's modules (React, zod, Hono, the
      // content, the server's code) instead of loading them again: the suite
      // took 61 to 70 s here against 78. Each leaves nothing behind: its
      // servers, databases and files are its own, and it closes them.
      {
        extends: true,
        test: { name: 'shared', include: testFiles.filter((file) => !ownsGlobals(file)), isolate: false },
      },
      // A file that changes what every module sees (a document's window, a
      // global, the clock or a module replaced) runs in modules of its own.
      { extends: true, test: { name: 'isolated', include: testFiles.filter(ownsGlobals) } },
    ],
    restoreMocks: true,
    // A store test starts a database thread (tsx compiles it): on a loaded
    // two-core machine that alone can take seconds. A time limit, not a check.
    testTimeout: 15_000,
    // A worker per core: Vitest's default leaves one core free, which on a
    // two-core CI machine is half of it (the suite took 118 s on one worker,
    // 76 s on two).
    maxWorkers: '100%',
  },
})
