// @vitest-environment happy-dom
import { render, screen, within } from '@testing-library/react'
import { createRoutesStub } from 'react-router'
import { expect, test } from 'vitest'
import { SitemapList } from '#app/components/sections/sitemap-list.tsx'
import { absoluteUrl } from '#app/lib/seo.ts'
import { indexablePages, pages } from '#app/lib/registry.ts'
import { sitemapXml } from './sitemap-xml.ts'

const registryPaths = pages.filter((page) => !page.noIndex).map((page) => page.path)

test('/sitemap.xml lists every indexable page of the registry, on the site origin', () => {
  const xml = sitemapXml(new Map([['/blog/local-seo-guide', '2025-01-30']]))
  const locations = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map(([, loc]) => loc)
  expect(locations).toEqual(registryPaths.map(absoluteUrl))
  expect(xml).not.toContain('/thank-you')
  expect(xml).toContain('<loc>https://northpeak.example/blog/local-seo-guide</loc><lastmod>2025-01-30</lastmod>')
})

test('the HTML sitemap links the same pages as /sitemap.xml', async () => {
  const Stub = createRoutesStub([{ path: '/sitemap', Component: SitemapList }])
  render(<Stub initialEntries={['/sitemap']} />)
  const lists = await screen.findAllByTestId('sitemap-links')
  const hrefs = lists.flatMap((list) =>
    within(list)
      .getAllByRole('link')
      .map((link) => link.getAttribute('href')),
  )
  expect(hrefs.sort()).toEqual(registryPaths.sort())
  expect(indexablePages.length).toBe(registryPaths.length)
})
