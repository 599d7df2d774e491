import { readFileSync } from 'node:fs'
import { describe, expect, test } from 'vitest'
import { auditCategories, type AuditResult, type FieldData } from '#app/lib/audit/report.ts'
import { auditChecks, categoryWeights, gradeSite, type AuditCheckId } from './checks.ts'
import type { SiteEvidence } from './evidence.ts'
import type { Fetched, FetchFailure, FetchOutcome } from './fetched.ts'
import { readPage, type PageFacts } from './page-facts.ts'

// The checks on evidence built by hand: the two fixture pages as the grader
// would have read them, then one change at a time for each check.

const now = Date.parse('2026-03-02T10:00:00Z')
const KB = 1024

/** A response as safe-fetch.ts would hand it over. */
function fetched(
  url: string,
  init: {
    status?: number
    headers?: Record<string, string>
    body?: string | Buffer
    transferBytes?: number
    truncated?: boolean
    requestedUrl?: string
    redirects?: { status: number; url: string }[]
  } = {},
): Fetched {
  const body = typeof init.body === 'string' ? Buffer.from(init.body) : (init.body ?? Buffer.alloc(0))
  return {
    requestedUrl: init.requestedUrl ?? url,
    url,
    status: init.status ?? 200,
    headers: init.headers ?? {},
    body,
    transferBytes: init.transferBytes ?? body.length,
    truncated: init.truncated ?? false,
    redirects: init.redirects ?? [],
    elapsedMs: 120,
  }
}
const ok = (response: Fetched): FetchOutcome => ({ ok: true, response })
const failed = (url: string, kind: FetchFailure['kind']): FetchOutcome => ({
  ok: false,
  failure: { kind, message: `${kind} at ${url}`, url },
})
/** A script of this many KB, as fetched. */
const script = (url: string, kb: number, headers: Record<string, string> = {}) =>
  ok(fetched(url, { headers, body: Buffer.alloc(kb * KB, 'x'), transferBytes: kb * KB }))

// The good page: a joinery's home page over HTTPS, with every header, light scripts of its own.
const goodUrl = 'https://www.alderoak.example/'
const goodHtml = readFileSync(new URL('./fixtures/good-page.html', import.meta.url), 'utf8')
const goodFacts = readPage(goodHtml, goodUrl)
const goodHeaders: Record<string, string> = {
  'content-type': 'text/html; charset=utf-8',
  'content-encoding': 'br',
  'cache-control': 'no-cache',
  etag: '"17a4-5f3a"',
  'strict-transport-security': 'max-age=63072000; includeSubDomains',
  'content-security-policy':
    "default-src 'self'; img-src 'self' data:; frame-ancestors 'none'; base-uri 'self'; form-action 'self'",
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
}
const goodRobots = 'User-agent: *\nDisallow: /checkout/\n\nSitemap: https://www.alderoak.example/sitemap.xml\n'
const goodSitemap = `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
${['', 'kitchens', 'staircases', 'fitted-furniture', 'about', 'contact'].map((path) => `<url><loc>${goodUrl}${path}</loc></url>`).join('\n')}
</urlset>`

function goodEvidence(): SiteEvidence {
  return {
    requestedUrl: 'https://alderoak.example/',
    page: fetched(goodUrl, {
      requestedUrl: 'https://alderoak.example/',
      redirects: [{ status: 301, url: goodUrl }],
      headers: { ...goodHeaders },
      body: goodHtml,
      transferBytes: 1900,
    }),
    facts: goodFacts,
    plainHttp: ok(
      fetched(goodUrl, { requestedUrl: 'http://www.alderoak.example/', redirects: [{ status: 301, url: goodUrl }] }),
    ),
    robots: ok(fetched(`${goodUrl}robots.txt`, { headers: { 'content-type': 'text/plain' }, body: goodRobots })),
    sitemap: {
      url: `${goodUrl}sitemap.xml`,
      outcome: ok(
        fetched(`${goodUrl}sitemap.xml`, { headers: { 'content-type': 'application/xml' }, body: goodSitemap }),
      ),
    },
    scripts: [
      {
        url: `${goodUrl}app.js`,
        firstParty: true,
        outcome: script(`${goodUrl}app.js`, 18, {
          'content-encoding': 'br',
          'cache-control': 'public, max-age=31536000, immutable',
        }),
      },
      {
        url: `${goodUrl}js/script.js`,
        firstParty: true,
        outcome: script(`${goodUrl}js/script.js`, 2, { 'content-encoding': 'gzip', 'cache-control': 'max-age=86400' }),
      },
    ],
    links: goodFacts.links.map((url) => ({ url, outcome: ok(fetched(url)) })),
    fieldData: null,
  }
}

// The poor page: a plumber's home page over plain http, as many were built ten years ago.
const poorUrl = 'http://www.springfield-plumbing.example/'
const poorHtml = readFileSync(new URL('./fixtures/poor-page.html', import.meta.url), 'utf8')
const poorFacts = readPage(poorHtml, poorUrl)

function poorEvidence(): SiteEvidence {
  const heavy: Record<string, number> = {
    'jquery.js': 97,
    'revolution.min.js': 180,
    'custom.js': 24,
    'gtag/js': 140,
    'fbevents.js': 72,
    'hotjar-1234567.js': 8,
  }
  const scripts = poorFacts.scripts.flatMap((pageScript) => {
    const url = pageScript.src
    if (url === null) return []
    const kb = Object.entries(heavy).find(([name]) => new URL(url).pathname.endsWith(name))?.[1] ?? 1
    return [{ url, firstParty: url.startsWith(poorUrl), outcome: script(url, kb) }]
  })
  const gone: Record<string, number> = { [`${poorUrl}old-offer`]: 404, [`${poorUrl}blog/winter-tips-2016/`]: 410 }
  return {
    requestedUrl: poorUrl,
    page: fetched(poorUrl, {
      headers: {
        'content-type': 'text/html; charset=UTF-8',
        server: 'Apache/2.4.29 (Ubuntu)',
        'x-powered-by': 'PHP/7.2.24',
      },
      body: poorHtml,
    }),
    facts: poorFacts,
    plainHttp: null,
    robots: ok(
      fetched(`${poorUrl}robots.txt`, {
        status: 404,
        headers: { 'content-type': 'text/html' },
        body: '<h1>Not Found</h1>',
      }),
    ),
    sitemap: { url: `${poorUrl}sitemap.xml`, outcome: ok(fetched(`${poorUrl}sitemap.xml`, { status: 404 })) },
    scripts,
    links: poorFacts.links.map((url) => ({ url, outcome: ok(fetched(url, { status: gone[url] ?? 200 })) })),
    fieldData: null,
  }
}

