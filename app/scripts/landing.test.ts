import { expect, test } from 'vitest'
import { attributionFor } from '#app/lib/leads/attribution.ts'
import { leadSchema } from '#app/lib/leads/lead.ts'
import { recordLanding } from './landing.ts'

/** sessionStorage's behavior, in memory. */
function tabStorage() {
  const items = new Map<string, string>()
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
  }
}

test('the landing page of the visit is kept: its utm parameters and the referring host', () => {
  const storage = tabStorage()
  recordLanding({
    url: 'https://northpeak.example/blog/seo-strategy-2025?utm_source=google&utm_medium=cpc&utm_campaign=audit&gclid=x',
    referrer: 'https://www.google.com/search?q=marketing+audit',
    storage,
  })
  // A later page of the same visit changes nothing.
  recordLanding({
    url: 'https://northpeak.example/contact?utm_source=other',
    referrer: 'https://northpeak.example/blog',
    storage,
  })
  const attribution = attributionFor('/contact', storage)
  expect(attribution).toEqual({
    utm_source: 'google',
    utm_medium: 'cpc',
    utm_campaign: 'audit',
    referrerHost: 'www.google.com',
    page: '/contact',
  })
  // The lead schema takes it as it is.
  expect(leadSchema.parse({ kind: 'popup', email: 'ada@example.com', ...attribution })).toMatchObject(attribution)
})

test('a visit from this site itself or typed in has no source; broken storage costs nothing', () => {
  const storage = tabStorage()
  recordLanding({ url: 'https://northpeak.example/', referrer: 'https://northpeak.example/about', storage })
  expect(attributionFor('/', storage)).toEqual({ page: '/' })

  const broken = {
    getItem: () => {
      throw new Error('SecurityError')
    },
    setItem: () => {},
  }
  expect(() => recordLanding({ url: 'https://northpeak.example/', referrer: '', storage: broken })).not.toThrow()
  expect(attributionFor('/contact', { getItem: () => 'not json' })).toEqual({ page: '/contact' })
})
