import { defineConfig } from 'vitest/config'
import { buildDefines, readBuildEnv } from './app/lib/build-env.ts'

// Unit and component tests beside the code (x.test.ts), without Astro: the
// components are tested as React (docs/stack.md).
export default defineConfig({
  define: buildDefines(readBuildEnv({})),
  test: {
    include: [
      'app/**/*.test.{ts,tsx}',
      'server/**/*.test.{ts,tsx}',
      'scripts/**/*.test.ts',
      'tests/gates/**/*.test.ts',
    ],
    environment: 'node',
    // One throwaway PostgreSQL cluster for the run: the store suite and the two-instance test use it.
    globalSetup: ['server/store/postgres-global-setup.ts'],
    // A store test starts a database thread (tsx compiles it): on a loaded
    // two-core machine that alone can take seconds. A time limit, not a check.
    testTimeout: 15_000,
    // A worker per core: Vitest's default leaves one core free, which on a
    // two-core CI machine is half of it (the suite took 118 s on one worker,
    // 76 s on two).
    maxWorkers: '100%',
  },
})