const grade = (evidence: SiteEvidence) => gradeSite(evidence, now)
/** The good evidence with some of it changed. */
const goodWith = (change: Partial<SiteEvidence>) => grade({ ...goodEvidence(), ...change })
/** The good evidence with these facts about the page instead. */
const goodFactsWith = (facts: Partial<PageFacts>) => goodWith({ facts: { ...goodFacts, ...facts } })
/** The good evidence with the page's headers changed (undefined removes one). */
function goodHeadersWith(headers: Record<string, string | undefined>) {
  const evidence = goodEvidence()
  const merged = Object.entries({ ...goodHeaders, ...headers }).flatMap(([name, value]) =>
    value === undefined ? [] : [[name, value] as const],
  )
  return grade({ ...evidence, page: { ...evidence.page, headers: Object.fromEntries(merged) } })
}
/** The facts read from a bit of HTML at the good page's address. */
const factsOf = (html: string) => readPage(html, goodUrl)

function findingOf(result: AuditResult, id: AuditCheckId) {
  const found = result.findings.find((finding) => finding.id === id)
  if (!found) throw new Error(`no ${id} finding`)
  return found
}
const categoryScore = (result: AuditResult, id: string) =>
  result.categories.find((category) => category.id === id)?.score

describe('the good page', () => {
  const result = grade(goodEvidence())

  test('scores 99: everything passes but one header', () => {
    // seo 79/79 = 100, performance 46/46 = 100, mobile 10/10 = 100,
    // security (15 + 8 + 6 + 6) / 37 = 94.6 → 95 (no permissions-policy: 3 of 4 headers, 6 of 8 points),
    // measurement 30/30 = 100.
    // Overall (30×100 + 25×100 + 15×100 + 20×95 + 10×100) / 100 = 9900 / 100 = 99.
    expect(result.categories).toEqual([
      { id: 'seo', label: 'Search engines', score: 100 },
      { id: 'performance', label: 'Speed', score: 100 },
      { id: 'mobile', label: 'Mobile', score: 100 },
      { id: 'security', label: 'Security', score: 95 },
      { id: 'measurement', label: 'Measurement and sharing', score: 100 },
    ])
    expect(result.score).toBe(99)
    expect(result.score).toBeGreaterThanOrEqual(90)
  })

  test('no finding fails, and the top list holds only the warning', () => {
    expect(result.findings.filter((finding) => finding.status === 'fail')).toEqual([])
    expect(result.top).toEqual(['security-headers'])
    expect(findingOf(result, 'security-headers')).toMatchObject({ status: 'warn', points: 6, maxPoints: 8 })
  })

  test('the report names the addresses, the time and no field data', () => {
    expect(result.requestedUrl).toBe('https://alderoak.example/')
    expect(result.url).toBe(goodUrl)
    expect(result.checkedAt).toBe(now)
    expect(result.fieldData).toBeNull()
    expect(result.findings.some((finding) => finding.id === 'field-data')).toBe(false)
  })

  test('the evidence lines are the facts as read', () => {
    expect(findingOf(result, 'hsts').evidence).toEqual([
      'strict-transport-security: max-age=63072000; includeSubDomains',
    ])
    expect(findingOf(result, 'structured-data').summary).toBe(
      'The page describes itself to search engines as: HomeAndConstructionBusiness, WebSite.',
    )
    expect(findingOf(result, 'sitemap').evidence).toEqual([
      'https://www.alderoak.example/sitemap.xml → 200',
      'named in robots.txt',
      'content-type: application/xml',
      '<urlset> with 6 <loc> entries',
    ])
    expect(findingOf(result, 'scripts').evidence).toEqual(['/app.js: 18 KB', '/js/script.js: 2.0 KB'])
    expect(findingOf(result, 'https').evidence).toContain('→ 301 https://www.alderoak.example/')
  })
})

