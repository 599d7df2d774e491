import { defineConfig, devices } from '@playwright/test'
import { defineBuildGlobals, readBuildEnv } from './app/lib/site/build-env.ts'
import { measuredBuildEnv, measuredClientDir } from './tests/e2e/measured-build.ts'

// Tests read content files the way the build does, placeholders resolved from
// the site config (app/lib/content/placeholders.ts), which reads build settings.
defineBuildGlobals(readBuildEnv(process.env))

const port = Number(process.env.E2E_PORT ?? 3100)
/** The server's lead database and mail folder during the tests (tests/e2e/leads.ts reads them). */
export const e2eDataDir = `test-data/e2e-${port}`
// A second build, with a test measurement id, for what only such a build does
// (consent, measurement, the share event): built into build-measured/ and
// served on a port of its own, 1000 above E2E_PORT unless E2E_MEASURED_PORT says.
// `npm run validate` builds it beside the HTML checks and says so with
// E2E_MEASURED_BUILT; otherwise the run builds it first.
const measuredPort = Number(process.env.E2E_MEASURED_PORT ?? port + 1000)

// End-to-end tests drive Debian's Chromium headless shell (installed with
// apt-get, see .ci/run and docs/stack.md) against the production build served
// by the real server: the same engine as the browser, without its window, and
// twice as fast over the suite on a 2-core machine.
export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  // Three workers keep both cores of a CI machine busy while each waits on its
  // browser (docs/stack.md).
  workers: process.env.CI ? 3 : undefined,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    baseURL: `http://localhost:${port}`,
    // Without the scroll-driven rise of sections (app/app.css): Playwright
    // scrolls a control into view and clicks it within a frame, while the rise
    // still moves it, and the click lands beside it (6 of 60 clicks on a
    // dashboard link lost under three workers; none of 60 without the rise).
    // A person clicks once the scroll has settled and the rise is done. The
    // rise itself is tested with motion allowed (typeface.spec.ts).
    reducedMotion: 'reduce',
    // A trace records every action of every test to keep those of the failures:
    // a quarter of the suite's time (docs/stack.md), and a CI machine keeps no files.
    trace: process.env.CI ? 'off' : 'retain-on-failure',
    launchOptions: {
      executablePath: '/usr/lib/chromium/chromium-headless-shell',
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
  projects: [
    { name: 'chromium', testIgnore: 'measured/**', use: { ...devices['Desktop Chrome'], channel: undefined } },
    {
      name: 'measured',
      testMatch: 'measured/**/*.spec.ts',
      use: { ...devices['Desktop Chrome'], channel: undefined, baseURL: `http://localhost:${measuredPort}` },
    },
  ],
  // A server the run starts begins with an empty lead store and mail folder,
  // as on a fresh clone: the booking tests choose among the times still free,
  // and a store kept from earlier runs fills days up to the daily cap. A
  // server already running (reused, outside CI) keeps its own.
  webServer: [
    {
      command: `rm -rf ${e2eDataDir} && node --import tsx server/index.ts`,
      // Every test posts from 127.0.0.1: the per-address limits would count them all together, and a
      // server kept between runs would see a surge of bookings. The limits are tested with servers of
      // their own (server/booking-actions.test.ts, and the surge in tests/e2e/booking.spec.ts).
      env: {
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: e2eDataDir,
        LEAD_RATE_LIMIT: '0',
        BOOKING_NETWORK_LIMIT: '0',
        BOOKING_SURGE_LIMIT: '0',
        // Its calls are video calls at this link; the phone call has a server of its own (booking-details.spec.ts).
        MEETING_URL: 'https://meet.northpeak.example/strategy-call',
      },
      url: `http://localhost:${port}/`,
      reuseExistingServer: !process.env.CI,
      timeout: 30_000,
    },
    {
      // Builds first (about 20 s), so the measured build is never older than the code.
      command: `rm -rf ${e2eDataDir}-measured && ${process.env.E2E_MEASURED_BUILT ? '' : 'npm run build:measured --silent && '}node --import tsx server/index.ts`,
      env: {
        ...measuredBuildEnv,
        CLIENT_DIR: measuredClientDir,
        PORT: String(measuredPort),
        HOST: '127.0.0.1',
        DATA_DIR: `${e2eDataDir}-measured`,
        LEAD_RATE_LIMIT: '0',
      },
      url: `http://localhost:${measuredPort}/`,
      reuseExistingServer: !process.env.CI,
      timeout: 180_000,
    },
  ],
})
