import { expect, test } from '@playwright/test'
import { pages } from '#app/lib/site/registry.ts'
import { site } from '#app/lib/site/site.ts'
import { strategyCall } from '#app/lib/booking/strategy-call.ts'
import { auditRequest } from '#app/lib/leads/audit-request.ts'
import { auditRequestProblems, strategyCallProblems } from '#tests/gates/strategy-call.ts'
import { getAnswer } from './support.ts'

// The strategy-call gate (tests/gates/strategy-call.ts) over every page of
// the registry and the not-found page, as the server sends them: every link
// that offers the call reads "Book your free strategy call" and goes to the
// booking page, and only the contact page links to an outside scheduling page.

test('every strategy-call link of every page has one label and one destination', async ({ request }) => {
  const call = { ...strategyCall, bookingUrl: site.bookingUrl }
  const problems: string[] = []
  const offering: string[] = []
  await Promise.all(
    [...pages.map((entry) => entry.path), '/no-such-page'].map(async (path) => {
      const response = await getAnswer(request, path)
      const html = await response.text()
      problems.push(...strategyCallProblems(path, html, call).map((problem) => `${path}: ${problem}`))
      if (html.includes(`>${strategyCall.label}<`)) offering.push(path)
    }),
  )
  expect(problems.sort()).toEqual([])
  // The header offers the call on every page, so the gate has links to read everywhere.
  expect(offering).toHaveLength(pages.length + 1)
})

test('every link that asks for the free marketing audit reads one of its two labels', async ({ request }) => {
  const problems: string[] = []
  let links = 0
  await Promise.all(
    pages.map(async ({ path }) => {
      const html = await (await getAnswer(request, path)).text()
      problems.push(...auditRequestProblems(html, auditRequest).map((problem) => `${path}: ${problem}`))
      links += html.split(`href="${auditRequest.href.replace('&', '&amp;')}"`).length - 1
    }),
  )
  expect(problems.sort()).toEqual([])
  // Read on many pages: the gate has links to judge.
  expect(links).toBeGreaterThan(50)
})