describe('the poor page', () => {
  const result = grade(poorEvidence())

  test('scores 30', () => {
    // seo: title 5 + description 0 + h1 4 + canonical 2 + noindex 15 + lang 1 + robots 2 + sitemap 2
    //   + structured data 0 + broken links 0 + alt 0 = 31/79 = 39.2 → 39.
    // performance: weight 10 + compression 0 + caching 0 + scripts 0 + render-blocking 0 = 10/46 = 21.7 → 22.
    // mobile: viewport blocks zoom, 6/10 → 60. security: 0/37 → 0.
    // measurement: tracking 10 + consent 0 + Open Graph 2 (1 of 4 tags) + twitter 0 = 12/30 → 40.
    // Overall (30×39 + 25×22 + 15×60 + 20×0 + 10×40) / 100 = (1170 + 550 + 900 + 0 + 400) / 100 = 30.2 → 30.
    expect(result.categories.map((category) => category.score)).toEqual([39, 22, 60, 0, 40])
    expect(result.score).toBe(30)
    expect(result.score).toBeLessThanOrEqual(45)
  })

  test('the top five: failures first, each by the points of the overall score it loses', () => {
    // Lost share of the category × its weight: https 15/37×20 = 8.1, scripts 12/46×25 = 6.5,
    // compression 10/46×25 = 5.4, render-blocking 8/46×25 = 4.3, hsts 8/37×20 = 4.3 (report order
    // breaks the tie); then broken links 10/79×30 = 3.8 and consent 10/30×10 = 3.3.
    expect(result.top).toEqual(['https', 'scripts', 'compression', 'render-blocking', 'hsts'])
  })

  test('the broken links, with their addresses and statuses', () => {
    const finding = findingOf(result, 'broken-links')
    expect(finding).toMatchObject({ status: 'fail', points: 0, summary: '2 of the 8 links checked are broken.' })
    expect(finding.evidence).toEqual([
      'http://www.springfield-plumbing.example/old-offer → 404',
      'http://www.springfield-plumbing.example/blog/winter-tips-2016/ → 410',
    ])
  })

  test('the search-engine problems, each with what was read', () => {
    expect(findingOf(result, 'description')).toMatchObject({
      status: 'fail',
      evidence: ['no <meta name="description"> in the page'],
    })
    expect(findingOf(result, 'title')).toMatchObject({
      status: 'warn',
      summary: 'The title is 99 characters; search results cut titles at about 60.',
    })
    expect(findingOf(result, 'h1').evidence).toEqual([
      '<h1>Welcome to our website!</h1>',
      "<h1>Springfield's #1 Plumbers</h1>",
    ])
    expect(findingOf(result, 'robots-txt').evidence).toEqual([
      'http://www.springfield-plumbing.example/robots.txt → 404',
      'content-type: text/html',
    ])
    expect(findingOf(result, 'sitemap').status).toBe('warn')
    const jsonLd = findingOf(result, 'structured-data')
    expect(jsonLd.status).toBe('fail')
    expect(jsonLd.evidence[0]).toMatch(/^block 1: cannot be read: .*JSON/)
    expect(findingOf(result, 'image-alt')).toMatchObject({
      status: 'fail',
      summary: '4 of the page’s 5 images have no alt text.',
    })
    expect(findingOf(result, 'image-alt').evidence[0]).toBe(
      '<img src="http://www.springfield-plumbing.example/wp-content/uploads/2016/03/logo.png"> has no alt',
    )
  })

  test('the speed problems, with sizes and files', () => {
    expect(findingOf(result, 'compression')).toMatchObject({ status: 'fail' })
    expect(findingOf(result, 'compression').evidence[0]).toBe('no content-encoding header')
    expect(findingOf(result, 'caching').evidence[0]).toBe('page: no cache headers')
    const scripts = findingOf(result, 'scripts')
    expect(scripts.status).toBe('fail')
    expect(scripts.summary).toBe(
      'The page loads 6 scripts weighing 521 KB (301 KB from the site itself and 220 KB from 3 other companies’ servers); over 500 KB is heavy for a phone.',
    )
    expect(scripts.evidence.slice(0, 3)).toEqual([
      '/wp-content/plugins/revslider/public/js/jquery.themepunch.revolution.min.js?ver=5.4.8: 180 KB',
      'www.googletagmanager.com/gtag/js?id=G-XXXX: 140 KB (third party)',
      '/wp-includes/js/jquery/jquery.js?ver=1.12.4: 97 KB',
    ])
    const blocking = findingOf(result, 'render-blocking')
    expect(blocking).toMatchObject({
      status: 'fail',
      summary: 'The browser has to fetch 2 scripts and 4 stylesheets before it shows anything.',
    })
    expect(blocking.evidence[0]).toBe(
      '<script src="http://www.springfield-plumbing.example/wp-includes/js/jquery/jquery.js?ver=1.12.4"> in <head>, without async or defer',
    )
  })

  test('the security and consent problems', () => {
    expect(findingOf(result, 'https')).toMatchObject({ status: 'fail', evidence: [`page: ${poorUrl}`] })
    expect(findingOf(result, 'hsts').status).toBe('fail')
    expect(findingOf(result, 'csp').status).toBe('fail')
    expect(findingOf(result, 'security-headers')).toMatchObject({ status: 'fail', points: 0 })
    const consent = findingOf(result, 'consent')
    expect(consent.status).toBe('fail')
    expect(consent.summary).toBe(
      'Google tag (gtag.js), Meta Pixel and Hotjar run with no consent manager or Google Consent Mode on the page.',
    )
    expect(consent.evidence).toContain('Meta Pixel: https://connect.facebook.net/en_US/fbevents.js')
    expect(findingOf(result, 'viewport')).toMatchObject({ status: 'warn', points: 6 })
    expect(findingOf(result, 'viewport').summary).toContain('user-scalable=no, maximum-scale=1')
  })
})

describe('scoring', () => {
  test('the weights cover every category and add up to 100', () => {
    expect(Object.keys(categoryWeights)).toEqual(auditCategories.map((category) => category.id))
    expect(Object.values(categoryWeights).reduce((sum, weight) => sum + weight, 0)).toBe(100)
  })

  test('every check once, in the order of the categories, pointing to the service that fixes it', () => {
    const result = grade(poorEvidence())
    expect(result.findings.map((finding) => finding.id)).toEqual(
      Object.keys(auditChecks).filter((id) => id !== 'field-data'),
    )
    const order = auditCategories.map((category) => category.id)
    const positions = result.findings.map((finding) => order.indexOf(finding.category))
    expect(positions).toEqual(positions.toSorted((a, b) => a - b))
    const service = (id: AuditCheckId) => findingOf(result, id).service
    expect(service('title')).toBe('/services/content-creation')
    expect(service('image-alt')).toBe('/services/content-creation')
    expect(service('https')).toBe('/services/website-design')
    expect(service('render-blocking')).toBe('/services/website-design')
    expect(service('consent')).toBe('/services/analytics')
    expect(service('open-graph')).toBe('/services/social-media')
  })

  test('every finding is explained and keeps to ten evidence lines', () => {
    const many = goodFacts.links.concat(Array.from({ length: 20 }, (_, at) => `${goodUrl}gone-${at}`))
    const result = goodWith({
      links: many.map((url) => ({ url, outcome: ok(fetched(url, { status: url.includes('gone') ? 404 : 200 })) })),
    })
    const links = findingOf(result, 'broken-links')
    expect(links.evidence).toHaveLength(10)
    expect(links.evidence[9]).toBe('…and 11 more')
    for (const finding of [...result.findings, ...grade(poorEvidence()).findings]) {
      expect(finding.summary).not.toBe('')
      expect(finding.cost).not.toBe('')
      expect(finding.evidence.length).toBeLessThanOrEqual(10)
      expect(finding.points).toBeLessThanOrEqual(finding.maxPoints)
    }
  })

  test('a check’s points follow its status: all for a pass, none for a fail', () => {
    for (const finding of grade(poorEvidence()).findings.concat(grade(goodEvidence()).findings)) {
      if (finding.status === 'pass') expect(finding.points).toBe(finding.maxPoints)
      if (finding.status === 'fail') expect(finding.points).toBe(0)
      if (finding.status === 'warn') expect(finding.points).toBeGreaterThan(0)
      if (finding.status === 'warn') expect(finding.points).toBeLessThan(finding.maxPoints)
    }
  })

  test('at most five in the top list, warnings and failures only', () => {
    const result = grade(poorEvidence())
    expect(result.top).toHaveLength(5)
    for (const id of result.top) expect(['warn', 'fail']).toContain(findingOf(result, id as AuditCheckId).status)
  })
})

