import { readFileSync } from 'node:fs'
import { describe, expect, test } from 'vitest'
import { MAX_INLINE_CHARS, readPage, sitemapUrlsOf } from './page-facts.ts'

// Each fact from a small piece of HTML, read as it would be at this address.
const pageUrl = 'https://shop.example/products/chairs?page=2'
const read = (html: string, url = pageUrl) => readPage(html, url)

describe('the tags search engines read', () => {
  test('lang, title, description, viewport and robots, whitespace collapsed', () => {
    const facts = read(`<!doctype html><html lang=" en-US "><head>
      <title>
        Oak chairs &amp; stools
      </title>
      <meta name="Description" content="  Solid oak chairs,
        made to order. ">
      <meta name="viewport" content="width=device-width, initial-scale=1">
      <meta name="robots" content="noindex, follow">
      <meta name="googlebot" content="nosnippet">
      </head><body></body></html>`)
    expect(facts.lang).toBe('en-US')
    expect(facts.title).toBe('Oak chairs & stools')
    expect(facts.description).toBe('Solid oak chairs, made to order.')
    expect(facts.viewport).toBe('width=device-width, initial-scale=1')
    expect(facts.robots).toEqual([
      { name: 'robots', content: 'noindex, follow' },
      { name: 'googlebot', content: 'nosnippet' },
    ])
  })

  test('what is missing is null or empty', () => {
    const facts = read('<html lang=""><body><p>Hello</p></body></html>')
    expect(facts).toMatchObject({
      lang: null,
      title: null,
      description: null,
      canonical: null,
      canonicalHref: null,
      viewport: null,
      cspMeta: null,
      h1s: [],
      robots: [],
      images: [],
      jsonLd: [],
      links: [],
      scripts: [],
      tracking: [],
      consent: [],
    })
  })

  test('an SVG’s title is not the page’s title', () => {
    const facts = read('<body><svg><title>Cart icon</title></svg></body>')
    expect(facts.title).toBeNull()
    expect(read('<head><title>Shop</title></head><body><svg><title>Icon</title></svg></body>').title).toBe('Shop')
  })

  test('every h1, with the alt text of an image inside one', () => {
    const facts = read(`<h1>Chairs <em>built</em>
      to last</h1><h2>Not this</h2><h1><img src="/logo.png" alt="Shop Example"></h1><h1></h1>`)
    expect(facts.h1s).toEqual(['Chairs built to last', 'Shop Example', ''])
  })

  test('the canonical, made absolute, and as written', () => {
    const relative = read('<link rel="canonical" href="/products/chairs">')
    expect(relative.canonical).toBe('https://shop.example/products/chairs')
    expect(relative.canonicalHref).toBe('/products/chairs')
    const absolute = read('<link rel="canonical" href="https://www.shop.example/">')
    expect(absolute.canonical).toBe('https://www.shop.example/')
  })

  test('a Content Security Policy given in a meta tag', () => {
    const facts = read(`<meta http-equiv="Content-Security-Policy" content="script-src 'self'">`)
    expect(facts.cspMeta).toBe("script-src 'self'")
  })
})

describe('addresses', () => {
  test('relative addresses are resolved against the page', () => {
    const facts = read(`<script src="app.js"></script><img src="../img/a.jpg" alt="A">
      <link rel="stylesheet" href="/css/site.css"><a href="oak">Oak</a>`)
    expect(facts.scripts[0]?.src).toBe('https://shop.example/products/app.js')
    expect(facts.images[0]?.src).toBe('https://shop.example/img/a.jpg')
    expect(facts.stylesheets[0]?.href).toBe('https://shop.example/css/site.css')
    expect(facts.links).toEqual(['https://shop.example/products/oak'])
  })

  test('<base href> changes what they resolve against, even for what comes before it', () => {
    const facts = read(`<head><script src="early.js"></script><base href="https://cdn.shop.example/v2/">
      <base href="https://ignored.example/"></head>
      <body><a href="chairs">Chairs</a><img src="a.jpg" alt=""></body>`)
    expect(facts.scripts[0]?.src).toBe('https://cdn.shop.example/v2/early.js')
    expect(facts.links).toEqual(['https://cdn.shop.example/v2/chairs'])
    expect(facts.images[0]?.src).toBe('https://cdn.shop.example/v2/a.jpg')
  })

  test('links: http(s) only, fragment removed, no repeats, in document order', () => {
    const facts = read(`
      <a href="/contact#form">Contact</a>
      <a href="mailto:hi@shop.example">Mail</a>
      <a href="tel:+15550100">Call</a>
      <a href="javascript:void(0)">Menu</a>
      <a href="#top">Top</a>
      <a href="">Here</a>
      <a>No href</a>
      <a href="https://partner.example/page?x=1#y">Partner</a>
      <a href="/contact">Contact again</a>
      <a href="ftp://files.shop.example/list">Files</a>
      <a href="/about">About</a>`)
    expect(facts.links).toEqual([
      'https://shop.example/contact',
      'https://partner.example/page?x=1',
      'https://shop.example/about',
    ])
  })
})

