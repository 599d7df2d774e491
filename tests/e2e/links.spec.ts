import { writeFileSync } from 'node:fs'
import { expect, test } from '@playwright/test'
import { indexablePages, pages } from '#app/lib/site/registry.ts'
import { site } from '#app/lib/site/site.ts'
import { createCrawler, type Fetcher } from '#tests/gates/links.ts'
import { getAnswer } from './support.ts'

// The link gate (docs/decisions/022-release-gates.md) over the site as the
// server sends it: every link, #anchor and asset found from / works, every
// page of the registry can be reached from / by links, and the links that
// leave the site are listed (external-links.txt beside the test's results),
// never fetched.

test('every link, #anchor and asset works, and every page of the registry is reachable from /', async ({
  request,
  baseURL,
}, testInfo) => {
  // A crawl of the whole site, some 300 requests: 15 s alone on a 2-core machine, past 30 s
  // beside two other workers on a slower one.
  test.setTimeout(90_000)
  const fetch: Fetcher = async (pathAndQuery) => {
    const response = await getAnswer(request, pathAndQuery, { maxRedirects: 0 })
    const headers = response.headers()
    const contentType = headers['content-type'] ?? ''
    return {
      status: response.status(),
      contentType,
      body: /html|svg/.test(contentType) ? await response.text() : '',
      location: headers.location,
    }
  }
  const crawler = createCrawler({ base: baseURL!, origin: site.origin, fetch })

  const fromHome = await crawler.crawl([{ path: '/' }])
  const reached = new Set(fromHome.pages.map((path) => new URL(path, baseURL).pathname))
  const unreachable = indexablePages.map((entry) => entry.path).filter((path) => !reached.has(path))

  // Pages kept out of search engines need no link to them (a sent form lands
  // on /thank-you), and the not-found page answers 404: their links must work all the same.
  const report = await crawler.crawl([
    ...pages.filter((entry) => entry.noIndex).map((entry) => ({ path: entry.path })),
    { path: '/no-such-page', status: 404 },
  ])

  const external = [...report.external]
    .map(([url, from]) => `${url}\t${from.size} page${from.size === 1 ? '' : 's'}, e.g. ${[...from][0]}`)
    .sort()
  const list = testInfo.outputPath('external-links.txt')
  writeFileSync(list, `${external.join('\n')}\n`)
  await testInfo.attach('external-links', { path: list, contentType: 'text/plain' })
  console.log(
    `links: ${report.pages.length} pages read, ${report.checked} URLs of the site checked; ` +
      `${external.length} external links, not fetched, listed in ${list}`,
  )

  expect(report.broken, 'broken links, #anchors and assets').toEqual([])
  expect(unreachable, 'pages of the registry that no chain of links from / reaches').toEqual([])
})
