import { expect, test } from '@playwright/test'
import { pages } from '#app/lib/registry.ts'
import {
  createChainReader,
  islandModuleGraph,
  modulePreloads,
  pageEntries,
  slowEntries,
} from '#tests/gates/script-depth.ts'
import { attribute, findElements, parseHtml } from '#tests/gates/html-dom.ts'
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

// The booking form is what /book is for, and wakes as soon as the page is idle:
// the page preloads every module the form and React's renderer import, so they
// all arrive one round trip after the page, not one per level of imports
// (app/lib/island-modules.ts).
test("/book preloads every module of its booking form and of React's renderer", async ({ request, baseURL }) => {
  const response = await getAnswer(request, '/book')
  expect(response.status()).toBe(200)
  const html = await response.text()
  const pageUrl = new URL('/book', baseURL).href
  // The form's island, not the toaster's, which wakes on a toast.
  const [form] = findElements(
    parseHtml(html),
    (element) => element.name === 'astro-island' && attribute(element, 'component-export') === 'BookingForm',
  )
  const entries = ['component-url', 'renderer-url'].map((name) => ({
    kind: 'island' as const,
    url: new URL(attribute(form!, name)!, pageUrl).href,
  }))
  const preloads = modulePreloads(html, pageUrl)
  const read = async (url: string) => (await getAnswer(request, new URL(url).pathname)).text()
  const graph = await islandModuleGraph(entries, read)
  // React, React's DOM, the form and what it shares with other islands.
  expect(graph.length).toBeGreaterThanOrEqual(5)
  // Each once, and nothing the form does not run.
  expect(preloads.toSorted()).toEqual(graph.toSorted())
})
