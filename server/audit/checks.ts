import {
  auditCategories,
  type AuditCategoryId,
  type AuditFinding,
  type AuditResult,
  type AuditService,
  type FieldData,
} from '#app/lib/audit/report.ts'
import type { SiteEvidence } from './evidence.ts'
import type { Fetched, FetchFailure } from './fetched.ts'
import { sitemapUrlsOf } from './page-facts.ts'

/**
 * The grader's checks: what it looked at, how each is scored, and what each
 * finding says to the business owner who reads the report. Pure: the same
 * evidence and clock give the same report.
 */

/**
 * How much each category counts in the overall score, out of 100. Search
 * engines weigh most because a page nobody finds wins nobody; speed next,
 * because a slow page loses the visitors that search and ads brought;
 * security and mobile are basics a visitor notices at once (the "Not
 * secure" label, a page that does not fit the phone); measurement and
 * sharing matters to the business, but a site without it still works for
 * its visitors.
 */
export const categoryWeights: Record<AuditCategoryId, number> = {
  seo: 30,
  performance: 25,
  mobile: 15,
  security: 20,
  measurement: 10,
}

const website: AuditService = '/services/website-design'
const content: AuditService = '/services/content-creation'
const analytics: AuditService = '/services/analytics'
const social: AuditService = '/services/social-media'

/** One check: where it belongs, its heading, its points and the service that fixes it. */
export interface AuditCheck {
  category: AuditCategoryId
  title: string
  maxPoints: number
  service: AuditService
}

/**
 * Every check, by id, in the report's order, with the points it is worth
 * inside its category. The points rank the checks by what a failure costs:
 * being left out of search (noindex) or sent without encryption (https)
 * outweighs a missing language attribute.
 */
export const auditChecks = {
  title: { category: 'seo', title: 'Page title', maxPoints: 10, service: content },
  description: { category: 'seo', title: 'Meta description', maxPoints: 8, service: content },
  h1: { category: 'seo', title: 'Main heading (h1)', maxPoints: 8, service: content },
  canonical: { category: 'seo', title: 'Canonical address', maxPoints: 5, service: website },
  noindex: { category: 'seo', title: 'Allowed in search results', maxPoints: 15, service: website },
  lang: { category: 'seo', title: 'Page language', maxPoints: 3, service: website },
  'robots-txt': { category: 'seo', title: 'robots.txt', maxPoints: 5, service: website },
  sitemap: { category: 'seo', title: 'XML sitemap', maxPoints: 5, service: website },
  'structured-data': { category: 'seo', title: 'Structured data (JSON-LD)', maxPoints: 5, service: website },
  'broken-links': { category: 'seo', title: 'Broken links', maxPoints: 10, service: website },
  'image-alt': { category: 'seo', title: 'Image descriptions (alt text)', maxPoints: 5, service: content },
  'html-weight': { category: 'performance', title: 'Page size', maxPoints: 10, service: website },
  compression: { category: 'performance', title: 'Compression', maxPoints: 10, service: website },
  caching: { category: 'performance', title: 'Browser caching', maxPoints: 6, service: website },
  scripts: { category: 'performance', title: 'Scripts', maxPoints: 12, service: website },
  'render-blocking': {
    category: 'performance',
    title: 'Files that delay the first view',
    maxPoints: 8,
    service: website,
  },
  'field-data': { category: 'performance', title: 'Speed for real visitors', maxPoints: 15, service: analytics },
  viewport: { category: 'mobile', title: 'Fits the phone screen', maxPoints: 10, service: website },
  https: { category: 'security', title: 'HTTPS', maxPoints: 15, service: website },
  hsts: { category: 'security', title: 'HTTPS enforced (HSTS)', maxPoints: 8, service: website },
  csp: { category: 'security', title: 'Content Security Policy', maxPoints: 6, service: website },
  'security-headers': { category: 'security', title: 'Other security headers', maxPoints: 8, service: website },
  tracking: { category: 'measurement', title: 'Analytics and ad tracking', maxPoints: 10, service: analytics },
  consent: { category: 'measurement', title: 'Cookie consent', maxPoints: 10, service: analytics },
  'open-graph': { category: 'measurement', title: 'Link previews (Open Graph)', maxPoints: 6, service: social },
  'twitter-card': { category: 'measurement', title: 'X (Twitter) card', maxPoints: 4, service: social },
} as const satisfies Record<string, AuditCheck>

/** A check's id. */
export type AuditCheckId = keyof typeof auditChecks

/** HTML up to this size (decoded) is light: it arrives quickly even on a phone. */
export const HTML_LIGHT_BYTES = 100 * 1024
/** HTML past this size is heavy: the markup alone, before any picture or script, slows the page. */
export const HTML_HEAVY_BYTES = 500 * 1024
/** Scripts up to this much in all (as transferred) are light for a phone to download and run. */
export const SCRIPTS_LIGHT_BYTES = 150 * 1024
/** Scripts past this much in all are heavy: a phone takes a noticeable while to download and run them. */
export const SCRIPTS_HEAVY_BYTES = 500 * 1024
/** Six months, in seconds: the shortest HSTS max-age that counts (the preload list asks for a year). */
export const HSTS_MIN_SECONDS = 15_552_000

/**
 * Grades one address from what was read about it: every check as a
 * finding, each category's score, the overall score and the most costly
 * findings. `now` is when the pages were read.
 */
export function gradeSite(evidence: SiteEvidence, now: number): AuditResult {
  const findings: AuditFinding[] = [
    checkTitle(evidence),
    checkDescription(evidence),
    checkH1(evidence),
    checkCanonical(evidence),
    checkNoindex(evidence),
    checkLang(evidence),
    checkRobotsTxt(evidence),
    checkSitemap(evidence),
    checkStructuredData(evidence),
    checkBrokenLinks(evidence),
    checkImageAlt(evidence),
    checkHtmlWeight(evidence),
    checkCompression(evidence),
    checkCaching(evidence),
    checkScripts(evidence),
    checkRenderBlocking(evidence),
    ...(evidence.fieldData ? [checkFieldData(evidence.fieldData)] : []),
    checkViewport(evidence),
    checkHttps(evidence),
    checkHsts(evidence),
    checkCsp(evidence),
    checkSecurityHeaders(evidence),
    checkTracking(evidence),
    checkConsent(evidence),
    checkOpenGraph(evidence),
    checkTwitterCard(evidence),
  ]

  const categories = auditCategories.map(({ id, label }) => {
    const scored = findings.filter((finding) => finding.category === id && finding.maxPoints > 0)
    const max = scored.reduce((sum, finding) => sum + finding.maxPoints, 0)
    const earned = scored.reduce((sum, finding) => sum + finding.points, 0)
    // A category with nothing scored has nothing against it; it is left out of the overall score below.
    return { id, label, score: max === 0 ? 100 : Math.round((100 * earned) / max), scored: max > 0 }
  })
  const weighed = categories.filter((category) => category.scored)
  const totalWeight = weighed.reduce((sum, category) => sum + categoryWeights[category.id], 0)
  // The categories' rounded scores, so that the overall score can be worked out from the report itself.
  const score =
    totalWeight === 0
      ? 100
      : Math.round(
          weighed.reduce((sum, category) => sum + categoryWeights[category.id] * category.score, 0) / totalWeight,
        )

  // What needs fixing before what could be better (a noindex left in, tags without consent), then
  // the most costly first: the points of the overall score a finding loses (its lost share of its
  // category, times the category's weight). Ties keep the report's order, so that the list is the
  // same on every run.
  const categoryMax = new Map(
    auditCategories.map(({ id }) => [
      id,
      findings.filter((finding) => finding.category === id).reduce((sum, finding) => sum + finding.maxPoints, 0),
    ]),
  )
  const cost = (finding: AuditFinding) =>
    ((finding.maxPoints - finding.points) / (categoryMax.get(finding.category) || 1)) *
    categoryWeights[finding.category]
  const rank = (finding: AuditFinding) => (finding.status === 'fail' ? 0 : 1)
  const top = findings
    .filter((finding) => finding.status === 'fail' || finding.status === 'warn')
    .sort((a, b) => rank(a) - rank(b) || cost(b) - cost(a))
    .slice(0, 5)
    .map((finding) => finding.id)

  return {
    requestedUrl: evidence.requestedUrl,
    url: evidence.page.url,
    score,
    categories: categories.map(({ id, label, score }) => ({ id, label, score })),
    findings,
    top,
    fieldData: evidence.fieldData,
    checkedAt: now,
  }
}

