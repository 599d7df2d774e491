// `npm run build:measured`: the site built a second time, with the test
// measurement id, into build-measured/ (tests/e2e/measured-build.ts), for the
// end-to-end tests of tests/e2e/measured/. `npm run validate` makes it beside
// `npm run check:html` and tells the tests so (E2E_MEASURED_BUILT=1); without
// that, `npm run test:e2e` makes it as it starts (playwright.config.ts).
import { spawnSync } from 'node:child_process'
import { measuredBuildEnv } from '#tests/e2e/measured-build.ts'

const { status } = spawnSync('npm', ['run', 'build', '--silent'], {
  stdio: 'inherit',
  env: { ...process.env, ...measuredBuildEnv },
})
process.exit(status ?? 1)
