import { Parser } from 'htmlparser2'

/**
 * What one page's HTML says, read once so that the checks (`checks.ts`)
 * work on plain facts rather than on markup: the tags search engines and
 * social networks read, the scripts and stylesheets a browser has to fetch,
 * the links, and the signs of tracking tags and of a consent manager.
 */

/** A `<script>` the browser runs (JSON-LD and other data blocks are not scripts). */
export interface PageScript {
  /** Absolute (against the page's address and its `<base href>`); null for an inline script. */
  src: string | null
  async: boolean
  defer: boolean
  /** `type="module"`: deferred by default. */
  module: boolean
  /** In `<head>` (or before `<body>` starts): where a plain script holds up the first paint. */
  inHead: boolean
  /** The inline code's size in bytes (UTF-8); 0 for an external script. */
  inlineBytes: number
}

/** An `<img>`. */
export interface PageImage {
  /** Absolute; null without a usable `src`. */
  src: string | null
  /** null: the attribute is missing. `""` marks a decorative image, which is correct. */
  alt: string | null
}

/** A `<link rel="stylesheet">`, or a stylesheet preloaded with `<link rel="preload" as="style">`. */
export interface PageStylesheet {
  /** Absolute. */
  href: string
  media: string | null
  inHead: boolean
  /**
   * Whether the browser waits for it before showing anything: a stylesheet
   * for the screen, in the head. One for `print` (or another medium) or
   * one only preloaded does not hold up the page.
   */
  renderBlocking: boolean
}

/** One `<script type="application/ld+json">` block, parsed. */
export type JsonLdBlock =
  | {
      ok: true
      /** Its entities' `@type`s, those inside `@graph` included, in order, without repeats. */
      types: string[]
    }
  | {
      ok: false
      /** The parser's message, as the browser's or Google's would say it. */
      error: string
    }

/** A tag recognized on the page: a tracking tag or a consent manager. */
export interface TagSign {
  /** The product, as its owner names it: "Meta Pixel", "Cookiebot". */
  name: string
  /** What gave it away: the script's address, or the inline code that loads it. */
  via: string
}

/** A tracking tag, and whether it needs a visitor's consent first. */
export interface TrackingSign extends TagSign {
  /** Built to work without cookies or personal data (Plausible, Fathom): no consent banner is usually needed for it. */
  cookieless: boolean
}

/** What the checks need to know about one page's HTML. */
export interface PageFacts {
  /** `<html lang>`, trimmed; null when missing or empty. */
  lang: string | null
  /** The document's `<title>` (not an SVG's), whitespace collapsed; null without one. */
  title: string | null
  /** `<meta name="description">`'s content, whitespace collapsed; null without one. */
  description: string | null
  /** The text of every `<h1>` (an image's alt text counts), whitespace collapsed, in order. */
  h1s: string[]
  /** `<link rel="canonical">`'s address, made absolute; null without one. */
  canonical: string | null
  /** The same as written in the HTML, to tell a relative canonical from an absolute one. */
  canonicalHref: string | null
  /** `<meta name="robots">` and `<meta name="googlebot">`, as read. */
  robots: { name: string; content: string }[]
  /** `<meta name="viewport">`'s content; null without one. */
  viewport: string | null
  /** A policy given in `<meta http-equiv="Content-Security-Policy">`; null without one. */
  cspMeta: string | null
  images: PageImage[]
  /** `og:*` tags, by property (`og:title`), the first of each. */
  openGraph: Record<string, string>
  /** `twitter:*` tags, by name (`twitter:card`), the first of each. */
  twitter: Record<string, string>
  jsonLd: JsonLdBlock[]
  stylesheets: PageStylesheet[]
  /** The inline scripts' code, each cut at MAX_INLINE_CHARS, at most MAX_INLINE_SCRIPTS of them. */
  inlineScripts: string[]
  /** The tracking tags recognized, one per product, in the order met. */
  tracking: TrackingSign[]
  /** Consent managers, Google Consent Mode or a cookie banner in the markup, one per kind. */
  consent: TagSign[]
  /** Every script the browser runs, in document order. */
  scripts: PageScript[]
  /** Absolute http(s) addresses of `<a href>`, fragment removed, without repeats, in document order. */
  links: string[]
}

