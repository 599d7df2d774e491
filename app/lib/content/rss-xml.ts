import type { FeedItem } from './queries.server.ts'
import { absoluteUrl } from '../site/seo.ts'
import { site } from '../site/site.ts'

// /rss.xml, written at build time (app/pages/rss.xml.ts): every article of
// the blog, newest first, as an RSS 2.0 feed
// (https://www.rssboard.org/rss-specification). Every page's head points feed
// readers to it (app/layouts/site-layout.astro).

const escapes: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' }

function xml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => escapes[char] ?? char)
}

/** "2025-01-15" as RFC 822 wants it: "Wed, 15 Jan 2025 00:00:00 GMT". */
function rfc822(date: string): string {
  return new Date(`${date}T00:00:00Z`).toUTCString()
}

/** The feed of `items`, described as the blog index describes itself. */
export function rssXml(items: FeedItem[], description: string): string {
  const newest = items.reduce((latest, item) => (item.date > latest ? item.date : latest), items[0]?.date ?? '')
  const entries = items.map((item) => {
    const url = absoluteUrl(item.path)
    return [
      '    <item>',
      `      <title>${xml(item.title)}</title>`,
      `      <link>${xml(url)}</link>`,
      `      <guid isPermaLink="true">${xml(url)}</guid>`,
      `      <pubDate>${rfc822(item.date)}</pubDate>`,
      `      <description>${xml(item.description)}</description>`,
      `      <category>${xml(item.category)}</category>`,
      '    </item>',
    ].join('\n')
  })
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">',
    '  <channel>',
    `    <title>${xml(site.feed.title)}</title>`,
    `    <link>${xml(absoluteUrl('/blog'))}</link>`,
    `    <atom:link href="${xml(absoluteUrl(site.feed.path))}" rel="self" type="application/rss+xml" />`,
    `    <description>${xml(description)}</description>`,
    '    <language>en-us</language>',
    ...(newest ? [`    <lastBuildDate>${rfc822(newest)}</lastBuildDate>`] : []),
    ...entries,
    '  </channel>',
    '</rss>',
    '',
  ].join('\n')
}
