import { expect, test } from 'vitest'
import { socialCardPages } from '#app/lib/site/social-card.ts'
import { siteCards } from './site-cards.ts'

test("one card per listed page, each with its content's title, an article's with its category", () => {
  const cards = siteCards()
  expect(cards.map((card) => card.page)).toEqual(socialCardPages)
  expect(new Set(cards.map((card) => card.image)).size).toBe(cards.length)
  const article = cards.find((card) => card.page === '/blog/local-seo-guide')
  expect(article).toMatchObject({
    image: '/social/blog/local-seo-guide.png',
    title: 'Local SEO Guide: Google Business Profile, Reviews, Local Pages and Multi-Location Growth',
    kicker: 'Local SEO',
  })
  expect(cards.find((card) => card.page === '/locations/miami')).toMatchObject({
    title: 'Miami Marketing Agency for Bilingual Growth',
    kicker: 'Locations',
  })
})

test('every card is written in characters the bundled font has (fonts/README.md)', () => {
  // Inter's Latin subset: Basic Latin, Latin-1 and general punctuation.
  for (const card of siteCards()) {
    expect(`${card.kicker} ${card.title}`, card.page).toMatch(/^[\u0020-\u007e\u00a0-\u00ff\u2000-\u206f]+$/)
  }
})