type Status = AuditFinding['status']

interface Outcome {
  status: Status
  /** Points earned; defaults: all for a pass, none for a fail. */
  points?: number
  summary: string
  evidence: string[]
  cost: string
}

/** Evidence lines kept per finding (AuditFinding.evidence). */
const MAX_EVIDENCE = 10

function finding(id: AuditCheckId, outcome: Outcome): AuditFinding {
  const check: AuditCheck = auditChecks[id]
  const maxPoints = outcome.status === 'info' ? 0 : check.maxPoints
  const points = outcome.status === 'info' ? 0 : (outcome.points ?? (outcome.status === 'pass' ? maxPoints : 0))
  const evidence =
    outcome.evidence.length <= MAX_EVIDENCE
      ? outcome.evidence
      : [...outcome.evidence.slice(0, MAX_EVIDENCE - 1), `…and ${outcome.evidence.length - (MAX_EVIDENCE - 1)} more`]
  return {
    id,
    category: check.category,
    title: check.title,
    status: outcome.status,
    points,
    maxPoints,
    // A summary may quote the page (its heading, its canonical address): a page's words, kept short.
    summary: clip(outcome.summary, 400),
    evidence: evidence.map((line) => clip(line, 300)),
    cost: outcome.cost,
    service: check.service,
  }
}

// Search engines

function checkTitle({ facts }: SiteEvidence): AuditFinding {
  const title = facts.title
  if (!title) {
    return finding('title', {
      status: 'fail',
      summary: 'The page has no title.',
      evidence: [title === '' ? '<title></title>' : 'no <title> in the page'],
      cost: 'Search engines make up a title from the page’s text, and it is rarely the line that would make someone click your result over the next one.',
    })
  }
  const length = [...title].length
  const evidence = [`<title>${title}</title>`]
  if (length < 10) {
    return finding('title', {
      status: 'warn',
      points: 5,
      summary: `The title is ${length} characters: too short to say what the page offers and who it is for.`,
      evidence,
      cost: 'The title is the headline of your search result; a vague one loses clicks to competitors whose titles say what they offer.',
    })
  }
  if (length > 60) {
    return finding('title', {
      status: 'warn',
      points: 5,
      summary: `The title is ${length} characters; search results cut titles at about 60.`,
      evidence,
      cost: 'The end of the title is cut off in search results, so the words that would win the click may never be seen.',
    })
  }
  return finding('title', {
    status: 'pass',
    summary: `The title is ${length} characters, short enough to show in full in search results.`,
    evidence,
    cost: 'The title is the headline of your search result: a clear one earns the click.',
  })
}

function checkDescription({ facts }: SiteEvidence): AuditFinding {
  const description = facts.description
  if (!description) {
    return finding('description', {
      status: 'fail',
      summary: 'The page has no meta description.',
      evidence: [
        description === '' ? '<meta name="description" content="">' : 'no <meta name="description"> in the page',
      ],
      cost: 'Search engines fill the text under your title with whatever they pick from the page, which seldom gives people a reason to choose you.',
    })
  }
  const length = [...description].length
  const evidence = [`<meta name="description" content="${description}">`]
  const cost =
    'The description is the pitch under your title in search results; a weak or cut-off one loses clicks you already ranked for.'
  if (length < 50) {
    return finding('description', {
      status: 'warn',
      points: 4,
      summary: `The description is ${length} characters: too short to give searchers a reason to click.`,
      evidence,
      cost,
    })
  }
  if (length > 160) {
    return finding('description', {
      status: 'warn',
      points: 4,
      summary: `The description is ${length} characters; search results usually cut it at about 160.`,
      evidence,
      cost,
    })
  }
  return finding('description', {
    status: 'pass',
    summary: `The description is ${length} characters, within the 50 to 160 that show in full.`,
    evidence,
    cost: 'A clear description is the pitch under your title in search results.',
  })
}

function checkH1({ facts }: SiteEvidence): AuditFinding {
  const evidence = facts.h1s.map((text) => `<h1>${text}</h1>`)
  const cost =
    'Visitors and search engines both look to the main heading to understand what the page is about; when it is missing or muddled, that takes longer, and some visitors leave.'
  if (facts.h1s.length === 0) {
    return finding('h1', {
      status: 'fail',
      summary: 'The page has no h1 heading.',
      evidence: ['no <h1> in the page'],
      cost,
    })
  }
  if (facts.h1s.length > 1) {
    return finding('h1', {
      status: 'warn',
      points: 4,
      summary: `The page has ${facts.h1s.length} h1 headings; a single main heading says clearly what the page is about.`,
      evidence,
      cost,
    })
  }
  if (facts.h1s[0] === '') {
    return finding('h1', { status: 'warn', points: 4, summary: 'The page’s h1 heading has no text.', evidence, cost })
  }
  return finding('h1', {
    status: 'pass',
    summary: `The page has one main heading: “${facts.h1s[0]}”.`,
    evidence,
    cost: 'One clear heading tells visitors and search engines at a glance what the page offers.',
  })
}

function checkCanonical({ facts, page }: SiteEvidence): AuditFinding {
  const cost =
    'When the same page can be reached at several addresses (with and without www, with campaign parameters), search engines may split its ranking between them or show the wrong one.'
  if (facts.canonicalHref === null || facts.canonical === null) {
    return finding('canonical', {
      status: 'warn',
      points: 2,
      summary: 'The page does not name its canonical (preferred) address.',
      evidence: ['no <link rel="canonical"> in the page', `page: ${page.url}`],
      cost,
    })
  }
  const evidence = [`<link rel="canonical" href="${facts.canonicalHref}">`, `page: ${page.url}`]
  if (!/^https?:\/\//i.test(facts.canonicalHref)) {
    return finding('canonical', {
      status: 'warn',
      points: 3,
      summary: `The canonical address is written as a relative address (“${facts.canonicalHref}”); search engines ask for the full address.`,
      evidence,
      cost,
    })
  }
  const canonicalHost = new URL(facts.canonical).hostname
  const pageHost = new URL(page.url).hostname
  if (canonicalHost !== pageHost) {
    return finding('canonical', {
      status: 'warn',
      points: 1,
      summary: `The canonical address is on another host (${canonicalHost}), so search engines are told to rank that address instead of this page.`,
      evidence,
      cost: 'Unless it is meant, this page gives its place in search results to another address, which may redirect, differ or not exist.',
    })
  }
  return finding('canonical', {
    status: 'pass',
    summary: `The page names its preferred address, ${facts.canonical}.`,
    evidence,
    cost: 'Search engines rank one address for this page instead of splitting it across copies.',
  })
}

