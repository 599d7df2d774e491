// The second build the end-to-end tests run against, for what only a build
// with a measurement id does (consent, measurement, the share event:
// tests/e2e/measured/). `npm run build:measured` makes it
// (scripts/build-measured.ts); playwright.config.ts serves it.

/** Its measurement id. */
export const testMeasurementId = 'G-E2ETEST000'

/** The settings it is built with: the id, and a folder of its own beside `build/`. */
export const measuredBuildEnv = { BUILD_DIR: 'build-measured', VITE_GA_MEASUREMENT_ID: testMeasurementId } as const

/** The server's CLIENT_DIR for it. */
export const measuredClientDir = `${measuredBuildEnv.BUILD_DIR}/client`
