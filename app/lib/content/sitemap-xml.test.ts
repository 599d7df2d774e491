import { expect, test } from 'vitest'
import { pages } from '../site/registry.ts'
import { absoluteUrl } from '../site/seo.ts'
import { sitemapXml } from './sitemap-xml.ts'

test('/sitemap.xml lists every indexable page of the registry, on the site origin', () => {
  const xml = sitemapXml(new Map([['/blog/local-seo-guide', '2025-01-30']]))
  const locations = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map(([, loc]) => loc)
  expect(locations).toEqual(pages.filter((page) => !page.noIndex).map((page) => absoluteUrl(page.path)))
  expect(xml).not.toContain('/thank-you')
  expect(xml).toContain('<loc>https://northpeak.example/blog/local-seo-guide</loc><lastmod>2025-01-30</lastmod>')
  expect(xml).toContain('<loc>https://northpeak.example/about</loc></url>')
})