describe('search engines', () => {
  test('title: present and 10 to 60 characters passes', () => {
    expect(findingOf(grade(goodEvidence()), 'title')).toMatchObject({
      status: 'pass',
      points: 10,
      evidence: ['<title>Alder & Oak Joinery | Bespoke Kitchens in Bristol</title>'],
    })
  })

  test('title: missing fails, too short or too long warns', () => {
    expect(findingOf(goodFactsWith({ title: null }), 'title')).toMatchObject({ status: 'fail', points: 0 })
    expect(findingOf(goodFactsWith({ title: 'Home' }), 'title')).toMatchObject({
      status: 'warn',
      points: 5,
      summary: 'The title is 4 characters: too short to say what the page offers and who it is for.',
    })
    expect(findingOf(goodFactsWith({ title: 'x'.repeat(61) }), 'title').status).toBe('warn')
    expect(findingOf(goodFactsWith({ title: 'x'.repeat(60) }), 'title').status).toBe('pass')
  })

  test('meta description: missing fails, out of 50 to 160 warns', () => {
    expect(findingOf(grade(goodEvidence()), 'description').status).toBe('pass')
    expect(findingOf(goodFactsWith({ description: null }), 'description').status).toBe('fail')
    expect(findingOf(goodFactsWith({ description: 'Kitchens.' }), 'description')).toMatchObject({
      status: 'warn',
      summary: 'The description is 9 characters: too short to give searchers a reason to click.',
    })
    expect(findingOf(goodFactsWith({ description: 'x'.repeat(161) }), 'description').summary).toBe(
      'The description is 161 characters; search results usually cut it at about 160.',
    )
  })

  test('h1: exactly one passes, none fails, two or an empty one warn', () => {
    expect(findingOf(grade(goodEvidence()), 'h1')).toMatchObject({
      status: 'pass',
      evidence: ['<h1>Bespoke kitchens, built by hand in Bristol</h1>'],
    })
    expect(findingOf(goodFactsWith({ h1s: [] }), 'h1').status).toBe('fail')
    expect(findingOf(goodFactsWith({ h1s: ['A', 'B'] }), 'h1')).toMatchObject({ status: 'warn', points: 4 })
    expect(findingOf(goodFactsWith({ h1s: [''] }), 'h1').status).toBe('warn')
  })

  test('canonical: absolute on the same host passes; missing, relative or elsewhere warns', () => {
    expect(findingOf(grade(goodEvidence()), 'canonical').status).toBe('pass')
    expect(findingOf(goodFactsWith({ canonical: null, canonicalHref: null }), 'canonical')).toMatchObject({
      status: 'warn',
      points: 2,
    })
    const relative = findingOf(goodFactsWith(factsOf('<link rel="canonical" href="/">')), 'canonical')
    expect(relative).toMatchObject({ status: 'warn', points: 3 })
    expect(relative.evidence[0]).toBe('<link rel="canonical" href="/">')
    const elsewhere = findingOf(
      goodFactsWith(factsOf('<link rel="canonical" href="https://old-site.example/">')),
      'canonical',
    )
    expect(elsewhere).toMatchObject({ status: 'warn', points: 1 })
    expect(elsewhere.summary).toContain('old-site.example')
  })

  test('noindex: in a meta tag or the x-robots-tag header fails', () => {
    expect(findingOf(grade(goodEvidence()), 'noindex').status).toBe('pass')
    const meta = findingOf(goodFactsWith({ robots: [{ name: 'robots', content: 'noindex, nofollow' }] }), 'noindex')
    expect(meta).toMatchObject({
      status: 'fail',
      points: 0,
      evidence: ['<meta name="robots" content="noindex, nofollow">'],
    })
    const header = findingOf(goodHeadersWith({ 'x-robots-tag': 'noindex' }), 'noindex')
    expect(header).toMatchObject({ status: 'fail', evidence: ['x-robots-tag: noindex'] })
    expect(findingOf(goodFactsWith({ robots: [{ name: 'robots', content: 'index, follow' }] }), 'noindex').status).toBe(
      'pass',
    )
  })

  test('lang: present passes, missing warns', () => {
    expect(findingOf(grade(goodEvidence()), 'lang')).toMatchObject({
      status: 'pass',
      evidence: ['<html lang="en-GB">'],
    })
    expect(findingOf(goodFactsWith({ lang: null }), 'lang')).toMatchObject({ status: 'warn', points: 1 })
  })

  const robotsWith = (body: string, status = 200, type = 'text/plain') =>
    goodWith({
      robots: ok(fetched(`${goodUrl}robots.txt`, { status, headers: { 'content-type': type }, body })),
    })

  test('robots.txt: readable and open passes, with its Sitemap line', () => {
    const finding = findingOf(grade(goodEvidence()), 'robots-txt')
    expect(finding.status).toBe('pass')
    expect(finding.evidence).toContain('Sitemap: https://www.alderoak.example/sitemap.xml')
  })

  test('robots.txt: Disallow: / for every crawler fails', () => {
    const finding = findingOf(robotsWith('User-agent: *\nDisallow: /\n'), 'robots-txt')
    expect(finding).toMatchObject({ status: 'fail', points: 0 })
    expect(finding.evidence).toEqual([
      'https://www.alderoak.example/robots.txt → 200',
      'content-type: text/plain',
      'User-agent: *',
      'Disallow: /',
    ])
    // Shutting out one crawler, or allowing / again, is not shutting out every one.
    expect(
      findingOf(robotsWith('User-agent: BadBot\nDisallow: /\n\nUser-agent: *\nDisallow:\n'), 'robots-txt').status,
    ).toBe('pass')
    expect(findingOf(robotsWith('User-agent: *\nDisallow: /\nAllow: /\n'), 'robots-txt').status).toBe('pass')
    expect(
      findingOf(robotsWith('User-agent: Googlebot\nUser-agent: *\nDisallow: / # closed\n'), 'robots-txt').status,
    ).toBe('fail')
  })

  test('robots.txt: a server error fails; missing, a web page or no answer warns', () => {
    expect(findingOf(robotsWith('', 503), 'robots-txt')).toMatchObject({
      status: 'fail',
      summary: 'robots.txt answers with a server error (503).',
    })
    expect(findingOf(robotsWith('', 404), 'robots-txt')).toMatchObject({ status: 'warn', points: 2 })
    expect(findingOf(robotsWith('<!doctype html><p>Home</p>', 200, 'text/html'), 'robots-txt').summary).toBe(
      'robots.txt answers with a web page instead of a plain text file.',
    )
    const down = findingOf(goodWith({ robots: failed(`${goodUrl}robots.txt`, 'network') }), 'robots-txt')
    expect(down).toMatchObject({ status: 'warn', evidence: ['https://www.alderoak.example/robots.txt → no answer'] })
  })

  test('sitemap: missing or not a sitemap warns; an index passes', () => {
    const missing = findingOf(
      goodWith({
        sitemap: { url: `${goodUrl}sitemap.xml`, outcome: ok(fetched(`${goodUrl}sitemap.xml`, { status: 404 })) },
      }),
      'sitemap',
    )
    expect(missing).toMatchObject({ status: 'warn', points: 2 })
    expect(missing.evidence[0]).toBe('https://www.alderoak.example/sitemap.xml → 404')
    const html = findingOf(
      goodWith({
        sitemap: {
          url: `${goodUrl}sitemap.xml`,
          outcome: ok(fetched(`${goodUrl}sitemap.xml`, { body: '<html>Home</html>' })),
        },
      }),
      'sitemap',
    )
    expect(html.status).toBe('warn')
    const index = `<?xml version="1.0"?><sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
      <sitemap><loc>${goodUrl}pages.xml</loc></sitemap><sitemap><loc>${goodUrl}posts.xml</loc></sitemap></sitemapindex>`
    const indexFinding = findingOf(
      goodWith({
        sitemap: {
          url: `${goodUrl}sitemap_index.xml`,
          outcome: ok(fetched(`${goodUrl}sitemap_index.xml`, { body: index })),
        },
      }),
      'sitemap',
    )
    expect(indexFinding).toMatchObject({
      status: 'pass',
      summary: 'The sitemap index at https://www.alderoak.example/sitemap_index.xml lists 2 sitemaps.',
    })
  })

  test('structured data: readable blocks pass with their types; a broken block fails; none warns', () => {
    const broken = findingOf(
      goodFactsWith(
        factsOf(`<script type="application/ld+json">{"@type":"LocalBusiness"}</script>
          <script type="application/ld+json">{"@type":"FAQPage",}</script>`),
      ),
      'structured-data',
    )
    expect(broken).toMatchObject({
      status: 'fail',
      summary: '1 of the page’s 2 structured-data blocks cannot be read.',
    })
    expect(broken.evidence[0]).toBe('block 1: LocalBusiness')
    expect(broken.evidence[1]).toMatch(/^block 2: cannot be read: /)
    expect(findingOf(goodFactsWith({ jsonLd: [] }), 'structured-data')).toMatchObject({ status: 'warn', points: 2 })
  })

  test('broken links: one warns, two fail; refused, timed out and HEAD-less ones are not counted', () => {
    const links = (outcomes: Record<string, FetchOutcome>) =>
      goodWith({ links: Object.entries(outcomes).map(([url, outcome]) => ({ url, outcome })) })
    const one = findingOf(
      links({
        [`${goodUrl}a`]: ok(fetched(`${goodUrl}a`)),
        [`${goodUrl}b`]: ok(fetched(`${goodUrl}b`, { status: 404 })),
      }),
      'broken-links',
    )
    expect(one).toMatchObject({
      status: 'warn',
      points: 5,
      summary: '1 of the 2 links checked is broken.',
      evidence: ['https://www.alderoak.example/b → 404'],
    })
    const two = findingOf(
      links({
        [`${goodUrl}b`]: ok(fetched(`${goodUrl}b`, { status: 500 })),
        'https://partner.example/': failed('https://partner.example/', 'network'),
        'https://slow.example/': failed('https://slow.example/', 'timeout'),
        'http://10.0.0.1/': failed('http://10.0.0.1/', 'refused'),
        'https://nohead.example/': ok(fetched('https://nohead.example/', { status: 405 })),
      }),
      'broken-links',
    )
    expect(two.status).toBe('fail')
    expect(two.evidence).toEqual([
      'https://www.alderoak.example/b → 500',
      'https://partner.example/ → no answer',
      'not checked: https://slow.example/ (no answer in time)',
      'not checked: http://10.0.0.1/ (refused: not a public address)',
      'not checked: https://nohead.example/ → 405',
    ])
    expect(findingOf(links({}), 'broken-links')).toMatchObject({
      status: 'pass',
      summary: 'The page has no links to check.',
    })
  })

  test('image alt text: decorative images are fine; some missing warns, most missing fails', () => {
    expect(findingOf(grade(goodEvidence()), 'image-alt')).toMatchObject({
      status: 'pass',
      summary: 'All 6 images have alt text (1 marked as decoration).',
    })
    const some = findingOf(
      goodFactsWith(factsOf('<img src="/a.jpg" alt="A"><img src="/b.jpg" alt=""><img src="/c.jpg">')),
      'image-alt',
    )
    expect(some).toMatchObject({
      status: 'warn',
      points: 2,
      evidence: ['<img src="https://www.alderoak.example/c.jpg"> has no alt'],
    })
    expect(findingOf(goodFactsWith(factsOf('<img src="/a.jpg" alt="A"><img src="/c.jpg">')), 'image-alt').status).toBe(
      'fail',
    )
  })
})

