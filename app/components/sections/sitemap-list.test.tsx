// @vitest-environment happy-dom
import { cleanup, render, screen, within } from '@testing-library/react'
import { afterEach, expect, test } from 'vitest'
import { SitemapList } from '#app/components/sections/sitemap-list.tsx'
import { sitemapXml } from '#app/lib/content/sitemap-xml.ts'

afterEach(cleanup)

test('the HTML sitemap links the same pages as /sitemap.xml', () => {
  render(<SitemapList />)
  const linked = screen
    .getAllByTestId('sitemap-links')
    .flatMap((list) => within(list).getAllByRole('link'))
    .map((link) => link.getAttribute('href'))
  const inXml = [...sitemapXml(new Map()).matchAll(/<loc>([^<]+)<\/loc>/g)].map(([, loc]) => new URL(loc!).pathname)
  expect(linked.sort()).toEqual(inXml.sort())
  expect(linked).not.toContain('/thank-you')
})

test('groups the pages under their headings (docs/product.md#sitemap-and-not-found)', () => {
  render(<SitemapList />)
  expect(screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual([
    'Company',
    'Services',
    'Industries',
    'Case Studies',
    'Locations',
    'Blog',
    'Blog Topics',
    'Tools and Resources',
    'Legal and Site',
  ])
  const legal = screen.getByRole('region', { name: 'Legal and Site' })
  expect(
    within(legal)
      .getAllByRole('link')
      .map((link) => link.textContent),
  ).toEqual(['Sitemap', 'Privacy Policy', 'Terms of Service'])
})