function checkNoindex({ facts, page }: SiteEvidence): AuditFinding {
  const noindex = /\b(?:noindex|none)\b/i
  const tags = facts.robots.map((tag) => `<meta name="${tag.name}" content="${tag.content}">`)
  const header = page.headers['x-robots-tag']
  const evidence = [...tags, ...(header === undefined ? [] : [`x-robots-tag: ${header}`])]
  if (facts.robots.some((tag) => noindex.test(tag.content)) || (header !== undefined && noindex.test(header))) {
    return finding('noindex', {
      status: 'fail',
      summary: 'The page tells search engines not to list it (noindex).',
      evidence,
      cost: 'The page cannot appear in Google or Bing at all, however good it is: every visitor has to come from somewhere else, such as ads you pay for.',
    })
  }
  return finding('noindex', {
    status: 'pass',
    summary: 'Nothing in the page or its headers asks search engines to leave it out of their results.',
    evidence: evidence.length > 0 ? evidence : ['no robots meta tag or x-robots-tag header'],
    cost: 'The page is free to appear in search results.',
  })
}

function checkLang({ facts }: SiteEvidence): AuditFinding {
  if (facts.lang === null) {
    return finding('lang', {
      status: 'warn',
      points: 1,
      summary: 'The page does not say which language it is written in.',
      evidence: ['<html> has no lang attribute'],
      cost: 'Screen readers may read the text with the wrong pronunciation, and browsers and search engines have to guess the language.',
    })
  }
  return finding('lang', {
    status: 'pass',
    summary: `The page says it is written in “${facts.lang}”.`,
    evidence: [`<html lang="${facts.lang}">`],
    cost: 'Screen readers, browsers and search engines know the page’s language without guessing.',
  })
}

function checkRobotsTxt({ robots }: SiteEvidence): AuditFinding {
  const cost =
    'robots.txt is where search engines learn what they may crawl and where the sitemap is; without a readable one they work less efficiently through your site.'
  if (!robots.ok) {
    return finding('robots-txt', {
      status: 'warn',
      points: 2,
      summary: `robots.txt could not be read (${failureText(robots.failure)}).`,
      evidence: [`${robots.failure.url} → ${failureText(robots.failure)}`],
      cost,
    })
  }
  const response = robots.response
  const evidence = [`${response.url} → ${response.status}`, ...headerLines(response, ['content-type'])]
  if (response.status >= 500) {
    return finding('robots-txt', {
      status: 'fail',
      summary: `robots.txt answers with a server error (${response.status}).`,
      evidence,
      cost: 'Google slows or stops crawling a site whose robots.txt answers with a server error, so new and changed pages are not picked up.',
    })
  }
  if (response.status !== 200) {
    return finding('robots-txt', {
      status: 'warn',
      points: 2,
      summary: `The site has no robots.txt (it answers ${response.status}).`,
      evidence,
      cost,
    })
  }
  const text = response.body.toString('utf8')
  if (looksLikeHtml(response, text)) {
    return finding('robots-txt', {
      status: 'warn',
      points: 2,
      summary: 'robots.txt answers with a web page instead of a plain text file.',
      evidence,
      cost,
    })
  }
  const blocked = blockedForEveryone(text)
  if (blocked.length > 0) {
    return finding('robots-txt', {
      status: 'fail',
      summary: 'robots.txt tells every search engine not to crawl any page of the site.',
      evidence: [...evidence, ...blocked],
      cost: 'Search engines stop reading the site, so new and changed pages stay out of results and existing listings lose their descriptions.',
    })
  }
  const sitemaps = text.split(/\r\n|\r|\n/).filter((line) => /^\s*sitemap\s*:/i.test(line))
  return finding('robots-txt', {
    status: 'pass',
    summary:
      sitemaps.length > 0
        ? 'robots.txt lets search engines crawl the site and tells them where the sitemap is.'
        : 'robots.txt lets search engines crawl the site.',
    evidence: [...evidence, ...sitemaps.map((line) => line.trim())],
    cost: 'Search engines may crawl the pages you want found.',
  })
}