/** Inline code kept per script: enough to show what a snippet does, not a bundle. */
export const MAX_INLINE_CHARS = 2_000
/** Inline scripts kept: a page with more is already telling the story. */
export const MAX_INLINE_SCRIPTS = 50

/** Script types a browser runs: none, a JavaScript MIME type or `module` (the HTML standard's list, less the rare ones). */
const javaScriptTypes = /^(?:|module|(?:text|application)\/(?:x-)?(?:java|ecma)script)$/

/** Elements that may stand in the head, so that they do not mean the body has started. */
const headElements = new Set([
  'html',
  'head',
  'title',
  'base',
  'link',
  'meta',
  'style',
  'script',
  'noscript',
  'template',
])

interface ScriptSeen {
  src: string | null
  async: boolean
  defer: boolean
  module: boolean
  runs: boolean
  inHead: boolean
  dataDomain: boolean
  text: string
  jsonLd: boolean
}

/**
 * Reads what the checks need from a page's HTML. Never throws: HTML as
 * broken as browsers tolerate is read the way htmlparser2 repairs it.
 * Relative addresses are resolved against `<base href>` (the first one)
 * and `pageUrl`, as a browser would.
 */
export function readPage(html: string, pageUrl: string): PageFacts {
  const stack: string[] = []
  let bodyStarted = false
  let baseHref: string | null = null
  let lang: string | null = null
  let title: string | null = null
  let titleText: string | null = null
  let description: string | null = null
  const h1s: string[] = []
  let h1Text: string | null = null
  let canonicalHref: string | null = null
  const robots: { name: string; content: string }[] = []
  let viewport: string | null = null
  let cspMeta: string | null = null
  const images: { src: string | null; alt: string | null }[] = []
  const openGraph: Record<string, string> = {}
  const twitter: Record<string, string> = {}
  const stylesheets: { href: string; media: string | null; inHead: boolean; preload: boolean }[] = []
  const scripts: ScriptSeen[] = []
  let script: ScriptSeen | null = null
  const hrefs: string[] = []
  const bannerMarks: string[] = []

  const inHead = () => stack.includes('head') || (!bodyStarted && !stack.includes('body'))
  const inForeign = () => stack.includes('svg') || stack.includes('math')

  const parser = new Parser(
    {
      onopentag(name, attrs) {
        if (name === 'body' || (!headElements.has(name) && !stack.includes('head'))) bodyStarted = true
        stack.push(name)
        const attr = (key: string): string | null => attrs[key] ?? null
        for (const mark of [attr('id'), attr('class')]) {
          if (mark && /(?:cookie|consent)[-_]?(?:banner|notice|bar|popup|consent|dialog|modal)/i.test(mark)) {
            bannerMarks.push(`<${name} ${mark === attr('id') ? 'id' : 'class'}="${mark}">`)
          }
        }
        switch (name) {
          case 'html':
            lang = attr('lang')?.trim() || null
            break
          case 'base':
            if (baseHref === null && attr('href') !== null) baseHref = attr('href')
            break
          case 'title':
            if (title === null && titleText === null && !inForeign()) titleText = ''
            break
          case 'h1':
            if (h1Text === null) h1Text = ''
            break
          case 'img':
            images.push({ src: attr('src'), alt: attr('alt') })
            if (h1Text !== null && attr('alt')) h1Text += ` ${attr('alt')} `
            break
          case 'a':
            if (attr('href') !== null) hrefs.push(attr('href') ?? '')
            break
          case 'meta':
            readMeta(attrs)
            break
          case 'link':
            readLink(attrs)
            break
          case 'script': {
            const type = (attr('type') ?? '').trim().toLowerCase()
            script = {
              src: attr('src'),
              async: attr('async') !== null,
              defer: attr('defer') !== null,
              module: type === 'module',
              runs: javaScriptTypes.test(type.split(';')[0]?.trim() ?? ''),
              inHead: inHead(),
              dataDomain: attr('data-domain') !== null,
              text: '',
              jsonLd: type === 'application/ld+json',
            }
            break
          }
        }
      },
      ontext(text) {
        if (titleText !== null) titleText += text
        if (h1Text !== null) h1Text += text
        if (script) script.text += text
      },
      onclosetag(name) {
        const at = stack.lastIndexOf(name)
        if (at >= 0) stack.length = at
        if (name === 'title' && titleText !== null) {
          title = collapse(titleText)
          titleText = null
        } else if (name === 'h1' && h1Text !== null && !stack.includes('h1')) {
          h1s.push(collapse(h1Text))
          h1Text = null
        } else if (name === 'script' && script) {
          scripts.push(script)
          script = null
        }
      },
    },
    { decodeEntities: true },
  )

  function readMeta(attrs: Record<string, string>) {
    const name = (attrs.name ?? '').trim().toLowerCase()
    const property = (attrs.property ?? '').trim().toLowerCase()
    const content = attrs.content
    const httpEquiv = (attrs['http-equiv'] ?? '').trim().toLowerCase()
    if (content === undefined) return
    if (name === 'description' && description === null) description = collapse(content)
    if (name === 'viewport' && viewport === null) viewport = content.trim()
    if (name === 'robots' || name === 'googlebot') robots.push({ name, content: content.trim() })
    if (httpEquiv === 'content-security-policy' && cspMeta === null) cspMeta = content.trim()
    // Many sites write og: tags with name= and twitter: tags with property=; both are read.
    for (const key of [property, name]) {
      if (key.startsWith('og:') && !(key in openGraph)) openGraph[key] = content.trim()
      if (key.startsWith('twitter:') && !(key in twitter)) twitter[key] = content.trim()
    }
  }

  function readLink(attrs: Record<string, string>) {
    const rel = (attrs.rel ?? '').toLowerCase().split(/\s+/)
    const href = attrs.href
    if (href === undefined) return
    if (rel.includes('canonical') && canonicalHref === null) canonicalHref = href.trim()
    const preload = rel.includes('preload') && (attrs.as ?? '').toLowerCase() === 'style'
    if ((rel.includes('stylesheet') && !rel.includes('alternate') && attrs.disabled === undefined) || preload) {
      stylesheets.push({ href, media: attrs.media?.trim() || null, inHead: inHead(), preload })
    }
  }

  parser.write(html)
  parser.end()

  const base = absolute(baseHref ?? '', pageUrl) ?? pageUrl
  const resolve = (href: string | null) => (href === null ? null : absolute(href, base))

  const runScripts = scripts.filter((seen) => seen.runs)
  const pageScripts: PageScript[] = runScripts.map((seen) => ({
    src: seen.src === null ? null : (resolve(seen.src) ?? seen.src),
    async: seen.async,
    defer: seen.defer,
    module: seen.module,
    inHead: seen.inHead,
    inlineBytes: seen.src === null ? Buffer.byteLength(seen.text) : 0,
  }))

  const links: string[] = []
  for (const href of hrefs) {
    // A bare fragment (`#contact`) or an empty href points at this same page: not a link to check.
    if (href.trim() === '' || href.trim().startsWith('#')) continue
    const url = absolute(href, base)
    if (url === null || !/^https?:$/.test(new URL(url).protocol)) continue
    const withoutFragment = url.split('#')[0] ?? url
    if (!links.includes(withoutFragment)) links.push(withoutFragment)
  }

  const canonical = canonicalHref === null ? null : absolute(canonicalHref, base)

  return {
    lang,
    title,
    description,
    h1s,
    canonical,
    canonicalHref,
    robots,
    viewport,
    cspMeta,
    images: images.map((image) => ({ src: resolve(image.src), alt: image.alt })),
    openGraph,
    twitter,
    jsonLd: scripts.filter((seen) => seen.jsonLd).map((seen) => readJsonLd(seen.text)),
    stylesheets: stylesheets.flatMap((sheet) => {
      const href = resolve(sheet.href)
      if (href === null) return []
      const renderBlocking = !sheet.preload && sheet.inHead && forScreen(sheet.media)
      return [{ href, media: sheet.media, inHead: sheet.inHead, renderBlocking }]
    }),
    inlineScripts: runScripts
      .filter((seen) => seen.src === null && seen.text.trim() !== '')
      .slice(0, MAX_INLINE_SCRIPTS)
      .map((seen) => seen.text.trim().slice(0, MAX_INLINE_CHARS)),
    tracking: recognize(trackingRules, scripts, resolve).map((sign) => ({
      ...sign,
      cookieless: cookielessTags.has(sign.name),
    })),
    consent: [
      ...recognize(consentRules, scripts, resolve),
      ...(bannerMarks[0] ? [{ name: 'A cookie banner in the page', via: bannerMarks[0] }] : []),
    ],
    scripts: pageScripts,
    links,
  }
}