describe('images', () => {
  test('alt: null when the attribute is missing, "" when the image is marked as decoration', () => {
    const facts = read('<img src="/a.jpg"><img src="/b.jpg" alt=""><img src="/c.jpg" alt><img alt="Oak chair">')
    expect(facts.images).toEqual([
      { src: 'https://shop.example/a.jpg', alt: null },
      { src: 'https://shop.example/b.jpg', alt: '' },
      { src: 'https://shop.example/c.jpg', alt: '' },
      { src: null, alt: 'Oak chair' },
    ])
  })
})

describe('sharing tags', () => {
  test('og:* and twitter:* tags, whether written with property= or name=, the first of each', () => {
    const facts = read(`
      <meta property="og:title" content="Oak chairs">
      <meta property="og:title" content="Second">
      <meta name="og:image" content="https://shop.example/share.jpg">
      <meta name="twitter:card" content="summary_large_image">
      <meta property="twitter:site" content="@shop">
      <meta property="article:author" content="Someone">`)
    expect(facts.openGraph).toEqual({ 'og:title': 'Oak chairs', 'og:image': 'https://shop.example/share.jpg' })
    expect(facts.twitter).toEqual({ 'twitter:card': 'summary_large_image', 'twitter:site': '@shop' })
  })
})

describe('structured data', () => {
  test('each JSON-LD block parsed: its types, those in @graph and arrays included, or the parse error', () => {
    const facts = read(`
      <script type="application/ld+json">{"@context":"https://schema.org","@type":["Store","LocalBusiness"],
        "address":{"@type":"PostalAddress"}}</script>
      <script type="application/ld+json">{"@context":"https://schema.org","@graph":[
        {"@type":"Organization"},{"@type":"WebSite"},{"@type":"Organization"}]}</script>
      <script type="application/ld+json">[{"@type":"Product"},{"@type":"BreadcrumbList"}]</script>
      <script type="application/ld+json">{"@type": "Product", "name": "Chair",}</script>`)
    expect(facts.jsonLd.slice(0, 3)).toEqual([
      { ok: true, types: ['Store', 'LocalBusiness'] },
      { ok: true, types: ['Organization', 'WebSite'] },
      { ok: true, types: ['Product', 'BreadcrumbList'] },
    ])
    const broken = facts.jsonLd[3]
    expect(broken?.ok).toBe(false)
    expect(broken && !broken.ok ? broken.error : '').toMatch(/JSON/)
  })

  test('JSON-LD is not a script the browser runs', () => {
    const facts = read('<script type="application/ld+json">{"@type":"Thing"}</script>')
    expect(facts.scripts).toEqual([])
    expect(facts.inlineScripts).toEqual([])
  })
})

describe('scripts', () => {
  test('where each script is and how it loads', () => {
    const facts = read(`<html><head>
      <script src="/blocking.js"></script>
      <script async src="https://cdn.example/a.js"></script>
      <script defer src="/d.js"></script>
      <script type="module" src="/m.js"></script>
      <script>console.log("héllo")</script>
      <script type="text/plain" data-cookieconsent="statistics" src="/held.js"></script>
      <script type="text/template"><div></div></script>
      </head><body><script src="/late.js"></script></body></html>`)
    expect(facts.scripts).toEqual([
      {
        src: 'https://shop.example/blocking.js',
        async: false,
        defer: false,
        module: false,
        inHead: true,
        inlineBytes: 0,
      },
      { src: 'https://cdn.example/a.js', async: true, defer: false, module: false, inHead: true, inlineBytes: 0 },
      { src: 'https://shop.example/d.js', async: false, defer: true, module: false, inHead: true, inlineBytes: 0 },
      { src: 'https://shop.example/m.js', async: false, defer: false, module: true, inHead: true, inlineBytes: 0 },
      // 20 characters, 21 bytes: "é" is two bytes in UTF-8.
      { src: null, async: false, defer: false, module: false, inHead: true, inlineBytes: 21 },
      { src: 'https://shop.example/late.js', async: false, defer: false, module: false, inHead: false, inlineBytes: 0 },
    ])
    expect(facts.inlineScripts).toEqual(['console.log("héllo")'])
  })

  test('without <head> and <body> tags, a script before the content is in the head, one after it is not', () => {
    const facts = read('<title>x</title><script src="/a.js"></script><p>Text</p><script src="/b.js"></script>')
    expect(facts.scripts.map((script) => script.inHead)).toEqual([true, false])
  })

  test('inline script texts are capped', () => {
    const facts = read(`<script>${'x'.repeat(MAX_INLINE_CHARS + 500)}</script>`)
    expect(facts.inlineScripts[0]).toHaveLength(MAX_INLINE_CHARS)
    expect(facts.scripts[0]?.inlineBytes).toBe(MAX_INLINE_CHARS + 500)
  })
})

