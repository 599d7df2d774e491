import { expect, test } from 'vitest'
import { articleDates } from './queries.server.ts'

test("/sitemap.xml's dates are each article's last review, or its publication date if it has none", () => {
  const dates = articleDates()
  // Reviewed on 2026-11-23 (docs/product.md#article-catalogue); published 2024-01-25.
  expect(dates.get('/blog/mobile-app-trends-2024')).toBe('2026-11-23')
  // Never reviewed: its publication date.
  expect(dates.get('/blog/local-seo-guide')).toBe('2025-01-30')
})
