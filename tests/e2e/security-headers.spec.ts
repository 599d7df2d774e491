import { expect, test, type APIRequestContext } from '@playwright/test'
import { readBuildEnv } from '#app/lib/site/build-env.ts'
import { pages } from '#app/lib/site/registry.ts'
import { securityHeaderProblems } from '#tests/gates/security-headers.ts'
import { getAnswer } from './support.ts'

// The security-header gate (docs/decisions/022-release-gates.md) against the
// real server: every page and every other kind of response carries a strict
// Content-Security-Policy (no 'unsafe-inline' or 'unsafe-eval' for scripts,
// each inline script allowed by its hash, no framing, no host but the
// analytics hosts when analytics is on), HSTS, nosniff, a referrer policy and
// a permissions policy. quality.spec.ts checks that no page breaks its policy
// in the browser.

const analytics = Boolean(readBuildEnv(process.env).VITE_GA_MEASUREMENT_ID)

async function problemsOf(request: APIRequestContext, path: string, status: number): Promise<string[]> {
  const response = await getAnswer(request, path, { maxRedirects: 0 })
  if (response.status() !== status) return [`${path}: answers ${response.status()}, not ${status}`]
  const headers = response.headers()
  const html = /html/.test(headers['content-type'] ?? '') ? await response.text() : undefined
  return securityHeaderProblems(headers, { analytics, html }).map((problem) => `${path}: ${problem}`)
}

test('every page carries the security headers, its policy allowing exactly its own inline scripts', async ({
  request,
}) => {
  const problems = await Promise.all(pages.map((entry) => problemsOf(request, entry.path, 200)))
  expect(problems.flat()).toEqual([])
})

test('so does every other response: not found, a redirect, assets, the feeds, the API', async ({ request }) => {
  const home = await (await getAnswer(request, '/')).text()
  const script = /<script type="module" src="(\/assets\/[^"]+\.js)"/.exec(home)?.[1]
  expect(script, 'a script the home page runs').toBeDefined()
  const responses: [path: string, status: number][] = [
    ['/no-such-page', 404],
    ['/about/', 301],
    [script!, 200],
    ['/og-image.jpg', 200],
    ['/sitemap.xml', 200],
    ['/rss.xml', 200],
    ['/blog/search.json', 200],
    ['/api/health', 200],
  ]
  const problems = await Promise.all(responses.map(([path, status]) => problemsOf(request, path, status)))
  expect(problems.flat()).toEqual([])
})