/**
 * The sitemaps a robots.txt names on its `Sitemap:` lines, absolute (against
 * the page's address, for the rare relative one), http(s) only, without
 * repeats: where the grader looks for the sitemap before `/sitemap.xml`.
 */
export function sitemapUrlsOf(robotsTxt: string, pageUrl: string): string[] {
  const urls: string[] = []
  for (const line of robotsTxt.split(/\r\n|\r|\n/)) {
    const match = /^\s*sitemap\s*:\s*([^\s#]+)/i.exec(line)
    const url = match?.[1] ? absolute(match[1], pageUrl) : null
    if (url && /^https?:/.test(url) && !urls.includes(url)) urls.push(url)
  }
  return urls
}

/** The address made absolute, or null when it is not one a browser could follow. */
function absolute(href: string, base: string): string | null {
  try {
    return new URL(href.trim(), base).href
  } catch {
    return null
  }
}

function collapse(text: string): string {
  return text.replace(/\s+/g, ' ').trim()
}

/**
 * Whether a stylesheet's media applies to a screen. Media queries with a
 * width are not evaluated (there is no window): a screen stylesheet counts
 * as blocking, which is what it is on some screen.
 */
function forScreen(media: string | null): boolean {
  if (media === null) return true
  return media
    .toLowerCase()
    .split(',')
    .some((query) => {
      const words = query.trim().replace(/^only\s+/, '')
      return words === '' || words.startsWith('(') || /^(?:all|screen)\b/.test(words)
    })
}

function readJsonLd(text: string): JsonLdBlock {
  try {
    const types: string[] = []
    collectTypes(JSON.parse(text), types, 0)
    return { ok: true, types }
  } catch (error) {
    return { ok: false, error: error instanceof Error ? error.message : String(error) }
  }
}

/** The top-level entities' types: the block itself, an array of entities, or an `@graph`. */
function collectTypes(value: unknown, types: string[], depth: number) {
  if (depth > 2 || value === null || typeof value !== 'object') return
  if (Array.isArray(value)) {
    for (const item of value) collectTypes(item, types, depth + 1)
    return
  }
  const entity = value as Record<string, unknown>
  for (const type of [entity['@type']].flat()) {
    if (typeof type === 'string' && !types.includes(type)) types.push(type)
  }
  if (Array.isArray(entity['@graph'])) collectTypes(entity['@graph'], types, depth + 1)
}

interface TagRule {
  name: string
  /** Matches the script's address. */
  src?: (url: URL, seen: ScriptSeen) => boolean
  /** Matches inline code: the snippet that loads or configures the tag. */
  inline?: RegExp
}

const on = (url: URL, domain: string) => url.hostname === domain || url.hostname.endsWith(`.${domain}`)

/** The tracking tags the grader recognizes, by their documented snippets. */
const trackingRules: TagRule[] = [
  {
    name: 'Google tag (gtag.js)',
    src: (url) => on(url, 'googletagmanager.com') && url.pathname.startsWith('/gtag/js'),
    inline: /\bgtag\(\s*['"]config['"]/,
  },
  {
    name: 'Google Tag Manager',
    src: (url) => on(url, 'googletagmanager.com') && url.pathname.startsWith('/gtm.js'),
    inline: /googletagmanager\.com\/gtm\.js|['"]GTM-[A-Z0-9]{4,}['"]/,
  },
  {
    name: 'Google Analytics (analytics.js)',
    src: (url) => on(url, 'google-analytics.com'),
    inline: /google-analytics\.com\/(?:analytics|ga)\.js/,
  },
  {
    name: 'Meta Pixel',
    src: (url) => on(url, 'connect.facebook.net') && url.pathname.endsWith('/fbevents.js'),
    inline: /\bfbq\(\s*['"]init['"]|connect\.facebook\.net\/[\w/]*fbevents\.js/,
  },
  {
    name: 'LinkedIn Insight Tag',
    src: (url) => on(url, 'snap.licdn.com'),
    inline: /_linkedin_partner_id|snap\.licdn\.com/,
  },
  {
    name: 'TikTok Pixel',
    src: (url) => on(url, 'analytics.tiktok.com'),
    inline: /analytics\.tiktok\.com|\bttq\.load\(/,
  },
  { name: 'Hotjar', src: (url) => on(url, 'hotjar.com'), inline: /static\.hotjar\.com|_hjSettings/ },
  {
    name: 'Plausible Analytics',
    // Plausible is often served from the site's own address through a proxy, marked by data-domain.
    src: (url, seen) =>
      on(url, 'plausible.io') || (seen.dataDomain && /\/(?:script|plausible)(?:\.[\w-]+)*\.js$/.test(url.pathname)),
    inline: /\bwindow\.plausible\b|\bplausible\.init\(/,
  },
  {
    name: 'Matomo',
    src: (url) => /\/(?:matomo|piwik)\.js$/.test(url.pathname),
    inline: /\b_paq\.push\(/,
  },
  { name: 'Fathom Analytics', src: (url) => on(url, 'usefathom.com'), inline: /cdn\.usefathom\.com/ },
]

/** Tags that work without cookies or personal data, so that they usually need no consent banner. */
const cookielessTags = new Set(['Plausible Analytics', 'Fathom Analytics'])

/** Consent managers and Google Consent Mode, by their documented snippets. */
const consentRules: TagRule[] = [
  { name: 'Cookiebot', src: (url) => on(url, 'cookiebot.com') || on(url, 'cookiebot.eu'), inline: /\bCookiebot\b/ },
  {
    name: 'OneTrust',
    src: (url) => on(url, 'cookielaw.org') || on(url, 'onetrust.com'),
    inline: /\bOptanonWrapper\b|\bOneTrust\b/,
  },
  { name: 'Usercentrics', src: (url) => on(url, 'usercentrics.eu'), inline: /usercentrics/i },
  { name: 'Didomi', src: (url) => on(url, 'privacy-center.org'), inline: /\bdidomi/i },
  { name: 'CookieYes', src: (url) => on(url, 'cdn-cookieyes.com'), inline: /cookieyes/i },
  { name: 'Termly', src: (url) => on(url, 'termly.io'), inline: /app\.termly\.io/ },
  { name: 'iubenda', src: (url) => on(url, 'iubenda.com'), inline: /\b_iub\b|iubenda/ },
  { name: 'Osano', src: (url) => on(url, 'osano.com'), inline: /cmp\.osano\.com/ },
  { name: 'Complianz', src: (url) => /complianz/i.test(url.pathname), inline: /\bcomplianz|\bcmplz_/i },
  { name: 'Klaro', src: (url) => /\/klaro(?:[.-][\w-]+)*\.js$/.test(url.pathname), inline: /\bklaroConfig\b/ },
  // gtag('consent', 'default', …) or dataLayer.push(['consent', 'default', …]).
  { name: 'Google Consent Mode', inline: /['"]consent['"]\s*,\s*['"]default['"]/ },
]

/** Each rule's first sign among the page's scripts (blocked ones, `type="text/plain"`, included). */
function recognize(rules: TagRule[], scripts: ScriptSeen[], resolve: (href: string) => string | null): TagSign[] {
  const found: TagSign[] = []
  for (const rule of rules) {
    for (const seen of scripts) {
      const src = seen.src === null ? null : resolve(seen.src)
      const url = src === null ? null : new URL(src)
      if (url && rule.src?.(url, seen)) {
        found.push({ name: rule.name, via: src ?? '' })
        break
      }
      const match = seen.src === null && !seen.jsonLd ? rule.inline?.exec(seen.text) : null
      if (match) {
        found.push({ name: rule.name, via: `inline script: ${excerpt(seen.text, match.index)}` })
        break
      }
    }
  }
  return found
}

/** About 60 characters of code around a match, on one line. */
function excerpt(text: string, at: number): string {
  const start = Math.max(0, at - 10)
  const cut = collapse(text.slice(start, start + 60))
  return `${start > 0 ? '…' : ''}${cut}${start + 60 < text.length ? '…' : ''}`
}
