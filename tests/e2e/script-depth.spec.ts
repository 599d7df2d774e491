import { expect, test } from '@playwright/test'
import { pages } from '#app/lib/site/registry.ts'
import { createChainReader, pageEntries, slowEntries } from '#tests/gates/script-depth.ts'
import { getAnswer } from './support.ts'

// The round-trip gate (tests/gates/script-depth.ts) over every page of the
// registry as the server sends it, the pages rendered on demand included: a
// page's own scripts run after two round trips at most, an island's code
// after four.

test("every page's scripts arrive in two round trips, and each island's in four", async ({ request, baseURL }) => {
  const reader = createChainReader(async (url) => {
    const response = await getAnswer(request, new URL(url).pathname)
    expect(response.status(), url).toBe(200)
    return response.text()
  })
  const problems: string[] = []
  let entries = 0
  for (const entry of pages) {
    const response = await getAnswer(request, entry.path)
    expect(response.status(), entry.path).toBe(200)
    const found = pageEntries(await response.text(), new URL(entry.path, baseURL).href)
    entries += found.length
    problems.push(...(await slowEntries(entry.path, found, reader)))
  }
  // Every page has the shell's script and Astro's prefetch at least.
  expect(entries).toBeGreaterThanOrEqual(pages.length * 2)
  expect(problems).toEqual([])
})
