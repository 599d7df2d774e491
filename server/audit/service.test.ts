import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createMemoryRateLimiter, unlimited } from '../store/rate-limit.ts'
import { openTestStore } from '../store/test-store.ts'
import { pageSpeedInsights } from './field-data.ts'
import { createAuditFetch, type AuditFetchPolicy } from './safe-fetch.ts'
import { AUDIT_UNAVAILABLE, auditService } from './service.ts'
import {
  goodSiteRoutes,
  page,
  poorSiteRoutes,
  startFixtureSite,
  type FixtureRoute,
  type FixtureSite,
} from './test-fixture-sites.ts'

// The instant audit as the audit action runs it (server/audit/service.ts): real fixture websites on
// loopback, reached only through the test allowlist (AUDIT_ALLOW_HOSTS), a real SQLite store.

let good: FixtureSite
let poor: FixtureSite
let loopback: FixtureSite
const sites: FixtureSite[] = []

beforeAll(async () => {
  good = await startFixtureSite(goodSiteRoutes())
  poor = await startFixtureSite(poorSiteRoutes())
  loopback = await startFixtureSite({ '/': page('<!doctype html><title>Internal</title>') })
  sites.push(good, poor, loopback)
})
afterAll(() => Promise.all(sites.map((site) => site.close())))

/** A service whose grader reaches the named fixture sites, and nothing else by name. */
function serviceFor(hosts: Record<string, FixtureSite>, options: Partial<Parameters<typeof auditService>[0]> = {}) {
  const policy: AuditFetchPolicy = {
    userAgent: 'NorthpeakAudit/1.0 (+https://northpeak.example/audit)',
    allowHosts: new Map(Object.entries(hosts).map(([name, site]) => [name, { address: '127.0.0.1', port: site.port }])),
    // No name resolves outside the fixtures: a third party's script is simply not found, at once.
    resolve: async (hostname) => {
      // As the system resolves localhost, and a name of someone's that points at loopback.
      if (hostname === 'localhost')
        return [
          { address: '127.0.0.1', family: 4 },
          { address: '::1', family: 6 },
        ]
      if (hostname === 'loopback.test') return [{ address: '127.0.0.1', family: 4 }]
      throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' })
    },
  }
  const { store } = openTestStore()
  const service = auditService({
    store,
    fetch: createAuditFetch(policy),
    policy,
    visitorLimiter: unlimited,
    hostLimiter: unlimited,
    log: { info: () => {} },
    ...options,
  })
  return { service, store }
}