describe('stylesheets', () => {
  test('a screen stylesheet in the head blocks the first view; print, preloaded or in the body does not', () => {
    const facts = read(`<head>
      <link rel="stylesheet" href="/site.css">
      <link rel="stylesheet" href="/wide.css" media="screen and (min-width: 900px)">
      <link rel="stylesheet" href="/print.css" media="print">
      <link rel="preload" as="style" href="/later.css">
      <link rel="alternate stylesheet" href="/contrast.css">
      <link rel="preload" as="font" href="/font.woff2">
      </head><body><link rel="stylesheet" href="/widget.css"></body>`)
    expect(
      facts.stylesheets.map(({ href, renderBlocking }) => [href.replace('https://shop.example', ''), renderBlocking]),
    ).toEqual([
      ['/site.css', true],
      ['/wide.css', true],
      ['/print.css', false],
      ['/later.css', false],
      ['/widget.css', false],
    ])
  })
})

describe('tracking tags and consent', () => {
  test('tags recognized by their script address', () => {
    const facts = read(`
      <script async src="https://www.googletagmanager.com/gtag/js?id=G-ABC123"></script>
      <script async src="https://www.googletagmanager.com/gtm.js?id=GTM-ABCD12"></script>
      <script async src="https://connect.facebook.net/en_US/fbevents.js"></script>
      <script async src="https://snap.licdn.com/li.lms-analytics/insight.min.js"></script>
      <script async src="https://analytics.tiktok.com/i18n/pixel/events.js"></script>
      <script async src="https://static.hotjar.com/c/hotjar-1.js?sv=6"></script>
      <script defer data-domain="shop.example" src="https://plausible.io/js/script.js"></script>
      <script src="https://stats.shop.example/matomo.js"></script>
      <script src="https://cdn.usefathom.com/script.js" data-site="ABC"></script>`)
    expect(facts.tracking.map((tag) => [tag.name, tag.cookieless])).toEqual([
      ['Google tag (gtag.js)', false],
      ['Google Tag Manager', false],
      ['Meta Pixel', false],
      ['LinkedIn Insight Tag', false],
      ['TikTok Pixel', false],
      ['Hotjar', false],
      ['Plausible Analytics', true],
      ['Matomo', false],
      ['Fathom Analytics', true],
    ])
    expect(facts.tracking[0]?.via).toBe('https://www.googletagmanager.com/gtag/js?id=G-ABC123')
  })

  test('tags recognized by their inline snippet', () => {
    const facts = read(`
      <script>(function(w,d,s,l,i){w[l]=w[l]||[];j.src='https://www.googletagmanager.com/gtm.js?id='+i;})(window,document,'script','dataLayer','GTM-K9X2P4');</script>
      <script>fbq('init', '123');</script>
      <script>_linkedin_partner_id = "42";</script>
      <script>ttq.load('C123');</script>
      <script>var _paq = window._paq = []; _paq.push(['trackPageView']);</script>`)
    expect(facts.tracking.map((tag) => tag.name)).toEqual([
      'Google Tag Manager',
      'Meta Pixel',
      'LinkedIn Insight Tag',
      'TikTok Pixel',
      'Matomo',
    ])
    expect(facts.tracking[1]?.via).toBe("inline script: fbq('init', '123');")
  })

  test('Plausible served from the site itself is recognized by its data-domain', () => {
    expect(read('<script defer data-domain="shop.example" src="/js/script.js"></script>').tracking).toEqual([
      { name: 'Plausible Analytics', via: 'https://shop.example/js/script.js', cookieless: true },
    ])
    expect(read('<script defer src="/js/script.js"></script>').tracking).toEqual([])
  })

  test('ordinary scripts are not tracking tags', () => {
    const facts = read(`<script src="https://code.jquery.com/jquery-3.7.1.min.js"></script>
      <script>document.querySelector('nav').classList.add('ready')</script>`)
    expect(facts.tracking).toEqual([])
    expect(facts.consent).toEqual([])
  })

  test('consent managers by script address, and Google Consent Mode by its default call', () => {
    const facts = read(`
      <script id="Cookiebot" src="https://consent.cookiebot.com/uc.js" data-cbid="x"></script>
      <script src="https://cdn.cookielaw.org/scripttemplates/otSDKStub.js"></script>
      <script src="https://web.cmp.usercentrics.eu/ui/loader.js"></script>
      <script src="https://sdk.privacy-center.org/loader.js"></script>
      <script src="https://cdn-cookieyes.com/client_data/abc/script.js"></script>
      <script src="https://app.termly.io/resource-blocker/abc"></script>
      <script src="https://cdn.iubenda.com/cs/iubenda_cs.js"></script>
      <script src="https://cmp.osano.com/abc/osano.js"></script>
      <script src="/wp-content/plugins/complianz-gdpr/cookiebanner/js/complianz.min.js"></script>
      <script src="/js/klaro.js"></script>
      <script>gtag('consent', 'default', { ad_storage: 'denied', analytics_storage: 'denied' });</script>`)
    expect(facts.consent.map((sign) => sign.name)).toEqual([
      'Cookiebot',
      'OneTrust',
      'Usercentrics',
      'Didomi',
      'CookieYes',
      'Termly',
      'iubenda',
      'Osano',
      'Complianz',
      'Klaro',
      'Google Consent Mode',
    ])
  })

  test('a tag held back until consent still counts as tracking, and its consent manager is seen', () => {
    const facts = read(`
      <script>window.addEventListener('CookiebotOnAccept', function () { if (Cookiebot.consent.statistics) load() })</script>
      <script type="text/plain" data-cookieconsent="statistics" src="https://www.googletagmanager.com/gtag/js?id=G-1"></script>`)
    expect(facts.tracking.map((tag) => tag.name)).toEqual(['Google tag (gtag.js)'])
    expect(facts.consent.map((sign) => sign.name)).toEqual(['Cookiebot'])
    expect(facts.scripts).toHaveLength(1)
  })

  test('a cookie banner in the markup counts as a sign of consent', () => {
    const facts = read(
      '<body><div id="cookie-notice" role="dialog">We use cookies. <button>Accept</button></div></body>',
    )
    expect(facts.consent).toEqual([{ name: 'A cookie banner in the page', via: '<div id="cookie-notice">' }])
  })
})

