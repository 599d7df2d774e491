import { defineConfig, devices } from '@playwright/test'
import { defineBuildGlobals, readBuildEnv } from './app/lib/build-env.ts'

// Tests read content files the way the build does, placeholders resolved from
// the site config (app/lib/content/placeholders.ts), which reads build settings.
defineBuildGlobals(readBuildEnv(process.env))

const port = Number(process.env.E2E_PORT ?? 3100)
/** The server's lead database and mail folder during the tests (tests/e2e/leads.ts reads them). */
export const e2eDataDir = `test-data/e2e-${port}`

// End-to-end tests drive Debian's Chromium (installed with apt-get, see
// .ci/run) against the production build served by the real server.
export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    baseURL: `http://localhost:${port}`,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: {
    command: 'node --import tsx server/index.ts',
    // Every test posts from 127.0.0.1: the per-address limit would count them all together.
    env: { PORT: String(port), HOST: '127.0.0.1', DATA_DIR: e2eDataDir, LEAD_RATE_LIMIT: '0' },
    url: `http://localhost:${port}/`,
    reuseExistingServer: !process.env.CI,
    timeout: 30_000,
  },
})