describe('speed', () => {
  const pageOf = (init: Parameters<typeof fetched>[1]) => {
    const evidence = goodEvidence()
    return grade({ ...evidence, page: fetched(goodUrl, { headers: goodHeaders, body: goodHtml, ...init }) })
  }

  test('HTML weight: light passes, over 100 KB warns, over 500 KB or cut at 2 MB fails', () => {
    expect(findingOf(grade(goodEvidence()), 'html-weight')).toMatchObject({
      status: 'pass',
      evidence: ['HTML: 6.1 KB decoded, 1.9 KB transferred'],
    })
    expect(
      findingOf(pageOf({ body: Buffer.alloc(200 * KB, ' '), transferBytes: 20 * KB }), 'html-weight'),
    ).toMatchObject({
      status: 'warn',
      points: 5,
      summary: 'The HTML is 200 KB; a light page is under 100 KB.',
    })
    expect(findingOf(pageOf({ body: Buffer.alloc(600 * KB, ' ') }), 'html-weight').status).toBe('fail')
    const cut = findingOf(pageOf({ body: Buffer.alloc(2048 * KB, ' '), truncated: true }), 'html-weight')
    expect(cut).toMatchObject({ status: 'fail' })
    expect(cut.evidence).toContain('read in part: over the 2 MB limit')
  })

  test('compression: a compressed page passes; an uncompressed one fails; uncompressed own scripts warn', () => {
    expect(findingOf(grade(goodEvidence()), 'compression').evidence).toEqual([
      'content-encoding: br',
      'HTML: 1.9 KB transferred, 6.1 KB decoded',
    ])
    const plain = { ...goodHeaders, 'content-encoding': '' }
    expect(findingOf(pageOf({ headers: plain }), 'compression')).toMatchObject({
      status: 'fail',
      summary: 'The page is sent uncompressed: all 6.1 KB of HTML travel as they are.',
    })
    // A proxy that compresses without saying so: far fewer bytes came than were decoded.
    expect(findingOf(pageOf({ headers: plain, transferBytes: 1900 }), 'compression').status).toBe('pass')
    // Too small to matter.
    expect(findingOf(pageOf({ headers: plain, body: '<p>Hi</p>' }), 'compression').status).toBe('pass')
    const evidence = goodEvidence()
    evidence.scripts[0] = { ...evidence.scripts[0]!, outcome: script(`${goodUrl}app.js`, 18) }
    const scripts = findingOf(grade(evidence), 'compression')
    expect(scripts).toMatchObject({ status: 'warn', points: 5 })
    expect(scripts.evidence).toContain('/app.js: no content-encoding (18 KB)')
  })

  test('caching: headers on the page and own scripts pass; on some warn; on none fail', () => {
    expect(findingOf(grade(goodEvidence()), 'caching').evidence).toEqual([
      'page: cache-control: no-cache; etag: "17a4-5f3a"',
      '/app.js: cache-control: public, max-age=31536000, immutable',
      '/js/script.js: cache-control: max-age=86400',
    ])
    const some = goodEvidence()
    some.scripts[0] = { ...some.scripts[0]!, outcome: script(`${goodUrl}app.js`, 18, { 'cache-control': 'no-store' }) }
    expect(findingOf(grade(some), 'caching')).toMatchObject({ status: 'warn', points: 3 })
    const none = goodEvidence()
    none.page = fetched(goodUrl, { headers: { 'content-type': 'text/html' }, body: goodHtml })
    none.scripts = none.scripts.map((item) => ({ ...item, outcome: script(item.url, 2) }))
    expect(findingOf(grade(none), 'caching')).toMatchObject({ status: 'fail', points: 0 })
  })

  test('scripts: up to 150 KB passes, to 500 KB warns, beyond fails, heaviest listed first', () => {
    const withScripts = (kbs: number[], firstParty = true) =>
      goodWith({
        scripts: kbs.map((kb, at) => ({
          url: `https://cdn.example/s${at}.js`,
          firstParty,
          outcome: script(`https://cdn.example/s${at}.js`, kb),
        })),
      })
    expect(findingOf(withScripts([100, 50]), 'scripts').status).toBe('pass')
    const warn = findingOf(withScripts([100, 51]), 'scripts')
    expect(warn).toMatchObject({ status: 'warn', points: 6 })
    const fail = findingOf(withScripts([200, 301], false), 'scripts')
    expect(fail.status).toBe('fail')
    expect(fail.evidence).toEqual([
      'cdn.example/s1.js: 301 KB (third party)',
      'cdn.example/s0.js: 200 KB (third party)',
    ])
    const unread = findingOf(
      goodWith({
        scripts: [
          {
            url: 'https://cdn.example/x.js',
            firstParty: false,
            outcome: failed('https://cdn.example/x.js', 'timeout'),
          },
        ],
      }),
      'scripts',
    )
    expect(unread.evidence).toEqual(['cdn.example/x.js: not measured (no answer in time)'])
  })

  test('render-blocking: deferred scripts and one stylesheet pass; a blocking script warns; many fail', () => {
    expect(findingOf(grade(goodEvidence()), 'render-blocking')).toMatchObject({
      status: 'pass',
      evidence: ['<link rel="stylesheet" href="https://www.alderoak.example/styles.css">'],
    })
    const one = findingOf(
      goodFactsWith(factsOf('<head><link rel="stylesheet" href="/a.css"><script src="/jquery.js"></script></head>')),
      'render-blocking',
    )
    expect(one).toMatchObject({
      status: 'warn',
      points: 4,
      summary: 'The browser has to fetch 1 script and 1 stylesheet before it shows anything.',
    })
    const many = findingOf(
      goodFactsWith(
        factsOf('<head><script src="/1.js"></script><script src="/2.js"></script><script src="/3.js"></script></head>'),
      ),
      'render-blocking',
    )
    expect(many.status).toBe('fail')
    const bodyScripts = findingOf(
      goodFactsWith(factsOf('<body><script src="/1.js"></script></body>')),
      'render-blocking',
    )
    expect(bodyScripts.status).toBe('pass')
  })

  const fieldData = (data: Partial<FieldData>): FieldData => ({
    labScore: 95,
    lcpMs: 1800,
    inpMs: 120,
    cls: 0.02,
    ...data,
  })

  test('field data: absent, it adds no finding and takes nothing off', () => {
    const without = grade(goodEvidence())
    expect(without.findings.map((finding) => finding.id)).not.toContain('field-data')
    expect(categoryScore(without, 'performance')).toBe(100)
  })

  test('field data: good figures pass and keep the score', () => {
    const result = goodWith({ fieldData: fieldData({}) })
    expect(findingOf(result, 'field-data')).toMatchObject({ status: 'pass', points: 15, maxPoints: 15 })
    expect(findingOf(result, 'field-data').evidence).toEqual([
      'Largest Contentful Paint (75th percentile): 1.8 s (good; good is 2.5 s or less)',
      'Interaction to Next Paint (75th percentile): 120 ms (good; good is 200 ms or less)',
      'Cumulative Layout Shift (75th percentile): 0.02 (good; good is 0.1 or less)',
      'Lighthouse performance score on a phone (lab test): 95 (good; good is 90 or more)',
    ])
    expect(categoryScore(result, 'performance')).toBe(100)
    expect(result.fieldData).toEqual(fieldData({}))
  })

  test('field data: slow figures fail and move the performance score', () => {
    // LCP 4.8 s poor (0 of 4), INP 350 ms needs work (2 of 4), CLS 0.3 poor (0 of 3), lab 40 poor (0 of 4):
    // 2/15 → round(15 × 2 / 15) = 2 points; performance (46 + 2) / 61 = 78.7 → 79.
    const result = goodWith({ fieldData: { labScore: 40, lcpMs: 4800, inpMs: 350, cls: 0.3 } })
    const finding = findingOf(result, 'field-data')
    expect(finding).toMatchObject({ status: 'fail', points: 2 })
    expect(finding.summary).toBe(
      'For most real Chrome visits, the main content appears after 4.8 s, taps get an answer in 350 ms and the layout shifts by 0.30; the lab test scores it 40 of 100 on a phone.',
    )
    expect(categoryScore(result, 'performance')).toBe(79)
    expect(result.score).toBeLessThan(grade(goodEvidence()).score)
  })

  test('field data: figures that need work warn; with too few visits, only the lab score counts', () => {
    // LCP 3.0 s needs work (2 of 4), the rest good (4 + 3 + 4): 13/15 → 13 points.
    expect(findingOf(goodWith({ fieldData: fieldData({ lcpMs: 3000 }) }), 'field-data')).toMatchObject({
      status: 'warn',
      points: 13,
    })
    const labOnly = findingOf(
      goodWith({ fieldData: { labScore: 72, lcpMs: null, inpMs: null, cls: null } }),
      'field-data',
    )
    // Lab 72 needs work: 2 of 4 → round(15 × 2 / 4) = 8.
    expect(labOnly).toMatchObject({ status: 'warn', points: 8 })
    expect(labOnly.evidence).toContain('Largest Contentful Paint: not enough Chrome visits to report')
  })

  test('field data: with no figures at all, it is reported without points', () => {
    const result = goodWith({ fieldData: { labScore: null, lcpMs: null, inpMs: null, cls: null } })
    expect(findingOf(result, 'field-data')).toMatchObject({ status: 'info', points: 0, maxPoints: 0 })
    expect(result.score).toBe(grade(goodEvidence()).score)
  })
})