describe('sitemapUrlsOf', () => {
  test('the Sitemap: lines, absolute, without repeats or comments', () => {
    const robots = [
      'User-agent: *',
      'Disallow: /cart',
      'Sitemap: https://shop.example/sitemap_index.xml # the index',
      'sitemap:/news-sitemap.xml',
      'SITEMAP: https://shop.example/sitemap_index.xml',
      'Sitemap: ftp://shop.example/old.xml',
      '# Sitemap: https://shop.example/commented.xml',
    ].join('\r\n')
    expect(sitemapUrlsOf(robots, 'https://shop.example/products/')).toEqual([
      'https://shop.example/sitemap_index.xml',
      'https://shop.example/news-sitemap.xml',
    ])
  })

  test('none named', () => {
    expect(sitemapUrlsOf('User-agent: *\nDisallow:\n', 'https://shop.example/')).toEqual([])
  })
})

describe('the fixtures', () => {
  test('the good page and the poor page read as their tests expect', () => {
    const good = readPage(
      readFileSync(new URL('./fixtures/good-page.html', import.meta.url), 'utf8'),
      'https://www.alderoak.example/',
    )
    expect(good.tracking.map((tag) => tag.name)).toEqual(['Plausible Analytics'])
    expect(good.scripts.every((script) => script.src?.startsWith('https://www.alderoak.example/'))).toBe(true)
    expect(good.jsonLd).toEqual([{ ok: true, types: ['HomeAndConstructionBusiness', 'WebSite'] }])
    const poor = readPage(
      readFileSync(new URL('./fixtures/poor-page.html', import.meta.url), 'utf8'),
      'http://www.springfield-plumbing.example/',
    )
    expect(poor.tracking.map((tag) => tag.name)).toEqual(['Google tag (gtag.js)', 'Meta Pixel', 'Hotjar'])
    expect(poor.consent).toEqual([])
    expect(poor.h1s).toHaveLength(2)
  })
})
