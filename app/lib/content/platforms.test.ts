import { expect, test } from 'vitest'
import { contentByPath } from '#app/lib/content/test-collections.ts'
import { platformGroups } from './platforms.ts'

// The home page's platforms strip and the integrations page name the same
// tools: every platform of the strip is listed, in the same words, in the
// integrations page's group it claims (docs/product.md#top-level-pages).

const integrations = contentByPath()
  .pages.get('/integrations')!
  .data.sections.flatMap((section) => (section.type === 'list' ? section.groups : []))

test('every platform of the strip is listed on the integrations page, in its group', () => {
  const missing = platformGroups.flatMap(({ group, platforms }) => {
    const listed = integrations.find((candidate) => candidate.title === group)?.items ?? []
    return platforms
      .filter((platform) => !listed.includes(platform.listed))
      .map((platform) => `${group}: ${platform.listed}`)
  })
  expect(missing).toEqual([])
})

test('the strip covers ads, email, analytics and commerce, and each short name is the listed one or its start', () => {
  expect(platformGroups.map((group) => group.label)).toEqual(['Ads', 'Email', 'Analytics', 'Commerce'])
  for (const platform of platformGroups.flatMap((group) => group.platforms))
    expect(platform.listed.startsWith(platform.name)).toBe(true)
})