describe('mobile', () => {
  test('viewport: device width and zoom allowed passes', () => {
    expect(findingOf(grade(goodEvidence()), 'viewport')).toMatchObject({
      status: 'pass',
      evidence: ['<meta name="viewport" content="width=device-width, initial-scale=1">'],
    })
  })

  test('viewport: missing fails, a fixed width or blocked zoom warns', () => {
    const missing = goodFactsWith({ viewport: null })
    expect(findingOf(missing, 'viewport')).toMatchObject({ status: 'fail', points: 0 })
    expect(categoryScore(missing, 'mobile')).toBe(0)
    expect(findingOf(goodFactsWith({ viewport: 'width=1024' }), 'viewport')).toMatchObject({
      status: 'warn',
      points: 4,
    })
    expect(
      findingOf(goodFactsWith({ viewport: 'width=device-width, maximum-scale=1.0' }), 'viewport').summary,
    ).toContain('maximum-scale=1.0')
    expect(findingOf(goodFactsWith({ viewport: 'width=device-width, maximum-scale=5' }), 'viewport').status).toBe(
      'pass',
    )
  })
})

describe('security', () => {
  test('HTTPS: plain http redirecting to it passes', () => {
    const finding = findingOf(grade(goodEvidence()), 'https')
    expect(finding).toMatchObject({
      status: 'pass',
      summary: 'The page is served over HTTPS, and its plain http address redirects to it.',
    })
    expect(finding.evidence).toContain('http://www.alderoak.example/ ends at https://www.alderoak.example/ (200)')
  })

  test('HTTPS: a plain http page fails; an http address that does not redirect, or http files, warn', () => {
    const http = 'http://www.alderoak.example/'
    const plainPage = goodWith({ page: fetched(http, { body: goodHtml }), plainHttp: null })
    expect(findingOf(plainPage, 'https')).toMatchObject({ status: 'fail', points: 0 })
    const noRedirect = findingOf(goodWith({ plainHttp: ok(fetched(http, { body: goodHtml })) }), 'https')
    expect(noRedirect).toMatchObject({
      status: 'warn',
      points: 8,
      summary: 'The page is on HTTPS, but its plain http address still serves it without redirecting.',
    })
    const mixed = findingOf(goodFactsWith(factsOf('<script src="http://cdn.example/old.js"></script>')), 'https')
    expect(mixed.status).toBe('warn')
    expect(mixed.evidence).toContain('loaded over http: http://cdn.example/old.js')
  })

  test('HSTS: six months or more passes; shorter warns; missing or on http fails', () => {
    expect(findingOf(grade(goodEvidence()), 'hsts').summary).toBe(
      'Browsers are told to use HTTPS only, for 730 days, on every subdomain too.',
    )
    expect(findingOf(goodHeadersWith({ 'strict-transport-security': 'max-age=86400' }), 'hsts')).toMatchObject({
      status: 'warn',
      points: 4,
      evidence: ['strict-transport-security: max-age=86400'],
    })
    expect(findingOf(goodHeadersWith({ 'strict-transport-security': 'max-age=15552000' }), 'hsts').status).toBe('pass')
    expect(findingOf(goodHeadersWith({ 'strict-transport-security': undefined }), 'hsts')).toMatchObject({
      status: 'fail',
      evidence: ['no strict-transport-security header'],
    })
  })

  test('CSP: a policy that limits scripts passes; unsafe-inline without nonces warns; none fails', () => {
    expect(findingOf(grade(goodEvidence()), 'csp').status).toBe('pass')
    expect(findingOf(goodHeadersWith({ 'content-security-policy': undefined }), 'csp')).toMatchObject({
      status: 'fail',
      points: 0,
    })
    const inline = findingOf(goodHeadersWith({ 'content-security-policy': "script-src 'self' 'unsafe-inline'" }), 'csp')
    expect(inline).toMatchObject({
      status: 'warn',
      points: 3,
      evidence: ["content-security-policy: script-src 'self' 'unsafe-inline'"],
    })
    const nonce = goodHeadersWith({
      'content-security-policy': "script-src 'nonce-r4nd0m' 'unsafe-inline' 'strict-dynamic'",
    })
    expect(findingOf(nonce, 'csp').status).toBe('pass')
    expect(findingOf(goodHeadersWith({ 'content-security-policy': 'upgrade-insecure-requests' }), 'csp').status).toBe(
      'warn',
    )
    const reportOnly = goodHeadersWith({
      'content-security-policy': undefined,
      'content-security-policy-report-only': "default-src 'self'",
    })
    expect(findingOf(reportOnly, 'csp')).toMatchObject({ status: 'warn', points: 2 })
  })

  test('CSP: a policy in a meta tag counts', () => {
    const evidence = goodEvidence()
    delete evidence.page.headers['content-security-policy']
    evidence.facts = { ...goodFacts, cspMeta: "default-src 'self'" }
    expect(findingOf(grade(evidence), 'csp')).toMatchObject({
      status: 'pass',
      evidence: [`<meta http-equiv="Content-Security-Policy" content="default-src 'self'">`],
    })
  })

  test('other headers: all four pass, each missing one costs 2 points, none fails', () => {
    const all = findingOf(goodHeadersWith({ 'permissions-policy': 'camera=(), microphone=()' }), 'security-headers')
    expect(all).toMatchObject({ status: 'pass', points: 8 })
    expect(all.evidence).toContain("content-security-policy: frame-ancestors 'none'")
    const some = findingOf(grade(goodEvidence()), 'security-headers')
    expect(some.summary).toBe('The site sends 3 of the 4 usual protective headers; missing: permissions-policy.')
    expect(some.evidence).toContain('missing: permissions-policy')
    const noFrames = findingOf(
      goodHeadersWith({ 'content-security-policy': "default-src 'self'", 'x-frame-options': 'SAMEORIGIN' }),
      'security-headers',
    )
    expect(noFrames.evidence).toContain('x-frame-options: SAMEORIGIN')
    expect(noFrames.points).toBe(6)
    const none = goodHeadersWith({
      'content-security-policy': undefined,
      'x-content-type-options': undefined,
      'referrer-policy': undefined,
    })
    expect(findingOf(none, 'security-headers')).toMatchObject({ status: 'fail', points: 0 })
  })
})

