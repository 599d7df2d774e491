import { expect, test } from 'vitest'
import { rssXml } from './rss-xml.ts'

const item = {
  path: '/blog/seo-strategy-2025',
  title: 'SEO & "AI" <Overviews>',
  description: "What's new in search, and what to measure.",
  category: 'SEO',
  date: '2025-01-15',
}

test('an item carries its link as guid, an RFC 822 date and escaped text', () => {
  const xml = rssXml([item], 'Guides & checklists')
  expect(xml).toContain('<title>SEO &amp; &quot;AI&quot; &lt;Overviews&gt;</title>')
  expect(xml).toContain('<link>https://northpeak.example/blog/seo-strategy-2025</link>')
  expect(xml).toContain('<guid isPermaLink="true">https://northpeak.example/blog/seo-strategy-2025</guid>')
  expect(xml).toContain('<pubDate>Wed, 15 Jan 2025 00:00:00 GMT</pubDate>')
  expect(xml).toContain('<description>What&apos;s new in search, and what to measure.</description>')
  expect(xml).toContain('<category>SEO</category>')
  expect(xml).toContain('<description>Guides &amp; checklists</description>')
})

test('the channel dates its last build by its newest item', () => {
  const xml = rssXml([{ ...item, date: '2024-11-12' }, item], 'Guides')
  expect(xml).toContain('<lastBuildDate>Wed, 15 Jan 2025 00:00:00 GMT</lastBuildDate>')
  expect(xml).toContain('<atom:link href="https://northpeak.example/rss.xml" rel="self" type="application/rss+xml" />')
})
