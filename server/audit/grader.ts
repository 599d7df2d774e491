import type { AuditResult, FieldData } from '#app/lib/audit/report.ts'
import { gradeSite } from './checks.ts'
import type { SiteEvidence } from './evidence.ts'
import type { AuditFetch, FetchFailure, FetchOutcome } from './fetched.ts'
import { AUDIT_LIMITS } from '#app/lib/audit/limits.ts'
import { readPage, sitemapUrlsOf } from './page-facts.ts'

/** Bytes kept of what is read only for its status or first lines. */
const SMALL_BODY = 64 * 1024

/** Why a website could not be graded: its page could not be read as a web page. */
export type GradingFailure = FetchFailure | { kind: 'status' | 'not-html'; message: string; url: string }

/**
 * Grades one address (docs/decisions/054-the-instant-audit.md): reads the
 * page, then, a few at a time, what the checks need around it (robots.txt,
 * the sitemap, the page's scripts, its links with HEAD, the plain-http
 * address), and PageSpeed Insights beside them when it is set up; every
 * request through `fetch`, the grader's rules (safe-fetch.ts), under one
 * deadline. What the deadline cuts short is reported as not checked; only
 * the page itself is needed for a report.
 */
export async function gradeWebsite(
  requestedUrl: string,
  {
    fetch,
    fieldData,
    now,
    signal,
  }: {
    fetch: AuditFetch
    /** PageSpeed Insights for a URL (field-data.ts), or none. */
    fieldData?: (url: string, signal: AbortSignal) => Promise<FieldData | null>
    now: () => number
    /** The grading's deadline (AUDIT_LIMITS.deadlineMs). */
    signal: AbortSignal
  },
): Promise<{ ok: true; result: AuditResult } | { ok: false; failure: GradingFailure }> {
  const psi = fieldData ? fieldData(requestedUrl, signal).catch(() => null) : Promise.resolve(null)
  const first = await fetch(requestedUrl, { signal })
  if (!first.ok) return { ok: false, failure: first.failure }
  const page = first.response
  if (page.status >= 400) {
    return {
      ok: false,
      failure: { kind: 'status', url: page.url, message: `${page.url} answered ${page.status}: check the address.` },
    }
  }
  const type = page.headers['content-type'] ?? ''
  if (type !== '' && !/\b(text\/html|application\/xhtml\+xml)\b/i.test(type)) {
    return {
      ok: false,
      failure: { kind: 'not-html', url: page.url, message: `${page.url} is not a web page (${type.split(';')[0]}).` },
    }
  }
  const facts = readPage(page.body.toString('utf8'), page.url)
  const origin = new URL(page.url).origin
  const inTurn = turns(AUDIT_LIMITS.requestsPerGrading)
  const get = (url: string, maxBodyBytes?: number) => inTurn(() => fetch(url, { signal, maxBodyBytes }))

  const plainHttp = page.url.startsWith('https:')
    ? get(page.url.replace(/^https:/, 'http:'), SMALL_BODY)
    : Promise.resolve(null)
  const robotsAndSitemap = get(`${origin}/robots.txt`).then(async (robots) => {
    const named =
      robots.ok && robots.response.status === 200 ? sitemapUrlsOf(robots.response.body.toString('utf8'), page.url) : []
    const url = named[0] ?? `${origin}/sitemap.xml`
    return { robots, sitemap: { url, outcome: await get(url) } }
  })
  const scripts = facts.scripts
    .flatMap((script) => (script.src ? [script.src] : []))
    .filter((url, index, all) => all.indexOf(url) === index)
    .slice(0, AUDIT_LIMITS.scripts)
    .map(async (url) => ({ url, firstParty: new URL(url).origin === origin, outcome: await get(url) }))
  const links = facts.links.slice(0, AUDIT_LIMITS.links).map(async (url) => ({ url, outcome: await linkStatus(url) }))

  /** HEAD, or a short GET where a server does not take HEAD (405, 501). */
  async function linkStatus(url: string): Promise<FetchOutcome> {
    const head = await inTurn(() => fetch(url, { signal, method: 'HEAD' }))
    if (head.ok && (head.response.status === 405 || head.response.status === 501)) return get(url, SMALL_BODY)
    return head
  }

  const evidence: SiteEvidence = {
    requestedUrl,
    page,
    facts,
    plainHttp: await plainHttp,
    ...(await robotsAndSitemap),
    scripts: await Promise.all(scripts),
    links: await Promise.all(links),
    fieldData: await psi,
  }
  return { ok: true, result: gradeSite(evidence, now()) }
}

/**
 * Runs the tasks given to it `count` at a time, in the order they came: a
 * task that ends hands its turn to the first one waiting.
 */
export function turns(count: number) {
  let running = 0
  const waiting: (() => void)[] = []
  return async function inTurn<T>(task: () => Promise<T>): Promise<T> {
    if (running < count) running += 1
    else await new Promise<void>((resolve) => waiting.push(resolve))
    try {
      return await task()
    } finally {
      const next = waiting.shift()
      if (next) next()
      else running -= 1
    }
  }
}