/** The lines of robots.txt that shut out every crawler (`User-agent: *` with `Disallow: /`), or none. */
function blockedForEveryone(text: string): string[] {
  let agents: string[] = []
  let inRules = false
  let disallowAll = false
  let allowAll = false
  for (const raw of text.split(/\r\n|\r|\n/)) {
    const line = raw.replace(/#.*/, '').trim()
    const colon = line.indexOf(':')
    if (colon < 0) continue
    const field = line.slice(0, colon).trim().toLowerCase()
    const value = line.slice(colon + 1).trim()
    if (field === 'user-agent') {
      if (inRules) agents = []
      inRules = false
      agents.push(value.toLowerCase())
    } else if (field === 'disallow' || field === 'allow') {
      inRules = true
      if (!agents.includes('*') || value !== '/') continue
      // An `Allow: /` in the same group wins the tie (the least restrictive rule applies).
      if (field === 'disallow') disallowAll = true
      else allowAll = true
    }
  }
  return disallowAll && !allowAll ? ['User-agent: *', 'Disallow: /'] : []
}

function checkSitemap({ sitemap, robots }: SiteEvidence): AuditFinding {
  const cost =
    'A sitemap lists your pages for search engines; without one they find new pages more slowly and may miss pages few links point to.'
  const named =
    robots.ok && robots.response.status === 200
      ? sitemapUrlsOf(robots.response.body.toString('utf8'), robots.response.url).includes(sitemap.url)
      : false
  const where = named ? ['named in robots.txt'] : []
  const outcome = sitemap.outcome
  if (!outcome.ok) {
    return finding('sitemap', {
      status: 'warn',
      points: 2,
      summary: `The sitemap at ${sitemap.url} could not be read (${failureText(outcome.failure)}).`,
      evidence: [`${outcome.failure.url} → ${failureText(outcome.failure)}`, ...where],
      cost,
    })
  }
  const response = outcome.response
  const evidence = [`${response.url} → ${response.status}`, ...where, ...headerLines(response, ['content-type'])]
  if (response.status !== 200) {
    return finding('sitemap', {
      status: 'warn',
      points: 2,
      summary: `There is no sitemap at ${sitemap.url} (it answers ${response.status}).`,
      evidence,
      cost,
    })
  }
  const text = response.body.toString('utf8')
  const root = /<(urlset|sitemapindex)[\s>]/.exec(text.slice(0, 4096))
  if (!root) {
    return finding('sitemap', {
      status: 'warn',
      points: 2,
      summary: `${sitemap.url} answers, but not with a sitemap.`,
      evidence,
      cost,
    })
  }
  const entries = text.match(/<loc[\s>]/g)?.length ?? 0
  const index = root[1] === 'sitemapindex'
  return finding('sitemap', {
    status: 'pass',
    summary: index
      ? `The sitemap index at ${sitemap.url} lists ${entries} sitemaps.`
      : `The sitemap at ${sitemap.url} lists ${entries} ${entries === 1 ? 'address' : 'addresses'}.`,
    evidence: [...evidence, `<${root[1]}> with ${entries} <loc> entries${response.truncated ? ' (read in part)' : ''}`],
    cost: 'Search engines have a list of the pages you want found.',
  })
}

function checkStructuredData({ facts }: SiteEvidence): AuditFinding {
  const blocks = facts.jsonLd
  const evidence = blocks.map((block, at) =>
    block.ok
      ? `block ${at + 1}: ${block.types.join(', ') || 'no @type'}`
      : `block ${at + 1}: cannot be read: ${block.error}`,
  )
  if (blocks.length === 0) {
    return finding('structured-data', {
      status: 'warn',
      points: 2,
      summary: 'The page has no structured data describing the business.',
      evidence: ['no <script type="application/ld+json"> in the page'],
      cost: 'Search engines have to work out your business details (name, address, opening hours, reviews) from the text, and the page is not eligible for the richer results that structured data allows.',
    })
  }
  const broken = blocks.filter((block) => !block.ok).length
  if (broken > 0) {
    return finding('structured-data', {
      status: 'fail',
      summary: `${broken} of the page’s ${blocks.length} structured-data ${blocks.length === 1 ? 'block' : 'blocks'} cannot be read.`,
      evidence,
      cost: 'Search engines ignore a block they cannot read, so the business details written in it are lost.',
    })
  }
  const types = [...new Set(blocks.flatMap((block) => (block.ok ? block.types : [])))]
  return finding('structured-data', {
    status: 'pass',
    summary: `The page describes itself to search engines as: ${types.join(', ') || 'no type given'}.`,
    evidence,
    cost: 'Search engines read your business details as facts, which makes the page eligible for richer results.',
  })
}

/** Answers to HEAD that say nothing about the page: HEAD not supported, or too many requests. */
const notCheckedStatuses = new Set([405, 429, 501])

function checkBrokenLinks({ links }: SiteEvidence): AuditFinding {
  const broken: string[] = []
  const notChecked: string[] = []
  for (const { url, outcome } of links) {
    if (outcome.ok) {
      const status = outcome.response.status
      if (notCheckedStatuses.has(status)) notChecked.push(`not checked: ${url} → ${status}`)
      else if (status >= 400) broken.push(`${url} → ${status}`)
    } else if (outcome.failure.kind === 'refused' || outcome.failure.kind === 'timeout') {
      notChecked.push(`not checked: ${url} (${failureText(outcome.failure)})`)
    } else {
      broken.push(`${url} → ${failureText(outcome.failure)}`)
    }
  }
  const evidence = [...broken, ...notChecked]
  const cost =
    'Visitors who click a broken link land on an error page instead of the offer or contact form they wanted, and some of them leave.'
  if (broken.length === 0) {
    return finding('broken-links', {
      status: 'pass',
      summary:
        links.length === 0 ? 'The page has no links to check.' : `None of the ${links.length} links checked is broken.`,
      evidence,
      cost: 'Visitors who click reach the page they expected.',
    })
  }
  const count = `${broken.length} of the ${links.length} links checked ${broken.length === 1 ? 'is' : 'are'} broken.`
  return finding('broken-links', {
    status: broken.length === 1 ? 'warn' : 'fail',
    points: broken.length === 1 ? 5 : 0,
    summary: count,
    evidence,
    cost,
  })
}

function checkImageAlt({ facts }: SiteEvidence): AuditFinding {
  const images = facts.images
  const missing = images.filter((image) => image.alt === null)
  const decorative = images.filter((image) => image.alt === '').length
  if (missing.length === 0) {
    return finding('image-alt', {
      status: 'pass',
      summary:
        images.length === 0
          ? 'The page has no images.'
          : `All ${images.length} images have alt text${decorative > 0 ? ` (${decorative} marked as decoration)` : ''}.`,
      evidence: [],
      cost: 'People using screen readers hear what each image shows, and search engines can tell what it is.',
    })
  }
  return finding('image-alt', {
    status: missing.length * 2 >= images.length ? 'fail' : 'warn',
    points: missing.length * 2 >= images.length ? 0 : 2,
    summary: `${missing.length} of the page’s ${images.length} images have no alt text.`,
    evidence: missing.map((image) => `<img src="${image.src ?? ''}"> has no alt`),
    cost: 'People using screen readers get nothing useful from those images, and search engines cannot tell what they show, so they are less likely to appear in image search.',
  })
}

// Speed

function checkHtmlWeight({ page }: SiteEvidence): AuditFinding {
  const size = page.body.length
  const evidence = [`HTML: ${kb(size)} decoded, ${kb(page.transferBytes)} transferred`]
  const cost =
    'Every visitor’s phone has to download and read all of it before the page is usable, so the page appears later, most of all on mobile networks.'
  if (page.truncated) {
    return finding('html-weight', {
      status: 'fail',
      summary: 'The HTML is over 2 MB, before any picture, style or script; reading stopped there.',
      evidence: [...evidence, 'read in part: over the 2 MB limit'],
      cost,
    })
  }
  if (size > HTML_HEAVY_BYTES) {
    return finding('html-weight', {
      status: 'fail',
      summary: `The HTML is ${kb(size)}, over 500 KB before any picture, style or script.`,
      evidence,
      cost,
    })
  }
  if (size > HTML_LIGHT_BYTES) {
    return finding('html-weight', {
      status: 'warn',
      points: 5,
      summary: `The HTML is ${kb(size)}; a light page is under 100 KB.`,
      evidence,
      cost,
    })
  }
  return finding('html-weight', {
    status: 'pass',
    summary: `The HTML is ${kb(size)}, under the 100 KB of a light page.`,
    evidence,
    cost: 'The page’s HTML arrives quickly, even on a phone.',
  })
}

/** Below this, servers commonly skip compression and it would save nearly nothing. */
const COMPRESSIBLE_BYTES = 1024

function checkCompression({ page, scripts }: SiteEvidence): AuditFinding {
  const cost =
    'Uncompressed files take longer to arrive, most of all on phones, so visitors wait longer for the same page.'
  const encoding = compressionOf(page)
  const uncompressedScripts = scripts.flatMap(({ url, firstParty, outcome }) =>
    firstParty && outcome.ok && outcome.response.body.length >= COMPRESSIBLE_BYTES && !compressionOf(outcome.response)
      ? [`${label(url, true)}: no content-encoding (${kb(outcome.response.transferBytes)})`]
      : [],
  )
  if (page.body.length < COMPRESSIBLE_BYTES) {
    return finding('compression', {
      status: 'pass',
      summary: `The page is ${kb(page.body.length)}, too small for compression to matter.`,
      evidence: [`HTML: ${kb(page.body.length)}`],
      cost: 'Nothing is lost here.',
    })
  }
  const pageLines = [
    encoding ? `content-encoding: ${encoding}` : 'no content-encoding header',
    `HTML: ${kb(page.transferBytes)} transferred, ${kb(page.body.length)} decoded`,
  ]
  if (!encoding && !(page.transferBytes < page.body.length * 0.8 && !page.truncated)) {
    return finding('compression', {
      status: 'fail',
      summary: `The page is sent uncompressed: all ${kb(page.body.length)} of HTML travel as they are.`,
      evidence: [...pageLines, ...uncompressedScripts],
      cost,
    })
  }
  if (uncompressedScripts.length > 0) {
    return finding('compression', {
      status: 'warn',
      points: 5,
      summary: `The page is compressed, but ${uncompressedScripts.length} of the site’s own scripts ${uncompressedScripts.length === 1 ? 'is' : 'are'} not.`,
      evidence: [...pageLines, ...uncompressedScripts],
      cost,
    })
  }
  return finding('compression', {
    status: 'pass',
    summary: `The page is compressed: ${kb(page.transferBytes)} are sent for ${kb(page.body.length)} of HTML.`,
    evidence: pageLines,
    cost: 'Visitors download a fraction of the page’s size.',
  })
}

/** The response's compression (`br`, `gzip`, `deflate`, `zstd`), or null. */
function compressionOf(response: Fetched): string | null {
  const encoding = response.headers['content-encoding']?.toLowerCase() ?? ''
  return /\b(?:br|gzip|deflate|zstd)\b/.test(encoding) ? encoding : null
}

function checkCaching({ page, scripts }: SiteEvidence): AuditFinding {
  const responses: { name: string; response: Fetched; page: boolean }[] = [
    { name: 'page', response: page, page: true },
    ...scripts.flatMap(({ url, firstParty, outcome }) =>
      firstParty && outcome.ok ? [{ name: label(url, true), response: outcome.response, page: false }] : [],
    ),
  ]
  const evidence: string[] = []
  let cached = 0
  for (const { name, response } of responses) {
    const lines = headerLines(response, ['cache-control', 'etag', 'last-modified'])
    evidence.push(lines.length > 0 ? `${name}: ${lines.join('; ')}` : `${name}: no cache headers`)
    if (reusable(response)) cached += 1
  }
  const cost =
    'Returning visitors, and visitors going from page to page, download the same files again, so every page view is slower than it needs to be.'
  const scriptCount = responses.length - 1
  if (cached === responses.length) {
    return finding('caching', {
      status: 'pass',
      summary:
        scriptCount === 0
          ? 'The page tells browsers how to keep and recheck it.'
          : `The page and the site’s ${scriptCount} own ${scriptCount === 1 ? 'script tell' : 'scripts tell'} browsers how to keep and recheck them.`,
      evidence,
      cost: 'Returning visitors reuse what they already downloaded, so pages open faster.',
    })
  }
  if (cached === 0) {
    return finding('caching', {
      status: 'fail',
      summary:
        scriptCount === 0
          ? 'The page sends no caching headers, so browsers download it again on every visit.'
          : 'Neither the page nor the site’s own scripts send caching headers, so browsers download them again on every visit.',
      evidence,
      cost,
    })
  }
  return finding('caching', {
    status: 'warn',
    points: 3,
    summary: `${responses.length - cached} of ${responses.length} of the site’s own files send no usable caching headers.`,
    evidence,
    cost,
  })
}

/** Whether a browser may keep the response and reuse it (fresh for a while, or checked with a validator). */
function reusable(response: Fetched): boolean {
  const control = response.headers['cache-control']?.toLowerCase() ?? ''
  if (/\bno-store\b/.test(control)) return false
  const fresh = /\bimmutable\b/.test(control) || /\b(?:s-)?max-age\s*=\s*"?[1-9]/.test(control)
  return fresh || 'etag' in response.headers || 'last-modified' in response.headers
}

function checkScripts({ scripts }: SiteEvidence): AuditFinding {
  const measured = scripts.flatMap(({ url, firstParty, outcome }) =>
    outcome.ok ? [{ url, firstParty, bytes: outcome.response.transferBytes, cut: outcome.response.truncated }] : [],
  )
  const notMeasured = scripts.flatMap(({ url, firstParty, outcome }) =>
    outcome.ok ? [] : [`${label(url, firstParty)}: not measured (${failureText(outcome.failure)})`],
  )
  const total = measured.reduce((sum, script) => sum + script.bytes, 0)
  const ownBytes = measured.filter((script) => script.firstParty).reduce((sum, script) => sum + script.bytes, 0)
  const thirdParty = measured.filter((script) => !script.firstParty)
  const hosts = new Set(thirdParty.map((script) => URL.parse(script.url)?.hostname ?? script.url)).size
  const evidence = [
    ...measured
      .toSorted((a, b) => b.bytes - a.bytes)
      .map(
        (script) =>
          `${label(script.url, script.firstParty)}: ${script.cut ? 'over ' : ''}${kb(script.bytes)}${script.firstParty ? '' : ' (third party)'}`,
      ),
    ...notMeasured,
  ]
  if (scripts.length === 0) {
    return finding('scripts', {
      status: 'pass',
      summary: 'The page loads no script files.',
      evidence,
      cost: 'Phones have no code to download before the page responds.',
    })
  }
  const split =
    thirdParty.length === 0
      ? 'all from the site itself'
      : `${kb(ownBytes)} from the site itself and ${kb(total - ownBytes)} from ${hosts} other ${hosts === 1 ? 'company’s server' : 'companies’ servers'}`
  const weighs = `The page loads ${scripts.length} ${scripts.length === 1 ? 'script' : 'scripts'} weighing ${kb(total)} (${split})`
  const cost =
    'Phones have to download and run all that code before the page responds to taps, so it feels slow; and each third-party script is another company’s server your page waits on.'
  if (total > SCRIPTS_HEAVY_BYTES) {
    return finding('scripts', {
      status: 'fail',
      summary: `${weighs}; over 500 KB is heavy for a phone.`,
      evidence,
      cost,
    })
  }
  if (total > SCRIPTS_LIGHT_BYTES) {
    return finding('scripts', {
      status: 'warn',
      points: 6,
      summary: `${weighs}; a light page stays under 150 KB.`,
      evidence,
      cost,
    })
  }
  return finding('scripts', {
    status: 'pass',
    summary: `${weighs}; under 150 KB is light.`,
    evidence,
    cost: 'Phones have little code to download and run before the page responds.',
  })
}

function checkRenderBlocking({ facts }: SiteEvidence): AuditFinding {
  const scripts = facts.scripts.filter(
    (script) => script.src !== null && script.inHead && !script.async && !script.defer && !script.module,
  )
  const sheets = facts.stylesheets.filter((sheet) => sheet.renderBlocking)
  const evidence = [
    ...scripts.map((script) => `<script src="${script.src}"> in <head>, without async or defer`),
    ...sheets.map(
      (sheet) => `<link rel="stylesheet" href="${sheet.href}"${sheet.media ? ` media="${sheet.media}"` : ''}>`,
    ),
  ]
  const files = `${scripts.length} ${scripts.length === 1 ? 'script' : 'scripts'} and ${sheets.length} ${sheets.length === 1 ? 'stylesheet' : 'stylesheets'}`
  const cost =
    'Until those files arrive the screen stays blank, so visitors on slow connections wait longer, and some leave before they see anything.'
  if (scripts.length === 0 && sheets.length <= 2) {
    return finding('render-blocking', {
      status: 'pass',
      summary:
        sheets.length === 0
          ? 'Nothing holds up the first view of the page.'
          : `Only ${sheets.length} ${sheets.length === 1 ? 'stylesheet has' : 'stylesheets have'} to load before the page shows; no script holds it up.`,
      evidence,
      cost: 'The page can show as soon as its HTML and styles arrive.',
    })
  }
  const fail = scripts.length >= 3 || scripts.length + sheets.length >= 6
  return finding('render-blocking', {
    status: fail ? 'fail' : 'warn',
    points: fail ? 0 : 4,
    summary: `The browser has to fetch ${files} before it shows anything.`,
    evidence,
    cost,
  })
}

interface Rated {
  rating: 'good' | 'needs work' | 'poor'
  line: string
  phrase: string
  weight: number
}

/**
 * Google's thresholds for each figure (good, needs work, poor). Of the 15
 * points, what visitors wait for (LCP) and feel (INP) weigh 4 each, a
 * shifting layout 3, and the lab score 4, as it covers pages with too few
 * visits for the others. A figure Google does not have is left out, not
 * counted against the page.
 */
function checkFieldData(fieldData: FieldData): AuditFinding {
  const rated: Rated[] = []
  const missing: string[] = []
  const rate = (value: number, good: number, fair: number, higherIsBetter = false): Rated['rating'] =>
    higherIsBetter
      ? value >= good
        ? 'good'
        : value >= fair
          ? 'needs work'
          : 'poor'
      : value <= good
        ? 'good'
        : value <= fair
          ? 'needs work'
          : 'poor'
  if (fieldData.lcpMs === null) missing.push('Largest Contentful Paint: not enough Chrome visits to report')
  else {
    const rating = rate(fieldData.lcpMs, 2500, 4000)
    rated.push({
      rating,
      weight: 4,
      line: `Largest Contentful Paint (75th percentile): ${seconds(fieldData.lcpMs)} (${rating}; good is 2.5 s or less)`,
      phrase: `the main content appears after ${seconds(fieldData.lcpMs)}`,
    })
  }
  if (fieldData.inpMs === null) missing.push('Interaction to Next Paint: not enough Chrome visits to report')
  else {
    const rating = rate(fieldData.inpMs, 200, 500)
    rated.push({
      rating,
      weight: 4,
      line: `Interaction to Next Paint (75th percentile): ${Math.round(fieldData.inpMs)} ms (${rating}; good is 200 ms or less)`,
      phrase: `taps get an answer in ${Math.round(fieldData.inpMs)} ms`,
    })
  }
  if (fieldData.cls === null) missing.push('Cumulative Layout Shift: not enough Chrome visits to report')
  else {
    const rating = rate(fieldData.cls, 0.1, 0.25)
    rated.push({
      rating,
      weight: 3,
      line: `Cumulative Layout Shift (75th percentile): ${fieldData.cls.toFixed(2)} (${rating}; good is 0.1 or less)`,
      phrase: `the layout shifts by ${fieldData.cls.toFixed(2)}`,
    })
  }
  const visits = rated.map((metric) => metric.phrase)
  if (fieldData.labScore !== null) {
    const rating = rate(fieldData.labScore, 90, 50, true)
    rated.push({
      rating,
      weight: 4,
      line: `Lighthouse performance score on a phone (lab test): ${Math.round(fieldData.labScore)} (${rating}; good is 90 or more)`,
      phrase: '',
    })
  }
  const evidence = [...rated.map((metric) => metric.line), ...missing]
  const cost =
    'Google uses these real-visit figures in its ranking systems, and slow figures mean real visitors wait: some of them leave before the page is ready.'
  if (rated.length === 0) {
    return finding('field-data', {
      status: 'info',
      summary: 'Google returned no speed figures for this page, so speed for real visitors is not scored.',
      evidence,
      cost,
    })
  }
  const available = rated.reduce((sum, metric) => sum + metric.weight, 0)
  const earned = rated.reduce(
    (sum, metric) =>
      sum + (metric.rating === 'good' ? metric.weight : metric.rating === 'needs work' ? metric.weight / 2 : 0),
    0,
  )
  const lab =
    fieldData.labScore === null ? '' : `the lab test scores it ${Math.round(fieldData.labScore)} of 100 on a phone`
  const summary =
    visits.length > 0
      ? `For most real Chrome visits, ${joinAnd(visits)}${lab ? `; ${lab}` : ''}.`
      : `Google has too few Chrome visits to report real-visit figures; ${lab}.`
  const status: Status = rated.some((metric) => metric.rating === 'poor')
    ? 'fail'
    : rated.every((metric) => metric.rating === 'good')
      ? 'pass'
      : 'warn'
  return finding('field-data', {
    status,
    points: Math.round((auditChecks['field-data'].maxPoints * earned) / available),
    summary,
    evidence,
    cost: status === 'pass' ? 'Real visitors get a fast page, which Google also takes into account.' : cost,
  })
}

// Mobile

function checkViewport({ facts }: SiteEvidence): AuditFinding {
  if (facts.viewport === null) {
    return finding('viewport', {
      status: 'fail',
      summary: 'The page has no viewport tag, so phones show it as a shrunken desktop page.',
      evidence: ['no <meta name="viewport"> in the page'],
      cost: 'Visitors on phones have to pinch and zoom to read anything or tap a button, and many give up and go to a competitor.',
    })
  }
  const settings = new Map(
    facts.viewport
      .toLowerCase()
      .split(/[,;]/)
      .map((part) => part.split('=').map((side) => side.trim()) as [string, string | undefined]),
  )
  const evidence = [`<meta name="viewport" content="${facts.viewport}">`]
  const deviceWidth = settings.get('width') === 'device-width'
  const scalable = settings.get('user-scalable')
  const maximum = Number.parseFloat(settings.get('maximum-scale') ?? '')
  // WCAG asks that text can be enlarged to twice its size: a maximum scale under 2 prevents it.
  const zoomBlocks = [
    ...(scalable === 'no' || scalable === '0' ? ['user-scalable=no'] : []),
    ...(Number.isFinite(maximum) && maximum < 2 ? [`maximum-scale=${settings.get('maximum-scale')}`] : []),
  ]
  if (!deviceWidth) {
    return finding('viewport', {
      status: 'warn',
      points: 4,
      summary:
        'The viewport tag does not set width=device-width, so phones may lay the page out wider than their screen.',
      evidence,
      cost: 'Visitors on phones may have to scroll sideways or zoom to read, and some give up.',
    })
  }
  if (zoomBlocks.length > 0) {
    return finding('viewport', {
      status: 'warn',
      points: 6,
      summary: `The page fits the phone, but its viewport tag stops visitors from zooming in (${zoomBlocks.join(', ')}).`,
      evidence,
      cost: 'Visitors who need larger text cannot enlarge it to read your offer, and the page falls short of the WCAG accessibility guidelines.',
    })
  }
  return finding('viewport', {
    status: 'pass',
    summary: 'The viewport tag fits the page to the phone’s screen and lets visitors zoom.',
    evidence,
    cost: 'Visitors on phones get a page laid out for their screen.',
  })
}

// Security

function checkHttps({ page, plainHttp, facts }: SiteEvidence): AuditFinding {
  if (new URL(page.url).protocol !== 'https:') {
    return finding('https', {
      status: 'fail',
      summary: 'The page is served over plain http, without encryption.',
      evidence: [`page: ${page.url}`, ...redirectLines(page)],
      cost: 'Browsers mark the page “Not secure”, which puts visitors off filling in forms or buying, and what they type can be read or altered on the way.',
    })
  }
  const evidence = [`page: ${page.url}`]
  let redirects = true
  if (plainHttp?.ok) {
    const response = plainHttp.response
    evidence.push(...redirectLines(response), `${response.requestedUrl} ends at ${response.url} (${response.status})`)
    redirects = new URL(response.url).protocol === 'https:'
  } else if (plainHttp) {
    evidence.push(`${plainHttp.failure.url} → ${failureText(plainHttp.failure)}`)
  }
  const insecure = [
    ...facts.scripts.flatMap((script) => (script.src?.startsWith('http:') ? [script.src] : [])),
    ...facts.stylesheets.flatMap((sheet) => (sheet.href.startsWith('http:') ? [sheet.href] : [])),
    ...facts.images.flatMap((image) => (image.src?.startsWith('http:') ? [image.src] : [])),
  ]
  if (!redirects) {
    return finding('https', {
      status: 'warn',
      points: 8,
      summary: 'The page is on HTTPS, but its plain http address still serves it without redirecting.',
      evidence,
      cost: 'Visitors who follow an old link or type the address without https get the unencrypted page, marked “Not secure”.',
    })
  }
  if (insecure.length > 0) {
    return finding('https', {
      status: 'warn',
      points: 8,
      summary: `The page is on HTTPS, but loads ${insecure.length} ${insecure.length === 1 ? 'file' : 'files'} over plain http, which browsers block or flag.`,
      evidence: [...evidence, ...insecure.map((url) => `loaded over http: ${url}`)],
      cost: 'Blocked files leave parts of the page missing or broken, and browsers may drop the padlock.',
    })
  }
  return finding('https', {
    status: 'pass',
    summary: plainHttp?.ok
      ? 'The page is served over HTTPS, and its plain http address redirects to it.'
      : 'The page is served over HTTPS.',
    evidence,
    cost: 'Visitors see the padlock, and what they type in forms travels encrypted.',
  })
}

function checkHsts({ page }: SiteEvidence): AuditFinding {
  const header = page.headers['strict-transport-security']
  const cost =
    'Browsers are not told to always use the encrypted address, so on public Wi-Fi a visitor’s first request can be diverted to a fake copy of your site.'
  if (new URL(page.url).protocol !== 'https:') {
    return finding('hsts', {
      status: 'fail',
      summary: 'The site has no HTTPS, so browsers cannot be told to insist on it.',
      evidence: [`page: ${page.url}`],
      cost,
    })
  }
  if (header === undefined) {
    return finding('hsts', {
      status: 'fail',
      summary: 'The site does not send a Strict-Transport-Security header.',
      evidence: ['no strict-transport-security header'],
      cost,
    })
  }
  const evidence = [`strict-transport-security: ${header}`]
  const maxAge = Number(/max-age\s*=\s*"?(\d+)/i.exec(header)?.[1] ?? 0)
  const days = Math.floor(maxAge / 86_400)
  if (maxAge < HSTS_MIN_SECONDS) {
    return finding('hsts', {
      status: 'warn',
      points: 4,
      summary: `HSTS is set for ${days} ${days === 1 ? 'day' : 'days'}; six months (180 days) is the usual minimum.`,
      evidence,
      cost,
    })
  }
  return finding('hsts', {
    status: 'pass',
    summary: `Browsers are told to use HTTPS only, for ${days} days${/includesubdomains/i.test(header) ? ', on every subdomain too' : ''}.`,
    evidence,
    cost: 'Returning visitors always reach the encrypted site, even when they type the address without https.',
  })
}

/** A policy's directives, by name (the first of each); several policies, comma-joined, are read as one. */
function directivesOf(policy: string): Map<string, string> {
  const directives = new Map<string, string>()
  for (const part of policy.split(/[;,]/)) {
    const [name, ...values] = part.trim().split(/\s+/)
    if (name && !directives.has(name.toLowerCase())) directives.set(name.toLowerCase(), values.join(' '))
  }
  return directives
}

function checkCsp({ page, facts }: SiteEvidence): AuditFinding {
  const header = page.headers['content-security-policy']
  const policy = header ?? facts.cspMeta
  const cost =
    'If an attacker manages to inject a script, through a vulnerable plugin or a compromised third-party tag, nothing stops it from running on your page and reading what visitors type into your forms.'
  if (policy === null) {
    const reportOnly = page.headers['content-security-policy-report-only']
    if (reportOnly !== undefined) {
      return finding('csp', {
        status: 'warn',
        points: 2,
        summary: 'The site only reports breaches of its Content Security Policy; it does not enforce it.',
        evidence: [`content-security-policy-report-only: ${reportOnly}`],
        cost,
      })
    }
    return finding('csp', {
      status: 'fail',
      summary: 'The site sends no Content Security Policy.',
      evidence: ['no content-security-policy header or meta tag'],
      cost,
    })
  }
  const evidence = [
    header === undefined
      ? `<meta http-equiv="Content-Security-Policy" content="${policy}">`
      : `content-security-policy: ${header}`,
  ]
  const directives = directivesOf(policy)
  const scripts = directives.get('script-src') ?? directives.get('default-src')
  if (scripts === undefined) {
    return finding('csp', {
      status: 'warn',
      points: 3,
      summary: 'The Content Security Policy does not limit which scripts may run.',
      evidence,
      cost,
    })
  }
  // Browsers ignore 'unsafe-inline' when a nonce, a hash or 'strict-dynamic' is given.
  if (/'unsafe-inline'/i.test(scripts) && !/'(?:nonce-|sha256-|sha384-|sha512-|strict-dynamic)/i.test(scripts)) {
    return finding('csp', {
      status: 'warn',
      points: 3,
      summary:
        "The Content Security Policy lets any inline script run ('unsafe-inline'), which undoes most of its protection.",
      evidence,
      cost,
    })
  }
  return finding('csp', {
    status: 'pass',
    summary: 'A Content Security Policy limits which scripts may run on the page.',
    evidence,
    cost: 'An injected script from a hacked plugin or tag is blocked before it can read what visitors type.',
  })
}

function checkSecurityHeaders({ page }: SiteEvidence): AuditFinding {
  const headers = page.headers
  const frameAncestors = directivesOf(headers['content-security-policy'] ?? '').has('frame-ancestors')
  const checks = [
    {
      name: 'x-content-type-options',
      ok: /\bnosniff\b/i.test(headers['x-content-type-options'] ?? ''),
      lines: headerLines(page, ['x-content-type-options']),
    },
    { name: 'referrer-policy', ok: 'referrer-policy' in headers, lines: headerLines(page, ['referrer-policy']) },
    {
      name: 'frame protection (x-frame-options or frame-ancestors)',
      ok: /\b(?:deny|sameorigin)\b/i.test(headers['x-frame-options'] ?? '') || frameAncestors,
      lines: [
        ...headerLines(page, ['x-frame-options']),
        ...(frameAncestors
          ? [
              `content-security-policy: frame-ancestors ${directivesOf(headers['content-security-policy'] ?? '').get('frame-ancestors')}`,
            ]
          : []),
      ],
    },
    {
      name: 'permissions-policy',
      ok: 'permissions-policy' in headers,
      lines: headerLines(page, ['permissions-policy']),
    },
  ]
  const present = checks.filter((check) => check.ok)
  const missing = checks.filter((check) => !check.ok)
  const evidence = [...checks.flatMap((check) => check.lines), ...missing.map((check) => `missing: ${check.name}`)]
  const cost =
    'Each header closes a known gap: another site showing your page inside its own to trick visitors into clicks, a browser running a file as a script it was never meant to be, page addresses leaking to other sites.'
  if (present.length === checks.length) {
    return finding('security-headers', {
      status: 'pass',
      summary: 'The site sends all 4 of the usual protective headers.',
      evidence,
      cost: 'Common browser-side attacks on your visitors are closed off.',
    })
  }
  return finding('security-headers', {
    status: present.length === 0 ? 'fail' : 'warn',
    points: present.length * 2,
    summary:
      present.length === 0
        ? 'The site sends none of the 4 usual protective headers.'
        : `The site sends ${present.length} of the 4 usual protective headers; missing: ${missing.map((check) => check.name).join(', ')}.`,
    evidence,
    cost,
  })
}

// Measurement and sharing

function checkTracking({ facts }: SiteEvidence): AuditFinding {
  if (facts.tracking.length === 0) {
    return finding('tracking', {
      status: 'warn',
      points: 4,
      summary: 'No analytics or advertising tag was found in the page.',
      evidence: ['no known tracking tag in the page’s scripts'],
      cost: 'You cannot tell which campaigns, searches or posts bring visitors and leads, so money spent on ads or content cannot be judged on results.',
    })
  }
  return finding('tracking', {
    status: 'pass',
    summary: `The page carries ${joinAnd(facts.tracking.map((tag) => tag.name))}.`,
    evidence: facts.tracking.map((tag) => `${tag.name}: ${tag.via}`),
    cost: 'Visits and campaigns can be measured, so spend can follow what works.',
  })
}

function checkConsent({ facts }: SiteEvidence): AuditFinding {
  const needing = facts.tracking.filter((tag) => !tag.cookieless)
  const consentLines = facts.consent.map((sign) => `${sign.name}: ${sign.via}`)
  if (facts.tracking.length === 0) {
    return finding('consent', {
      status: 'pass',
      summary: 'The page carries no tracking tags, so there is nothing to ask visitors’ consent for.',
      evidence: consentLines,
      cost: 'Nothing to do here until tracking tags are added.',
    })
  }
  if (needing.length === 0) {
    const names = facts.tracking.map((tag) => tag.name)
    return finding('consent', {
      status: 'pass',
      summary: `${joinAnd(names)} ${names.length === 1 ? 'works' : 'work'} without cookies, so no consent banner is usually needed for it.`,
      evidence: [...facts.tracking.map((tag) => `${tag.name}: ${tag.via}`), ...consentLines],
      cost: 'Visits are measured without asking visitors for consent first.',
    })
  }
  const tagLines = needing.map((tag) => `${tag.name}: ${tag.via}`)
  if (facts.consent.length === 0) {
    return finding('consent', {
      status: 'fail',
      summary: `${joinAnd(needing.map((tag) => tag.name))} ${needing.length === 1 ? 'runs' : 'run'} with no consent manager or Google Consent Mode on the page.`,
      evidence: [...tagLines, 'no consent manager, Consent Mode or cookie banner found'],
      cost: 'In the EU and the UK, tracking cookies may only be set after a visitor agrees; without a way to ask, the site breaks those rules and risks complaints and fines, and Google Ads needs consent signals to measure visitors from the EU.',
    })
  }
  return finding('consent', {
    status: 'pass',
    summary: `The tracking tags come with ${joinAnd(facts.consent.map((sign) => sign.name))}.`,
    evidence: [...consentLines, ...tagLines],
    cost: 'Set up to hold the tags until visitors agree, this keeps tracking within EU and UK privacy rules.',
  })
}

const openGraphTags = ['og:title', 'og:description', 'og:image', 'og:url']

function checkOpenGraph({ facts }: SiteEvidence): AuditFinding {
  const present = openGraphTags.filter((tag) => facts.openGraph[tag])
  const missing = openGraphTags.filter((tag) => !facts.openGraph[tag])
  const evidence = [
    ...present.map((tag) => `<meta property="${tag}" content="${facts.openGraph[tag]}">`),
    ...missing.map((tag) => `missing: ${tag}`),
  ]
  const cost =
    'When someone shares the page on LinkedIn, Facebook, WhatsApp or Slack, the preview may have no picture or a wrong title, and a bare link is easy to scroll past.'
  if (missing.length === 0) {
    return finding('open-graph', {
      status: 'pass',
      summary: 'The page sets the title, description, picture and address that shared links show.',
      evidence,
      cost: 'Shared links show a proper preview, with your picture and headline.',
    })
  }
  return finding('open-graph', {
    status: present.length === 0 ? 'fail' : 'warn',
    points: Math.round((auditChecks['open-graph'].maxPoints * present.length) / openGraphTags.length),
    summary:
      present.length === 0
        ? 'The page has no Open Graph tags, so each network guesses what a shared link shows.'
        : `The page has ${present.length} of the 4 main Open Graph tags; missing: ${missing.join(', ')}.`,
    evidence,
    cost,
  })
}

function checkTwitterCard({ facts }: SiteEvidence): AuditFinding {
  const card = facts.twitter['twitter:card']
  if (card) {
    return finding('twitter-card', {
      status: 'pass',
      summary: `The page asks X (formerly Twitter) for a “${card}” card.`,
      evidence: Object.entries(facts.twitter).map(([name, value]) => `<meta name="${name}" content="${value}">`),
      cost: 'Links to the page shared on X show as a card.',
    })
  }
  const fallback = Boolean(facts.openGraph['og:title'] && facts.openGraph['og:image'])
  return finding('twitter-card', {
    status: fallback ? 'warn' : 'fail',
    points: fallback ? 2 : 0,
    summary: fallback
      ? 'The page has no twitter:card tag, which X reads to choose how a shared link looks; it can fall back on the Open Graph tags.'
      : 'The page has no twitter:card tag, nor the Open Graph title and picture X could fall back on.',
    evidence: ['no <meta name="twitter:card"> in the page'],
    cost: 'Links to the page shared on X may show as a plain link or a small card rather than with a large picture.',
  })
}

// Formatting

/** A size as people read it: `4.2 KB`, `312 KB`, `1.4 MB` (1 KB = 1,024 bytes). */
function kb(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`
  const value = bytes / 1024
  return value < 10 ? `${value.toFixed(1)} KB` : `${Math.round(value)} KB`
}

function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(1)} s`
}

/** A script's short name: its path on the site itself, host and path elsewhere. */
function label(url: string, firstParty: boolean): string {
  try {
    const parsed = new URL(url)
    return clip(firstParty ? parsed.pathname + parsed.search : parsed.host + parsed.pathname + parsed.search, 100)
  } catch {
    return clip(url, 100)
  }
}

function headerLines(response: Fetched, names: string[]): string[] {
  return names.flatMap((name) => {
    const value = response.headers[name]
    return value === undefined ? [] : [`${name}: ${value}`]
  })
}

function redirectLines(response: Fetched): string[] {
  return response.redirects.map((redirect) => `→ ${redirect.status} ${redirect.url}`)
}

function failureText(failure: FetchFailure): string {
  switch (failure.kind) {
    case 'refused':
      return 'refused: not a public address'
    case 'timeout':
      return 'no answer in time'
    case 'redirects':
      return 'too many redirects'
    case 'network':
      return 'no answer'
  }
}

function looksLikeHtml(response: Fetched, text: string): boolean {
  const type = response.headers['content-type']?.toLowerCase() ?? ''
  return type.includes('html') || /^\s*<(?:!doctype|html)/i.test(text)
}

function joinAnd(items: string[]): string {
  if (items.length <= 1) return items.join('')
  return `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`
}

function clip(text: string, length: number): string {
  return text.length <= length ? text : `${text.slice(0, length - 1)}…`
}