describe('grading a fixture website', () => {
  test('a well-built page scores high, with its evidence, and is stored under an unguessable id', async () => {
    const { service, store } = serviceFor({ 'www.alderoak.example': good })
    const outcome = await service.grade('http://www.alderoak.example/', '192.0.2.1')
    if (!outcome.ok) throw new Error(outcome.message)
    const { report } = outcome
    expect(report.id).toMatch(/^[\w-]{22}$/)
    expect(await store.getAuditReport(report.id, Date.now())).toEqual(report)
    const finding = (id: string) => report.result.findings.find((each) => each.id === id)!
    // Served over plain http: HTTPS and HSTS are what it lacks, and nothing else fails.
    expect(report.result.findings.filter((each) => each.status === 'fail').map((each) => each.id)).toEqual([
      'https',
      'hsts',
    ])
    expect(report.result.score).toBeGreaterThanOrEqual(80)
    expect(finding('title')).toMatchObject({ status: 'pass' })
    expect(finding('broken-links')).toMatchObject({ status: 'pass' })
    expect(finding('compression').evidence.join('\n')).toMatch(/gzip/)
    expect(finding('sitemap').status).toBe('pass')
    // The grader named itself and sent no cookie.
    const first = good.requests.find((request) => request.path === '/')!
    expect(first.headers['user-agent']).toBe('NorthpeakAudit/1.0 (+https://northpeak.example/audit)')
    expect(first.headers.cookie).toBeUndefined()
  })

  test('a poor page scores low, its worst problems first, with the evidence of each', async () => {
    const { service } = serviceFor({ 'www.springfield-plumbing.example': poor })
    const outcome = await service.grade('http://www.springfield-plumbing.example/', '192.0.2.1')
    if (!outcome.ok) throw new Error(outcome.message)
    const { result } = outcome.report
    expect(result.score).toBeLessThanOrEqual(45)
    expect(result.top[0]).toBe('https')
    const broken = result.findings.find((each) => each.id === 'broken-links')!
    // Every link of the fixture answers 404 but its home page: each is named with its status.
    expect(broken.status).toBe('fail')
    expect(broken.evidence).toContain('http://www.springfield-plumbing.example/old-offer → 404')
    const consent = result.findings.find((each) => each.id === 'consent')!
    expect(consent.status).toBe('fail')
  })

  test('with PageSpeed Insights (PSI_API_KEY): its figures in the report and in the speed score', async () => {
    const psi = await startFixtureSite({
      '/runPagespeed': (_request, response) =>
        response.writeHead(200, { 'content-type': 'application/json' }).end(
          JSON.stringify({
            lighthouseResult: { categories: { performance: { score: 0.41 } } },
            loadingExperience: { metrics: { LARGEST_CONTENTFUL_PAINT_MS: { percentile: 5200 } } },
          }),
        ),
    })
    sites.push(psi)
    const without = serviceFor({ 'www.alderoak.example': good })
    const withPsi = serviceFor(
      { 'www.alderoak.example': good },
      { fieldData: pageSpeedInsights({ key: 'test-key', endpoint: `${psi.origin}/runPagespeed` }) },
    )
    const plain = await without.service.grade('http://www.alderoak.example/', '192.0.2.1')
    const measured = await withPsi.service.grade('http://www.alderoak.example/', '192.0.2.1')
    if (!plain.ok || !measured.ok) throw new Error('not graded')
    expect(measured.report.result.fieldData).toEqual({ labScore: 41, lcpMs: 5200, inpMs: null, cls: null })
    expect(plain.report.result.fieldData).toBeNull()
    const speed = (outcome: typeof plain) => outcome.report.result.categories.find((each) => each.id === 'performance')!
    expect(speed(measured).score).toBeLessThan(speed(plain).score)
    expect(measured.report.result.findings.find((each) => each.id === 'field-data')?.status).toBe('fail')
  })

  test('the same address within a day is not fetched again: a new report, the same result', async () => {
    const { service } = serviceFor({ 'www.alderoak.example': good })
    const first = await service.grade('http://www.alderoak.example/', '192.0.2.1')
    const before = good.count()
    const second = await service.grade('http://www.alderoak.example/', '192.0.2.2')
    if (!first.ok || !second.ok) throw new Error('not graded')
    expect(good.count()).toBe(before)
    expect(second.report.id).not.toBe(first.report.id)
    expect(second.report.result).toEqual(first.report.result)
  })
})

describe('what the grader refuses, without a connection to the target', () => {
  const refused = [
    ['http://127.0.0.1/', /loopback/],
    ['http://localhost/', /loopback/],
    ['http://[::1]/', /loopback/],
    ['http://[::ffff:127.0.0.1]/', /IPv4-mapped|mapped/i],
    ['http://0x7f000001/', /loopback/],
    ['http://2130706433/', /loopback/],
    ['http://10.0.0.1/', /private/],
    ['http://169.254.169.254/latest/meta-data/', /link-local/],
    ['http://loopback.test/', /loopback/],
    ['file:///etc/passwd', /Only http and https/],
    ['gopher://example.com/', /Only http and https/],
    ['http://example.com:22/', /port 22/],
  ] as const

  test.each(refused)('%s', async (url, reason) => {
    const { service, store } = serviceFor({ 'www.alderoak.example': good })
    const before = loopback.connections()
    const outcome = await service.grade(url, '192.0.2.1')
    expect(outcome).toMatchObject({ ok: false, reason: 'refused', message: expect.stringMatching(reason) })
    expect(loopback.connections()).toBe(before)
    expect(await store.recentAuditResult(url, 0)).toBeNull()
  })

  test('the loopback fixture itself, by its port: refused, not one connection', async () => {
    const { service } = serviceFor({ 'www.alderoak.example': good })
    for (const url of [`http://127.0.0.1:${loopback.port}/`, `http://localhost:${loopback.port}/`]) {
      expect(await service.grade(url, '192.0.2.1')).toMatchObject({ ok: false, reason: 'refused' })
    }
    expect(loopback.connections()).toBe(0)
  })

  test('an allowed fixture that redirects to a loopback address: refused at the hop', async () => {
    const hop = await startFixtureSite({
      '/': (_request, response) => response.writeHead(302, { location: `http://127.0.0.1:${loopback.port}/` }).end(),
      '/home': (_request, response) => response.writeHead(301, { location: 'http://localhost/admin' }).end(),
    })
    sites.push(hop)
    const { service } = serviceFor({ 'hop.test': hop })
    expect(await service.grade('http://hop.test/', '192.0.2.1')).toMatchObject({
      ok: false,
      reason: 'refused',
      message: `Only ports 80 and 443 can be checked: this address asks for port ${loopback.port}.`,
    })
    expect(await service.grade('http://hop.test/home', '192.0.2.1')).toMatchObject({
      ok: false,
      reason: 'refused',
      message: expect.stringMatching(/loopback/),
    })
    expect(hop.count()).toBe(2)
    expect(loopback.connections()).toBe(0)
  })
})

