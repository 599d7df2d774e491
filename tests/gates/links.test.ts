import { describe, expect, test } from 'vitest'
import { createCrawler, linksOf, type Fetched } from './links.ts'

// The crawler over a small site held in memory, with one defect planted at a time.

const base = 'http://localhost:4000'
const origin = 'https://northpeak.example'

const html = (head: string, body: string) =>
  `<!DOCTYPE html><html lang="en"><head>${head}</head><body>${body}</body></html>`
const sprite =
  '<svg xmlns="http://www.w3.org/2000/svg"><symbol id="menu"></symbol><symbol id="arrow-up"></symbol></svg>'

function site(overrides: Record<string, Fetched | undefined> = {}) {
  const files: Record<string, Fetched | undefined> = {
    '/': {
      status: 200,
      contentType: 'text/html',
      body: html(
        `<link rel="canonical" href="${origin}/"><link rel="modulepreload" href="/assets/app.js"><meta property="og:image" content="${origin}/og.jpg">`,
        '<a href="#main">Skip</a><main id="main"><a href="/about">About</a> <a href="/contact?topic=audit">Audit</a>' +
          '<a href="https://www.linkedin.com/company/x">LinkedIn</a> <a href="mailto:hello@northpeak.example">Mail</a>' +
          '<svg><use href="/assets/icons.svg#menu"></use></svg></main>',
      ),
    },
    '/about': {
      status: 200,
      contentType: 'text/html',
      body: html('', '<main><h2 id="team">Team</h2><a href="/">Home</a> <a href="/about#team">Team</a></main>'),
    },
    '/contact?topic=audit': { status: 200, contentType: 'text/html', body: html('', '<main>Contact</main>') },
    '/assets/app.js': { status: 200, contentType: 'text/javascript', body: '' },
    '/assets/icons.svg': { status: 200, contentType: 'image/svg+xml', body: sprite },
    '/og.jpg': { status: 200, contentType: 'image/jpeg', body: '' },
    ...overrides,
  }
  const fetched: string[] = []
  const fetch = (path: string) => {
    fetched.push(path)
    return Promise.resolve(
      files[path] ?? { status: 404, contentType: 'text/html', body: html('', '<h1>Not found</h1>') },
    )
  }
  return { crawler: createCrawler({ base, origin, fetch }), fetched }
}

const withLink = (body: string): Fetched => ({
  status: 200,
  contentType: 'text/html',
  body: html('', `<main><h2 id="team">Team</h2>${body}</main>`),
})

describe('createCrawler', () => {
  test('reads every page reachable from the start, checks each URL once, lists external links unfetched', async () => {
    const { crawler, fetched } = site()
    const report = await crawler.crawl([{ path: '/' }])
    expect(report.broken).toEqual([])
    expect(report.pages).toEqual(['/', '/about', '/contact?topic=audit'])
    expect(new Set(fetched).size).toBe(fetched.length)
    expect(fetched).not.toContain('https://www.linkedin.com/company/x')
    expect([...report.external.keys()]).toEqual([
      'https://www.linkedin.com/company/x',
      'mailto:hello@northpeak.example',
    ])
  })

  test('names a link to a missing page, and the page it is on', async () => {
    const { crawler } = site({ '/about': withLink('<a href="/old-page">Old</a>') })
    expect((await crawler.crawl([{ path: '/' }])).broken).toEqual(['/about: a[href] /old-page: answers 404'])
  })

  test('names an #anchor without its target, on the page and in the icon sprite', async () => {
    const { crawler } = site({
      '/about': withLink('<a href="/about#teem">Team</a><svg><use href="/assets/icons.svg#close"></use></svg>'),
    })
    expect((await crawler.crawl([{ path: '/' }])).broken).toEqual([
      '/about: a[href] /about#teem: has no element with id "teem"',
      '/about: use[href] /assets/icons.svg#close: has no element with id "close"',
    ])
  })

  test('names a missing asset, a redirect and an empty "#" link', async () => {
    const { crawler } = site({
      '/assets/app.js': undefined,
      '/about': withLink('<a href="/contact/">Contact</a> <a href="#">Nothing</a>'),
      '/contact/': { status: 301, contentType: 'text/plain', body: '', location: '/contact' },
    })
    expect((await crawler.crawl([{ path: '/' }])).broken).toEqual([
      '/: link[rel=modulepreload] /assets/app.js: answers 404',
      '/about: a[href] #: ends in an empty "#", which leads nowhere',
      '/about: a[href] /contact/: redirects (301) to /contact: link there directly',
    ])
  })

  test('checks absolute URLs on the site origin on the server: a social image that is missing', async () => {
    const { crawler } = site({ '/og.jpg': undefined })
    expect((await crawler.crawl([{ path: '/' }])).broken).toEqual([`/: meta[og:image] ${origin}/og.jpg: answers 404`])
  })

  test('crawls further start pages with what it fetched, and a start page that must answer 404', async () => {
    const { crawler, fetched } = site({
      '/thank-you': withLink('<a href="/about">About</a> <a href="/gone">Gone</a>'),
      '/no-such-page': {
        status: 404,
        contentType: 'text/html',
        body: html('', '<a href="#main">Skip</a><main id="main"><a href="#nowhere">Top</a></main>'),
      },
    })
    const fromHome = await crawler.crawl([{ path: '/' }])
    expect(fromHome.pages).not.toContain('/thank-you')
    const all = await crawler.crawl([{ path: '/thank-you' }, { path: '/no-such-page', status: 404 }])
    expect(all.pages).toContain('/thank-you')
    // The not-found page's own #anchors are looked up in it, not fetched again.
    expect(all.broken).toEqual([
      '/no-such-page: a[href] #nowhere: has no element with id "nowhere"',
      '/thank-you: a[href] /gone: answers 404',
    ])
    expect(fetched.filter((path) => path === '/about')).toHaveLength(1)
  })
})

describe('linksOf', () => {
  test('finds links, assets, srcset candidates, sprite references, social URLs and CSS url()', () => {
    const page = html(
      `<link rel="stylesheet" href="/a.css"><link rel="preconnect" href="https://fonts.example"><meta property="og:url" content="${origin}/x"><style>.a{background:url("/bg.png")}.b{background:url(data:image/png;base64,AA)}</style>`,
      '<a href="x">X</a><img src="/i.png" srcset="/i-1.png 1x, /i-2.png 2x" alt=""><svg><use xlink:href="/s.svg#a"></use></svg><form action="/api/leads" method="post"></form>',
    )
    expect(
      linksOf(page, new URL(`${base}/blog/`)).map((link) => `${link.kind} ${link.source} ${link.url?.href}`),
    ).toEqual([
      `asset link[rel=stylesheet] ${base}/a.css`,
      `page meta[og:url] ${origin}/x`,
      `asset style url() ${base}/bg.png`,
      `page a[href] ${base}/blog/x`,
      `asset img[src] ${base}/i.png`,
      `asset img[srcset] ${base}/i-1.png`,
      `asset img[srcset] ${base}/i-2.png`,
      `asset use[xlink:href] ${base}/s.svg#a`,
    ])
  })
})