describe('measurement and sharing', () => {
  test('tracking: a tag found passes; none warns', () => {
    expect(findingOf(grade(goodEvidence()), 'tracking')).toMatchObject({
      status: 'pass',
      evidence: ['Plausible Analytics: https://www.alderoak.example/js/script.js'],
    })
    expect(findingOf(goodFactsWith({ tracking: [] }), 'tracking')).toMatchObject({ status: 'warn', points: 4 })
  })

  test('consent: cookie-setting tags with a consent manager pass; without one fail', () => {
    const gtag = '<script async src="https://www.googletagmanager.com/gtag/js?id=G-1"></script>'
    const withBanner = findingOf(
      goodFactsWith(factsOf(`<script src="https://consent.cookiebot.com/uc.js"></script>${gtag}`)),
      'consent',
    )
    expect(withBanner.status).toBe('pass')
    expect(withBanner.evidence[0]).toBe('Cookiebot: https://consent.cookiebot.com/uc.js')
    const consentMode = findingOf(
      goodFactsWith(factsOf(`<script>gtag("consent", "default", {ad_storage: "denied"})</script>${gtag}`)),
      'consent',
    )
    expect(consentMode.status).toBe('pass')
    const without = findingOf(goodFactsWith(factsOf(gtag)), 'consent')
    expect(without).toMatchObject({ status: 'fail', points: 0 })
    expect(without.evidence).toEqual([
      'Google tag (gtag.js): https://www.googletagmanager.com/gtag/js?id=G-1',
      'no consent manager, Consent Mode or cookie banner found',
    ])
  })

  test('consent: no tracking, or cookieless tracking only, passes', () => {
    expect(findingOf(grade(goodEvidence()), 'consent').summary).toBe(
      'Plausible Analytics works without cookies, so no consent banner is usually needed for it.',
    )
    expect(findingOf(goodFactsWith({ tracking: [] }), 'consent')).toMatchObject({ status: 'pass', points: 10 })
  })

  test('Open Graph: all four tags pass; some warn; none fails', () => {
    expect(findingOf(grade(goodEvidence()), 'open-graph').status).toBe('pass')
    const some = findingOf(goodFactsWith({ openGraph: { 'og:title': 'Kitchens', 'og:url': goodUrl } }), 'open-graph')
    expect(some).toMatchObject({
      status: 'warn',
      points: 3,
      summary: 'The page has 2 of the 4 main Open Graph tags; missing: og:description, og:image.',
    })
    expect(some.evidence).toEqual([
      '<meta property="og:title" content="Kitchens">',
      `<meta property="og:url" content="${goodUrl}">`,
      'missing: og:description',
      'missing: og:image',
    ])
    expect(findingOf(goodFactsWith({ openGraph: {} }), 'open-graph')).toMatchObject({ status: 'fail', points: 0 })
  })

  test('twitter card: set passes; missing warns with Open Graph to fall back on, fails without', () => {
    expect(findingOf(grade(goodEvidence()), 'twitter-card')).toMatchObject({
      status: 'pass',
      evidence: ['<meta name="twitter:card" content="summary_large_image">'],
    })
    expect(findingOf(goodFactsWith({ twitter: {} }), 'twitter-card')).toMatchObject({ status: 'warn', points: 2 })
    expect(findingOf(goodFactsWith({ twitter: {}, openGraph: {} }), 'twitter-card')).toMatchObject({
      status: 'fail',
      points: 0,
    })
  })
})

test('what a page says is quoted short: a heading of 5,400 characters is clipped in the summary', () => {
  const heading = 'Plumbing '.repeat(600)
  const h1 = findingOf(goodFactsWith({ h1s: [heading] }), 'h1')
  expect(h1.summary).toHaveLength(400)
  expect(h1.summary.endsWith('…')).toBe(true)
})