describe('the caps', () => {
  test('a 50 MB page is read up to 2 MB and graded on that', async () => {
    const huge = await startFixtureSite({
      '/': (_request, response) => {
        response.writeHead(200, { 'content-type': 'text/html' })
        response.write('<!doctype html><html lang="en"><head><title>Huge</title></head><body>')
        const chunk = Buffer.alloc(1024 * 1024, 'a')
        let sent = 0
        const more = () => {
          while (sent < 50 && response.write(chunk)) sent += 1
          if (sent < 50) response.once('drain', more)
          else response.end('</body></html>')
        }
        more()
      },
    })
    sites.push(huge)
    const { service } = serviceFor({ 'huge.test': huge })
    const outcome = await service.grade('http://huge.test/', '192.0.2.1')
    if (!outcome.ok) throw new Error(outcome.message)
    const weight = outcome.report.result.findings.find((each) => each.id === 'html-weight')!
    expect(weight).toMatchObject({ status: 'fail', summary: expect.stringMatching(/over 2 MB/) })
  })

  test('a server that never answers ends at the deadline, with a clear message', async () => {
    const silent = await startFixtureSite({ '/': () => {} })
    sites.push(silent)
    const { service } = serviceFor({ 'silent.test': silent }, { deadlineMs: 1000 })
    const outcome = await service.grade('http://silent.test/', '192.0.2.1')
    expect(outcome).toMatchObject({
      ok: false,
      reason: 'failed',
      message: expect.stringMatching(/did not answer|time/i),
    })
  }, 10_000)

  test('20 gradings of different websites at once all finish, at most 4 at a time', async () => {
    let inFlight = 0
    let most = 0
    const slow: FixtureRoute = (request, response) => {
      inFlight += 1
      most = Math.max(most, inFlight)
      setTimeout(() => {
        inFlight -= 1
        page('<!doctype html><html lang="en"><title>Slow</title><h1>Slow</h1></html>')(request, response)
      }, 150)
    }
    const busy = await startFixtureSite({ '/': slow })
    sites.push(busy)
    const hosts = Object.fromEntries(Array.from({ length: 20 }, (_, index) => [`site-${index}.test`, busy]))
    const { service } = serviceFor(hosts, { concurrency: 4 })
    const outcomes = await Promise.all(Object.keys(hosts).map((host) => service.grade(`http://${host}/`, '192.0.2.1')))
    expect(outcomes.every((outcome) => outcome.ok)).toBe(true)
    // Each grading asks for the page once: never more than four pages were being read at once.
    expect(busy.count('/')).toBe(20)
    expect(most).toBe(4)
  })

  test('a store that cannot keep the report (a full disk): said to the visitor, nothing kept', async () => {
    const { service, store } = serviceFor({ 'www.alderoak.example': good })
    store.insertAuditReport = () => Promise.reject(new Error('SQLITE_FULL: database or disk is full'))
    expect(await service.grade('http://www.alderoak.example/', '192.0.2.1')).toEqual({
      ok: false,
      reason: 'unavailable',
      message: AUDIT_UNAVAILABLE,
    })
  })

  test('limits: per visitor, and per website for fresh gradings', async () => {
    const visitorLimiter = createMemoryRateLimiter({ limit: 2, windowMs: 60_000 })
    const hostLimiter = createMemoryRateLimiter({ limit: 1, windowMs: 60_000 })
    const { service } = serviceFor({ 'www.alderoak.example': good }, { visitorLimiter, hostLimiter })
    expect((await service.grade('http://www.alderoak.example/', '192.0.2.9')).ok).toBe(true)
    // The same address within a day is the stored result: no fetch, so the website's count stays.
    expect((await service.grade('http://www.alderoak.example/', '192.0.2.10')).ok).toBe(true)
    // Another page of the website is fetched afresh: past the website's limit.
    expect(await service.grade('http://www.alderoak.example/kitchens', '192.0.2.10')).toMatchObject({
      ok: false,
      reason: 'busy',
      message: 'www.alderoak.example has been audited many times in the last hour: try again later.',
    })
    // The first visitor's third audit: past their own limit, before anything else.
    await service.grade('http://www.alderoak.example/', '192.0.2.9')
    expect(await service.grade('http://www.alderoak.example/', '192.0.2.9')).toMatchObject({
      ok: false,
      reason: 'busy',
      message: 'You have asked for many audits in the last hour: try again later.',
    })
    visitorLimiter.close()
    hostLimiter.close()
  })
})
