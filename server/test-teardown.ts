import { afterAll, onTestFinished } from 'vitest'

/**
 * For the tests' helpers: runs `stop` once what called the helper is over,
 * the test that called it, or the file's or the describe's tests where it was
 * called at their top level. Vitest never runs an `afterAll` registered while
 * a test runs (nor while a `beforeAll` runs: such a hook stops what it started
 * itself), so a helper that always registered one left its server, process,
 * database or folder behind each time a test called it.
 */
export function whenDone(stop: () => unknown): void {
  try {
    onTestFinished(async () => {
      await stop()
    })
  } catch {
    // Not inside a test: Vitest refuses onTestFinished there, and afterAll is the hook that runs.
    afterAll(async () => {
      await stop()
    })
  }
}
