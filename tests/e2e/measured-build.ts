// The second build the end-to-end tests run against, for what only a build
// with a measurement id does (consent, measurement, the share event:
// tests/e2e/measured/) and what a build with an outside scheduling page says
// (tests/e2e/measured/legal.spec.ts). `npm run build:measured` makes it
// (scripts/build-measured.ts); playwright.config.ts serves it.

/** Its measurement id. */
export const testMeasurementId = 'G-E2ETEST000'

/** The outside scheduling page it links from /contact (BOOKING_URL), which the first build has none of. */
export const testBookingUrl = 'https://cal.northpeak.example/strategy-call'

/**
 * The settings it is built with: the id, an outside scheduling page, and a
 * folder of its own beside `build/`.
 */
export const measuredBuildEnv = {
  BUILD_DIR: 'build-measured',
  VITE_GA_MEASUREMENT_ID: testMeasurementId,
  BOOKING_URL: testBookingUrl,
} as const

/** The server's CLIENT_DIR for it. */
export const measuredClientDir = `${measuredBuildEnv.BUILD_DIR}/client`
